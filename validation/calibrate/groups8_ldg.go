package calibrate

// Helper ldg's groups (session 6):
//   - cp_async_cg_bytes_per_cycle: searched on the cp.async.cg throughput
//     shapes that reach the SM's fill rate (32 and 16 warps of one CTA, four
//     commit groups in flight: 75.6 and 74.7 bytes per cycle on the H200,
//     cpasync_cg16_tput, _w16; the same copies on a Triton-swizzled
//     destination, cpasync8_nosz_swz_tput). cpasync8_selp_* / _reg_* / _ign_*
//     (the src-size forms, same throughput on the GPU) are checks, not fitted.
//   - cp_async_zero_bytes_per_cycle: searched on cpasync8_selp0_swz_tput
//     (the same copies with every lane's src-size 0: zeros only, 55.5
//     bytes per cycle on the H200), after cp_async_cg.
var groups8LDG = []Group{
	{Name: "cp_async_cg", Params: []string{"cp_async_cg_bytes_per_cycle"},
		Benches: []string{"cpasync_cg16_tput", "cpasync_cg16_tput_w16", "cpasync8_nosz_lin_tput", "cpasync8_nosz_swz_tput"},
		Start:   []float64{80}, Lo: []float64{16}, Hi: []float64{256}},
	{Name: "cp_async_zero", Params: []string{"cp_async_zero_bytes_per_cycle"},
		Benches: []string{"cpasync8_selp0_swz_tput"},
		Start:   []float64{64}, Lo: []float64{8}, Hi: []float64{256}},
}

func init() { Groups = append(Groups, groups8LDG...) }
