package calibrate

// groupsTMA6 fits the parameters the tma6 microbenchmarks measure
// (tools/microbench/gen6_tma.py; sim/sm/tma_hold.go), each searched on
// its own benchmarks:
//
//   - tensormap_replace_shared_cycles, tensormap_replace_global_cycles,
//     tensormap_cp_fenceproxy_cycles, fence_tensormap_release_cycles,
//     fence_tensormap_acquire_cycles, prefetch_tensormap_cycles,
//     bulk_prefetch_cycles, fence_proxy_async_cycles: how long the warp
//     issues nothing else after one of these, on t6rep_rep_s, _rep_g,
//     _cpfp, _rel, _acq, _pf_map, _pf_tensor, _fence_async (one op per
//     loop iteration); t6rep_path_g and _path_s (the edit paths) are only
//     compared;
//   - bulk_wait_min_cycles: wait_group 0 with nothing in flight, on the
//     phase t6red_none and t6red_acq time it in;
//   - bulk_branch_cycles: a taken branch after a TMA/bulk store or
//     reduction, on t6st_* (1, 2 or 4 stores per loop iteration, each
//     among taken branches), tmast_{store,add}_256b_group and tmast4_*
//     (one per loop iteration, in one bulk group);
//   - mbar_arrive_interval_cycles: the SM's arrive / complete_tx rate, on
//     t6tx_ctx_u4 (complete_tx, 4 per loop iteration);
//   - mbar_arrive_wait_cycles: a wait on the mbarrier the warp just
//     arrived on, on t6tx_twctx_u4 (complete_tx, test_wait pairs, 4 per
//     loop iteration as ptxas unrolls them; _l1, one pair per iteration,
//     adds 42 cycles a pair of loop code (YIELD, a taken branch) the
//     model does not charge: compared, not fitted).
var groupsTMA6 = []Group{
	hold6("tensormap_replace_shared", "tensormap_replace_shared_cycles", "t6rep_rep_s"),
	hold6("tensormap_replace_global", "tensormap_replace_global_cycles", "t6rep_rep_g"),
	hold6("tensormap_cp_fenceproxy", "tensormap_cp_fenceproxy_cycles", "t6rep_cpfp"),
	hold6("fence_tensormap_release", "fence_tensormap_release_cycles", "t6rep_rel"),
	hold6("fence_tensormap_acquire", "fence_tensormap_acquire_cycles", "t6rep_acq"),
	hold6("prefetch_tensormap", "prefetch_tensormap_cycles", "t6rep_pf_map"),
	hold6("bulk_prefetch", "bulk_prefetch_cycles", "t6rep_pf_tensor"),
	hold6("fence_proxy_async", "fence_proxy_async_cycles", "t6rep_fence_async"),
	{Name: "bulk_wait_min", Params: []string{"bulk_wait_min_cycles"}, Benches: []string{"t6red_none", "t6red_acq"},
		Figures: []string{"wait_cycles"}, Start: []float64{30}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "bulk_branch", Params: []string{"bulk_branch_cycles"}, Benches: []string{"t6st_*", "tmast_store_256b_group", "tmast_add_256b_group", "tmast4_*"},
		Start: []float64{60}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "mbar_arrive_interval", Params: []string{"mbar_arrive_interval_cycles"}, Benches: []string{"t6tx_ctx_u4"},
		Start: []float64{10}, Lo: []float64{0}, Hi: []float64{200}},
	{Name: "mbar_arrive_wait", Params: []string{"mbar_arrive_wait_cycles"}, Benches: []string{"t6tx_twctx_u4"},
		Start: []float64{60}, Lo: []float64{0}, Hi: []float64{500}},
}

// hold6 is a one-parameter search on one t6rep benchmark.
func hold6(name, param, bench string) Group {
	return Group{Name: name, Params: []string{param}, Benches: []string{bench},
		Start: []float64{100}, Lo: []float64{0}, Hi: []float64{2000}}
}

func init() { Groups = append(Groups, groupsTMA6...) }
