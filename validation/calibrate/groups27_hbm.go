package calibrate

// groups27HBM fits HBM's queueing latency below its bandwidth limit
// (validation/timing/hbm27.md; sim/gpu l2queue.go):
//
//   - dram_queue_cycles: a miss's extra latency is dram_queue_cycles x
//     rho/(1-rho), rho HBM's recent utilisation. Searched on the copy at 16
//     and 33 SMs (gmem_copy_c16, _c33, bytes_per_cycle_per_sm): below 16
//     SMs HBM carries under 40% of its rate and one SM's L1 sets the copy's
//     rate (copy26.md); at 66 and 132 SMs the rate itself
//     (dram_bytes_per_ns) does. Both are SIM_SKIP: the fit needs --heavy.
var groups27HBM = []Group{
	{Name: "dram_queue", Params: []string{"dram_queue_cycles"},
		Benches: []string{"gmem_copy_c16", "gmem_copy_c33"}, Figures: []string{"bytes_per_cycle_per_sm"},
		Start: []float64{200}, Lo: []float64{0}, Hi: []float64{600}},
}

func init() { Groups = append(Groups, groups27HBM...) }
