package calibrate

// groupsGload fits l1_load_hold_cycles (sim/sm/lsu.go, loadLineHold): how
// many of a warp's multi-line load's lines may still wait for the port
// when the warp issues again. Searched on one warp's loads of 4 to 32
// lines in gls.cu's loop (ALU work between the loads) and gls2.cu's (the
// loads back to back), their 128-bit coalesced loads (4 lines) and
// gld_line_w1 (32 lines), after the port group l1_port (groups6_store.go).
var groupsGload = []Group{
	{Name: "l1_load_hold", Params: []string{"l1_load_hold_cycles"},
		Benches: []string{"gls_ld32_l4_w1", "gls_ld32_l8_w1", "gls_ld32_l16_w1", "gls_ld32_l32_w1", "gls_ld64_epi_w1",
			"gls2_ld32_l8_w1", "gls2_ld32_l32_w1", "gls2_ld64_epi_w1", "gls_ld128_coal_w1", "gls2_ld128_coal_w1",
			"gld_line_w1"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{3}, Lo: []float64{0}, Hi: []float64{16}},
}

func init() {
	Groups = append(Groups, groupsGload...)
}
