package calibrate

// groups29SGP fits the store queue's SM-wide depth (sim/sm/storequeue.go,
// session 29, validation/timing/sgp29.md): store_queue_sm_requests, the
// global store requests the SM's warps together hold before the L1 starts
// them (one warp still holds at most store_queue_requests), searched on
// the epilogues of 8 warps storing 64 KiB of f32 accumulators (sgp's
// store variants: epi_cycles from the loop's end to the last store's
// issue, drain_cycles of the GPU-scope fence after them) and the 8-warp
// store bursts store_queue fits on (tailst_*_c1's issue_cycles). Store
// microbenchmarks only; the grid first (the figures step with the depth).
var groups29SGP = []Group{
	{Name: "store_queue_sm", Params: []string{"store_queue_sm_requests"},
		Benches: []string{"sgp_k0_c1", "sgp_k0_c1_fence", "sgp_k0_c1_spin", "sgp_k64_c1", "sgp_k64_c1_spin",
			"sgp_k512_c1", "sgp_k512_c1_fence", "sgp_k512_c1_spin", "sgp_k512_c1_nowg", "sgp_k512_c1_one",
			"sgp_k512_c16", "sgp_k1024_c4",
			"tailst_f32_k16_c1", "tailst_f32_k32_c1", "tailst_f64_k64_c1", "tailst_v4_k64_c1"},
		Figures: []string{"epi_cycles", "drain_cycles", "issue_cycles"},
		Start:   []float64{36}, Lo: []float64{24}, Hi: []float64{64}, Scan: 10},
}

func init() { Groups = append(Groups, groups29SGP...) }
