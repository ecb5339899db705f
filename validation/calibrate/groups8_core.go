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
//   - fence_gpu_cycles alone times the SASS of a GPU-scope fence
//     (MEMBAR.ALL.GPU, ERRBAR, CGAERRBAR, CCTL.IVALL), which a default
//     (.release) barrier.cluster.arrive also compiles to: fit8's fence_gpu
//     group (fence7_acqrel_cluster/_gpu, fence7_sc_gpu) is searched on
//     cluster_bar_c1..c8 too, in the place of the cluster_fence group it
//     replaces (right after cluster_barrier, before the TMA fence drain).
var groups8Core = []Group{
	{Name: "branch", Params: []string{"branch_latency_cycles", "branch_predicate_cycles"},
		Benches: []string{"brloop8_b1", "brloop8_b4", "fence7_mbinit"},
		Start:   []float64{8, 8}, Lo: []float64{0, 0}, Hi: []float64{60, 60}},
}

// init puts the branch group right after the pipe latencies (every later
// group's loops run with it) and the merged fence_gpu group right after
// cluster_barrier.
func init() {
	var fence Group
	for _, g := range Groups {
		if g.Name == "fence_gpu" {
			fence = g
		}
	}
	if fence.Name == "" {
		panic("calibrate: groups8_core: fit8's fence_gpu group is missing")
	}
	fence.Benches = append(append([]string(nil), fence.Benches...), "cluster_bar_c1", "cluster_bar_c2", "cluster_bar_c4", "cluster_bar_c8")
	var out []Group
	for _, g := range Groups {
		if g.Name == "fence_gpu" {
			continue
		}
		out = append(out, g)
		switch g.Name {
		case "warp_latency":
			out = append(out, groups8Core...)
		case "cluster_barrier":
			out = append(out, fence)
		}
	}
	Groups = out
}
