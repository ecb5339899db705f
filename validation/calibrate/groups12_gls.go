package calibrate

// groups12GLS fits one warp's operand read-out to the LSU
// (lsu_warp_bytes_per_cycle, sim/sm/lsuwarp.go) together with the
// sub-partition's port (l1_port_bytes_per_cycle, sim/sm/lsu.go), on the
// gls2 stores whose loop is the stores alone (STG.E [R+imm] back to back
// in ptxas's SASS, sim/sm/addrfold.go): one warp (gls2_st32_coal_w1,
// gls2_st64_coal_w1: the warp's rate), two warps of one sub-partition
// (gls2_st32_coal_p04, gls2_st64_coal_p04: the port) and of two
// (gls2_st32_coal_p01: neither shared). Recorded on both GPUs.
var groups12GLS = []Group{
	{Name: "lsu_warp", Params: []string{"l1_port_bytes_per_cycle", "lsu_warp_bytes_per_cycle"},
		Benches: []string{"gls2_st32_coal_w1", "gls2_st64_coal_w1", "gls2_st32_coal_p04", "gls2_st64_coal_p04",
			"gls2_st32_coal_p01"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{64, 52}, Lo: []float64{8, 8}, Hi: []float64{512, 512}},
}

func init() { Groups = append(Groups, groups12GLS...) }
