package calibrate

import (
	"fmt"
	"math"
)

// groups5 fits the parameters the gen5 microbenchmarks measure (appended
// to Groups after groups3; async_latency_cycles comes before them):
//
//   - smem_atom_extra_cycles: closed form, atom_shared_distinct_lat minus
//     smem_ld32_s1_lat (one wavefront each).
//   - suspend_cycles: how long a converged warp's failing try_wait sleeps
//     whatever its hint; searched on mbwait_nohint, mbwait_h1000 and
//     mbwait3_l32 (one try_wait, selp and add per op).
//   - mbar_after_store_cycles: an mbarrier operation behind a global store;
//     searched on mbtput_test_st (test_wait, selp, st.global triples).
//   - bulk_lane_cycles: ptxas's loop over the lanes of a bulk copy;
//     closed form, the least-squares slope of bulkl_l1, _l2, _l8, _l32's
//     issue figure over the lanes (the completion after it is the TMA
//     engine's).
//   - bulk_issue_cycles: from a plain (non-tensor) bulk load to its first
//     request; searched on the cold single-CTA bulk loads of tailld_bulk*,
//     tailtm_bulk* and coldl_bulkld4k, after tma_hbm_extra_cycles (group
//     tma_hbm); a cold load does not see bulk_hit_saving_cycles.
//   - bulk_load_issue_cycles (groups21_bulk18.go): the hold after a plain
//     bulk copy's ELECT loop, on bulk18_cp*'s issue_cycles;
//   - bulk_hit_saving_cycles: how much sooner than a load's L2 hit a plain
//     bulk load whose lines are in L2 completes; searched on the bulkl
//     round trips (warm), after bulk_issue_cycles.
var groups5 = []Group{
	{Name: "smem_atom", Params: []string{"smem_atom_extra_cycles"}, Benches: []string{"atom_shared_distinct_lat"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, err := figure(rec, "atom_shared_distinct_lat", "cycles_per_inst")
			if err != nil {
				return 0, "", err
			}
			l, err := figure(rec, "smem_ld32_s1_lat", "cycles_per_inst")
			if err != nil {
				return 0, "", err
			}
			return math.Round(a - l), fmt.Sprintf("fit: closed form, atom_shared_distinct_lat cycles_per_inst %.4g - smem_ld32_s1_lat %.4g (an atomic's read-modify-write over a load)", a, l), nil
		}},
	{Name: "try_wait_sleep", Params: []string{"suspend_cycles"},
		Benches: []string{"mbwait_nohint", "mbwait_h1000", "mbwait3_l32"},
		Start:   []float64{7800}, Lo: []float64{100}, Hi: []float64{20000}},
	{Name: "mbar_after_store", Params: []string{"mbar_after_store_cycles"}, Benches: []string{"mbtput_test_st"},
		Start: []float64{40}, Lo: []float64{0}, Hi: []float64{200}},
	{Name: "bulk_lane", Params: []string{"bulk_lane_cycles"}, Benches: []string{"bulkl_l1", "bulkl_l2", "bulkl_l8", "bulkl_l32"},
		Figures: []string{"issue_cycles"},
		Direct: slope([]string{"bulkl_l1", "bulkl_l2", "bulkl_l8", "bulkl_l32"}, []float64{1, 2, 8, 32}, "issue_cycles",
			"cycles per lane of ptxas's bulk copy loop")},
	{Name: "bulk_issue", Params: []string{"bulk_issue_cycles"},
		Benches: []string{"tailld_bulk*", "tailtm_bulk*", "coldl_bulkld4k"},
		Figures: []string{"ncu_cycles"},
		Start:   []float64{40}, Lo: []float64{0}, Hi: []float64{300}, Scan: 15},
	groupBulkRemat,     // groups21_bulk18.go (tail34.md)
	groupBulkLoadIssue, // groups21_bulk18.go
	{Name: "bulk_hit", Params: []string{"bulk_hit_saving_cycles"},
		Benches: []string{"bulkl_l1", "bulkl_l2", "bulkl_l8", "bulkl_l32", "bulkl_l32_w2"},
		Figures: []string{"cycles_per_op"},
		Start:   []float64{50}, Lo: []float64{0}, Hi: []float64{280}, Scan: 28},
	groupBulkLoneCopy,     // groups21_bulk18.go
	groupBulkStoreMin,     // groups22_bulkst.go
	groupBulkStoreBase,    // groups22_bulkst.go (bulk33.md)
	groupBulkStore,        // groups22_bulkst.go
	groupBulkStoreSetup,   // groups22_bulkst.go (bulk31.md)
	groupBulkStoreInPlace, // groups22_bulkst.go (bulk33.md)
	groupBulkStoreBranch,  // groups22_bulkst.go
	groupBulkStoreR2UR,    // groups21_tailbulk.go
}

func init() { Groups = append(Groups, groups5...) }
