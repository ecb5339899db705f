package calibrate

// groups35L1Carve: the L1 beside a shared-memory carveout (sim/gpu
// l1carve.go, validation/timing/cpa35.md): l1_carveout_lost_bytes on the
// twelve cpl1 figures (cp.async.ca re-reading 56..72 KiB beside 64 KiB of
// shared memory, 1, 2 and 4 warps, 1 and 4 groups in flight) and
// cpasync_k29_ca16_w2 (the same kernel, 64 KiB, session 29); H200
// recordings only. l1_carveout_ways is the profile's (a structure, 4: the
// form cpa35's 105-point probe picks, cpa35.md). A grid first: the cost is
// a step function of the bytes (the set count changes every ways x 128
// bytes). Reads no other family.
var groups35L1Carve = []Group{
	{Name: "l1_carveout", Params: []string{"l1_carveout_lost_bytes"},
		Benches: []string{"cpasync_cpl1_*", "cpasync_k29_ca16_w2"}, Figures: []string{"bytes_per_cycle_per_sm"},
		Start: []float64{6144}, Lo: []float64{0}, Hi: []float64{12288}, Scan: 24},
}

func init() { Groups = append(Groups, groups35L1Carve...) }
