package calibrate

// groups13GLS fits one warp's LSU hand-off of a global load through L1
// (lsu_load_bytes_per_cycle, sim/sm/lsuwarp.go), after lsu_warp (the
// stores' read-out, groups12_gls.go): one warp's coalesced 32-bit loads
// whose loop issues them back to back (gls2_ld32_coal_w1: 16 LDG.E
// [R+imm] in ptxas's SASS, the first nine before any fold,
// tools/microbench/gls_sass_ldg.txt; 10.9 cycles a load on the H200 where
// the stores' read-out alone gives 8.9). The 64- and 128-bit loads of
// gls2 keep six and four in flight in SASS (the registers ptxas gives
// them), so their loops wait on the loads' latency and their folds: they
// are compared, not fitted.
var groups13GLS = []Group{
	{Name: "lsu_load", Params: []string{"lsu_load_bytes_per_cycle"},
		Benches: []string{"gls2_ld32_coal_w1"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{43}, Lo: []float64{8}, Hi: []float64{512}},
}

func init() { Groups = append(Groups, groups13GLS...) }

// groups21GLS fits the carry of a 64-bit address add (sim/sm/carry.go):
// one warp's coalesced 32-bit loads each after its own 64-bit add of a
// runtime offset (gls.cu: gls_ld32_coal_w1, gls_ld32_l2_w1) and its
// 128-bit loads (gls_ld128_coal_w1). ptxas's control words give at least
// 4 cycles (validation/timing/gls21.md); gls2.cu's loads ([R+imm]) do not
// read it.
var groups21GLS = []Group{
	{Name: "alu_carry", Params: []string{"alu_carry_latency_cycles"},
		Benches: []string{"gls_ld32_coal_w1", "gls_ld32_l2_w1", "gls_ld128_coal_w1"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{4}, Lo: []float64{0}, Hi: []float64{12}},
}

func init() { Groups = append(Groups, groups21GLS...) }
