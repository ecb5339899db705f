package calibrate

// groups32Fit: the session-32 parameters fitted on simulated figures,
// searched like the other groups so that `calibrate` refits them from the
// recordings (the lanes had chosen them by hand-run scans):
//
//   - tma_load_loop_slot_pct (sim/sm tmaloopslots.go,
//     validation/timing/tmah32.md): the issue slots a TMA load's hold gives
//     up to the other warps of its sub-partition; the 32 thread-0
//     ELECT-loop loads of tmah_ovl_n32_1k beside warp 4's FFMA chains,
//     judged on their issue_cycles (the stretch the hold sets). Its elected
//     twin, tma_load_elected_slot_pct, is fitted by tma_load_elected_slots
//     (groups33_tmah.go);
//   - lsu_wide_store_hold_fraction (sim/sm lsuwarp.go, storerepack.go,
//     validation/timing/gls32.md): the share of a repacked vector store's
//     read-out its warp waits, on the one-warp coalesced 64- and 128-bit
//     store loops.
var groups32Fit = []Group{
	{Name: "tma_load_loop_slots", Params: []string{"tma_load_loop_slot_pct"},
		Benches: []string{"tmah_ovl_n32_1k"}, Figures: []string{"issue_cycles"},
		Start: []float64{205}, Lo: []float64{0}, Hi: []float64{400}, Scan: 40},
	{Name: "lsu_wide_store_hold", Params: []string{"lsu_wide_store_hold_fraction"},
		Benches: []string{"gls_st64_coal_w1", "gls_st64_r8g8_w1", "gls_st128_coal_w1"}, Figures: []string{"cycles_per_access"},
		// from 0.5 with both bounds tried first: started on the bound 1 the
		// bounded search never left it ("no effect on its benchmarks")
		Start: []float64{0.5}, Lo: []float64{0}, Hi: []float64{1}, Scan: 1},
}

func init() { Groups = append(Groups, groups32Fit...) }
