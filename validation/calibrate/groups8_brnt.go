package calibrate

// groups8Brnt fits the brnt helper's session-6 parameter (issues 13 and 14):
// what a never-taken branch holds its warp.
//
//   - branch_not_taken_cycles, on brnt8_nt16/_nt64 (nvcc's code for C
//     `if (v != 0) goto fail`), brnt8_nm16/_nm64 (the same chain as one PTX
//     block, a mov of the pair's index before each pair). SASS: ISETP, MOV
//     stall 12, BRA stall 5 (a pair of 18 cycles when the compare is next
//     to the branch; nt16 has six of its compares hoisted out of the rep
//     loop: MOV + BRA, 7 cycles); measured 14.0 / 17.0 (nt) and 16.3 /
//     17.6 (nm) cycles a pair for N = 16 / 64, the same on both GPUs,
//     against 29 for a counted loop's closing (taken) branch (brloop8_*).
//     brnt8_ns* (the predicates made outside the timed region, each through
//     selp + setp before its branch) have nm's SASS (ptxas recomputes each
//     compare next to its branch: selpfold.go keeps that setp) and are not
//     fitted (they would count nm twice).
//     brnt8_na* (ptxas merges the compares into ISETP.NE.OR chains, one BRA
//     per seven) fit branch_or_chain_cycles (groups9_brsh.go); brnt8_tk*
//     (taken branches over two adds: ptxas predicates the adds, no BRA;
//     brshape.go) and brnt8_nb* (predicated adds, no branch; nb16's SASS
//     spills predicates with P2R) are simulated, not fitted.
//     Not modelled: ptxas hoists loop-invariant compares of these chains
//     out of the rep loop into free predicate registers (nt: six, nm: four
//     of them cost MOV + BRA, 7 cycles), which leaves nt16 and na16 slow.
var groups8Brnt = []Group{
	{Name: "branch_not_taken", Params: []string{"branch_not_taken_cycles"},
		Benches: []string{"brnt8_nt16", "brnt8_nt64", "brnt8_nm16", "brnt8_nm64"},
		Start:   []float64{5}, Lo: []float64{0}, Hi: []float64{30}},
}

// init puts the group right after the pipe latencies (groups8_core.go's
// init, which runs after this one, puts the loop's branch group before it).
func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "warp_latency" {
			out = append(out, groups8Brnt...)
		}
	}
	Groups = out
}
