package calibrate

// groups33Tmah: tma_load_elected_slot_pct (sim/sm tmaloopslots.go,
// validation/timing/tmah32.md, tmah33.md), the issue slots an elected TMA
// load's hold gives up to the other warps of its sub-partition: the 32
// elected loads of tmah_ovl_n32_1k_elect beside warp 4's FFMA chains,
// judged on their issue_cycles, the stretch the holds set, as its
// ELECT-loop twin tma_load_loop_slots is (groups32_fit.go). Not on
// done_cycles: that adds the last load's landing, whose own error the
// elected loads show alone (tmah_blk_n32_1k_elect done_cycles +17% on the
// H200 with no neighbour), and with it the search gives 92 on the H200 and
// 88 on the H100 (issue 451 / 449 against 465) on a nearly flat cost. 97 on
// both GPUs (the session-32 value 90 was a hand-run scan).
var groups33Tmah = []Group{
	{Name: "tma_load_elected_slots", Params: []string{"tma_load_elected_slot_pct"},
		Benches: []string{"tmah_ovl_n32_1k_elect"}, Figures: []string{"issue_cycles"},
		Start: []float64{90}, Lo: []float64{0}, Hi: []float64{200}, Scan: 20},
}

func init() { Groups = append(Groups, groups33Tmah...) }
