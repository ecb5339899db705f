package calibrate

// groups8Core fits the core helper's session-6 parameters (issues 13 and
// 15): the cost of a loop's branch.
//
//   - branch_latency_cycles (how long a branch holds its warp) and
//     branch_predicate_cycles (how much later than arithmetic a branch
//     reads a setp's predicate), searched together on brloop8_b1/_b4 (a
//     counted loop of one or four adds: the compare-to-branch chain
//     bounds it, 29 cycles an iteration on both GPUs; SASS UIADD3, VIADD,
//     ISETP with stall 13, BRA with stall 5) and fence7_mbinit (sixteen
//     fence.mbarrier_init, NOPs in SASS, hide the compare: issue-bound, 28
//     cycles an iteration).
//
// cluster_fence_cycles (cluster_bar_c1..c8) and fence_gpu_cycles
// (fence7_acqrel_cluster/_gpu, fence7_sc_gpu) time the same SASS
// (MEMBAR.ALL.GPU, ERRBAR, CGAERRBAR, CCTL.IVALL). Session 6 fitted one
// parameter on all seven (commit 777bd84b): H200 276 cycles, rms 4.1%
// against 2.2% and 0.1% for the two; cluster_bar_c8 -3.3% -> -6.9% and
// t7mc_baronly -3.2% -> -5.5% left the 5% band (H100 685: cluster_bar_c8
// -4.3% -> -6.0%). The fit did not stay as good: the two stay apart.
var groups8Core = []Group{
	{Name: "branch", Params: []string{"branch_latency_cycles", "branch_predicate_cycles"},
		Benches: []string{"brloop8_b1", "brloop8_b4", "fence7_mbinit"},
		Start:   []float64{8, 8}, Lo: []float64{0, 0}, Hi: []float64{60, 60}},
}

// init puts the branch group right after the pipe latencies (every later
// group's loops run with it).
func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "warp_latency" {
			out = append(out, groups8Core...)
		}
	}
	Groups = out
}
