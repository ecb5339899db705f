package calibrate

// Session 23, i64 lane (validation/timing/i64_23.md):
//
//   - atom_reduce_nolane_cycles: the REDUX.SUM chain before the first
//     warp-reduced shared atomic of a stretch whose S2R SR_LANEID ptxas
//     hoists out of the loop (8 atomics an iteration: atom15_red8's SASS),
//     from the REDUX's issue; fitted on atom15_red8 at 1, 8 and 32 warps.
func init() {
	Groups = append(Groups, groups23I64...)
}

var groups23I64 = []Group{
	{Name: "atom_reduce_nolane", Params: []string{"atom_reduce_nolane_cycles"},
		Benches: []string{"atom15_red8_w1", "atom15_red8_w8", "atom15_red8_w32"},
		Start:   []float64{60}, Lo: []float64{0}, Hi: []float64{300}},
}
