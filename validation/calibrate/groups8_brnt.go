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
//   - branch_chain_hoist_compares, on the same four, jointly (session 18,
//     branch18.md): ptxas computes loop-invariant compares of these chains
//     before the rep loop into free predicate registers (nt: six, nm: four;
//     their pairs cost MOV + BRA, 7 cycles; sim/sm/chainhoist.go). Before
//     it was modelled branch_not_taken_cycles fitted 2 against the SASS's
//     BRA stall of 5, absorbing the hoisted pairs' missing compare wait.
var groups8Brnt = []Group{
	{Name: "branch_not_taken", Params: []string{"branch_not_taken_cycles", "branch_chain_hoist_compares"},
		Benches: []string{"brnt8_nt16", "brnt8_nt64", "brnt8_nm16", "brnt8_nm64"},
		Start:   []float64{5, 6}, Lo: []float64{0, 0}, Hi: []float64{12, 12}, Scan: 12},
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
