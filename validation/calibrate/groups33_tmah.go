package calibrate

// groups33Tmah: tma_load_elected_slot_pct (sim/sm tmaloopslots.go,
// validation/timing/tmah32.md, tmah33.md), the issue slots an elected TMA
// load's hold gives up to the other warps of its sub-partition: judged on
// what warp 4's FFMA chains add to the 32 elected loads' issue_cycles,
// tmah_ovl_n32_1k_elect less tmah_blk_n32_1k_elect (the same loads alone;
// GPU 465 - 357 = 108 on both GPUs). The loads' own hold alone is
// tma_load_elected_issue_cycles' (tmah_blk_n32_1k_elect issue -7.6% at the
// base): judged on tmah_ovl_n32_1k_elect's issue_cycles alone the search
// took that error in as slots (97), on its issue and done cycles 92 on the
// H200 and 88 on the H100 (done adds the last landing, whose own error
// tmah_blk_n32_1k_elect done_cycles shows, +17% on the H200).
var groups33Tmah = []Group{
	{Name: "tma_load_elected_slots", Params: []string{"tma_load_elected_slot_pct"},
		Benches: []string{"tmah_ovl_n32_1k_elect", "tmah_blk_n32_1k_elect"}, Figures: []string{"issue_cycles"},
		Less:  "tmah_blk_n32_1k_elect",
		Start: []float64{90}, Lo: []float64{0}, Hi: []float64{200}, Scan: 20},
}

func init() { Groups = append(Groups, groups33Tmah...) }
