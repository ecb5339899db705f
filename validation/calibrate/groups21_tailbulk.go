package calibrate

// The family tbulk of tools/microbench/gen21_tailbulk.py (session 21,
// helper tailbulk; derivation: family bulkst, groups22_bulkst.go) takes
// tailst_bulk's stores apart: plain bulk stores whose operands come from
// threadIdx.x get ptxas's R2UR loop (R2UR, R2UR.OR x2, PLOP3s, UBLKCP.G.S,
// a not-taken BRA.U.ANY; no ELECT) and hold one warp ~77 cycles a store
// straight-line (tbulk_t1_*_n8_el: 256 B, 512 B and 1 KiB alike) and ~100
// an iteration in tailst's loop (tbulk_l1_512b_n16_el_half), where
// uniform operands give 28 and 43. validation/timing/tailbulk21.md.

// groupBulkStoreR2UR: the hold of such a store (sim/sm/tma_hold.go), on
// the one-warp kernels, where nothing else limits the pace (8 warps of
// 512 B or more are engine-bound).
var groupBulkStoreR2UR = Group{Name: "bulk_store_r2ur", Params: []string{"bulk_store_r2ur_cycles"},
	Benches: []string{"tbulk_t1_256b_n8_el", "tbulk_t1_512b_n8_el", "tbulk_t1_1k_n8_el", "tbulk_l1_512b_n16_el_half",
		"tbulk_l8_256b_n16_el_half"},
	Needs: []string{"tbulk_t1_512b_n8_el"},
	Start: []float64{60}, Lo: []float64{0}, Hi: []float64{150}, Scan: 30}
