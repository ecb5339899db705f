package calibrate

// groups14BulkRed fits what the tailst bulk-store and bulk-reduction cases
// (tools/microbench/gen9_tail.py BR_CASES, helper bulkred, session 11)
// measure: 8 warps of each CTA issue 16 cp.async.bulk stores or
// cp.reduce.async.bulk .add.u32 reductions of 512 bytes and wait for them
// (wait_group.read 0, or wait_group 0 in the _w cases), one CTA per SM;
// issue_cycles is the slowest warp's time.
//
//   - bulk_reduce_min_cycles: the engine's floor per non-tensor bulk
//     reduction, searched on one and eight SMs (tailst_bred_k64_c1, _c8,
//     tailst_bredw_k64_c1: the L2 is not the limit there);
//   - l2_tma_store_bytes_per_l2_cycle, l2_tma_reduce_bytes_per_l2_cycle:
//     the L2 write queues' rates for TMA/bulk stores and reductions
//     (sim/gpu l2kind.go), searched on 132 SMs (tailst_bulk_k64_c132,
//     tailst_bulkw_k64_c132; tailst_bred_k64_c132, _bredw_k64_c132).
//     The 62-SM cases are not fitted: there the slowest warps are those of
//     CTAs 0-7 alone (SMs 124-131, firstWaveOrder), 15-20% slower than
//     the rest, which the model does not have.
var groups14BulkRed = []Group{
	{Name: "bulk_reduce_slot", Params: []string{"bulk_reduce_min_cycles"},
		Benches: []string{"tailst_bred_k64_c1", "tailst_bred_k64_c8", "tailst_bredw_k64_c1"}, Figures: []string{"issue_cycles"},
		Start: []float64{22}, Lo: []float64{0}, Hi: []float64{200}},
	{Name: "l2_tma_store", Params: []string{"l2_tma_store_bytes_per_l2_cycle"},
		Benches: []string{"tailst_bulk_k64_c132", "tailst_bulkw_k64_c132"}, Figures: []string{"issue_cycles"},
		Start: []float64{2400}, Lo: []float64{300}, Hi: []float64{8000}},
	{Name: "l2_tma_reduce", Params: []string{"l2_tma_reduce_bytes_per_l2_cycle"},
		Benches: []string{"tailst_bred_k64_c132", "tailst_bredw_k64_c132"}, Figures: []string{"issue_cycles"},
		Start: []float64{1800}, Lo: []float64{300}, Hi: []float64{8000}},
}

func init() { Groups = append(Groups, groups14BulkRed...) }
