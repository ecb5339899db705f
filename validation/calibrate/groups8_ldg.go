package calibrate

// Helper ldg's groups (session 6):
//   - cp_async_cg_bytes_per_cycle: searched on the cp.async.cg throughput
//     shapes that reach the SM's fill rate (32 and 16 warps of one CTA, four
//     commit groups in flight: 75.6 and 74.7 bytes per cycle on the H200,
//     cpasync_cg16_tput, _w16; the same copies on a Triton-swizzled
//     destination, cpasync8_nosz_swz_tput). cpasync8_selp_* / _reg_* / _ign_*
//     (the src-size forms, same throughput on the GPU) are checks, not fitted.
//   - cp_async_ca_fill_scv_pct, cp_async_cg_fill_scv_pct (session 29,
//     helper cpa): the fill time's variability in the mean-value
//     analysis of a copy's queueing wait (sim/sm/cpfill.go), searched on
//     the knee of each fill (4 to 16 warps, 4 copies in flight each; the
//     cpasync_k29_* H200 recordings of 6 and 12 warps where they exist).
//   - cp_async_zero_bytes_per_cycle: searched on cpasync8_selp0_swz_tput
//     (the same copies with every lane's src-size 0: zeros only, 55.5
//     bytes per cycle on the H200), after cp_async_cg.
var groups8LDG = []Group{
	{Name: "cp_async_cg", Params: []string{"cp_async_cg_bytes_per_cycle"},
		Benches: []string{"cpasync_cg16_tput", "cpasync_cg16_tput_w16", "cpasync8_nosz_lin_tput", "cpasync8_nosz_swz_tput"},
		Start:   []float64{80}, Lo: []float64{16}, Hi: []float64{256}},
	{Name: "cp_async_ca_fill_scv", Params: []string{"cp_async_ca_fill_scv_pct"},
		Benches: []string{"cpasync_ca16_tput_w4", "cpasync_ca16_tput_w8", "cpasync_k29_ca16_w6", "cpasync_k29_ca16_w12"},
		Start:   []float64{100}, Lo: []float64{0}, Hi: []float64{800}},
	{Name: "cp_async_cg_fill_scv", Params: []string{"cp_async_cg_fill_scv_pct"},
		Benches: []string{"cpasync_cg16_tput_w8", "cpasync_cg16_tput_w16", "cpasync_k29_cg16_w6", "cpasync_k29_cg16_w12", "cpasync8_nosz_swz_tput_w8"},
		Start:   []float64{100}, Lo: []float64{0}, Hi: []float64{800}},
	{Name: "cp_async_zero", Params: []string{"cp_async_zero_bytes_per_cycle"},
		Benches: []string{"cpasync8_selp0_swz_tput"},
		Start:   []float64{64}, Lo: []float64{8}, Hi: []float64{256}},
}

func init() { Groups = append(Groups, groups8LDG...) }
