package calibrate

// groups28HBMQ fits each SM's lines in flight at the L2 (sim/gpu
// meminflight.go, validation/timing/hbmq28.md):
//
//   - sm_inflight_lines: bounded from both sides by the copy at 33 SMs
//     (gmem_copy_c33: loads and stores in flight, latency-bound where HBM
//     waits ~300 cycles more) and one to four SMs reading L2 (l2bw_ld_c1,
//     _c2, _c4: ~31 KiB of loads in flight a SM, no stores). gmem_copy_c33 is
//     SIM_SKIP: the fit needs --heavy. Integer lines.
var groups28HBMQ = []Group{
	{Name: "sm_inflight", Params: []string{"sm_inflight_lines"},
		Benches: []string{"gmem_copy_c33", "l2bw_ld_c1", "l2bw_ld_c2", "l2bw_ld_c4"},
		Figures: []string{"bytes_per_cycle_per_sm", "bytes_per_sm_cycle"},
		Start:   []float64{256}, Lo: []float64{128}, Hi: []float64{512}},
}

func init() { Groups = append(Groups, groups28HBMQ...) }
