package calibrate

// groups9Brsh fits the brsh helper's session-7 parameter (issues 13 and
// 14): ptxas's merged compare chains (sim/sm/brshape.go).
//
//   - branch_or_chain_cycles, on brnt8_na16/_na64: straight-line
//     `setp.ne.s32 p, v, 0; @p bra FAIL` pairs with nothing in between,
//     which ptxas turns into ISETP.NE.AND + ISETP.NE.OR chains of seven
//     compares and one BRA (SASS of both GPUs: stall 4 between the
//     compares, 13 before the BRA, 5 after it); measured 6.31 / 6.03
//     cycles a pair (N = 16 / 64), the same on both GPUs. The chain's
//     BRA takes branch_predicate_cycles and branch_not_taken_cycles
//     (fitted before, on brnt8_nt*/nm*).
var groups9Brsh = []Group{
	{Name: "branch_or_chain", Params: []string{"branch_or_chain_cycles"},
		Benches: []string{"brnt8_na16", "brnt8_na64"},
		Start:   []float64{4}, Lo: []float64{1}, Hi: []float64{12}},
}

// init puts the group right after branch_not_taken (groups8_brnt.go).
func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "branch_not_taken" {
			out = append(out, groups9Brsh...)
		}
	}
	Groups = out
	// groups12_jumptab.go's group (its own init runs before the groups it
	// needs exist) goes after the bulk-reduction and branch groups (its
	// loops hold bulk reductions and branches) and before the tensor-map
	// groups, whose t6rep_* loops pick their operation by a switch that
	// ptxas makes a jump table (tma6rep.cu).
	out = nil
	for _, g := range Groups {
		if g.Name == "tensormap_replace_shared" {
			out = append(out, groups12Jumptab...)
		}
		out = append(out, g)
	}
	Groups = out
}
