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
//     cycles an iteration). fence7_mbinit alone decided the split between the
//     two, and it is a poor judge: its figure is clk / (8 iterations x 16)
//     with the loop's entry and exit inside (about 50 of its 276 cycles).
//     Session 13 added brsplit13_* (gen13_brsplit.py, same %clock64 method as
//     brloop8: t(72 trips) - t(8 trips)), where the two enter in different
//     combinations: k4/k8/k12 (NOPs under the compare chain: latency +
//     predicate, 28.4 cycles), k24 (24 NOPs hide the compare: latency only,
//     35.4), c4/c8 (a dependent IMAD chain of 4 / 8, counter exit: the
//     compare off the chain; 29.0 / 39.0), x1/x4/x8 (the loop exits on the
//     chain's value: chain, compare and branch in series; 29.0 / 39.8 /
//     55.8). Identical on the H200 and the H100; every loop is the sum of
//     its SASS stall counts (ISETP 13 before the BRA, BRA 5) plus 4.4-5
//     cycles for the taken branch's refetch (x1's one-step chain is a
//     UIMAD: the lanes' x is uniform). k24 and c8 fix the latency (13/6:
//     +10.9% and +7.7%; 10/9: +2.4% and 0.0%; 9/10: -0.4% and -2.6%): the
//     fit on all twelve gives 9/10 on both GPUs (rms 1.50%, 10/9 1.58%).
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
		Benches: []string{"brloop8_b1", "brloop8_b4", "fence7_mbinit",
			"brsplit13_k4", "brsplit13_k8", "brsplit13_k12", "brsplit13_k24",
			"brsplit13_c4", "brsplit13_c8", "brsplit13_x1", "brsplit13_x4", "brsplit13_x8"},
		Start: []float64{8, 8}, Lo: []float64{0, 0}, Hi: []float64{60, 60}},
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
