package calibrate

// groups28Cute fits the L1's merging of partly written lines across warps
// (sim/sm/storemerge.go, session 28, validation/timing/cute28.md):
// store_merge_window_cycles, how long after another warp's plain store wrote
// part of a line a store's partly written write of the same line still
// merges with it (no l1_store_partial_cycles). Searched on the CuTe tutorial
// GEMM's epilogue stores alone (gen28_cute.py, gls28.cu: st.global.u16 at the
// wgmma accumulator layout, 4 lines x 16 B a store, 4 warps of one CTA) with
// the 4 warps writing sectors 0-3 of the same lines, in the kernel's order
// (5.4 cycles a store on the H200) and with a warp's other half next (5.7),
// and each warp on its own lines in both orders (8.2 and 8.1: nothing to
// merge; the check that the rule leaves them), H200 recordings.
var groups28Cute = []Group{
	{Name: "store_merge", Params: []string{"store_merge_window_cycles"},
		Benches: []string{"gls28_cute16_w4", "gls28_cute16_adj_w4", "gls28_cute16_own_w4", "gls28_cute16_own_adj_w4"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{10}, Lo: []float64{0}, Hi: []float64{100}},
}

func init() { Groups = append(Groups, groups28Cute...) }
