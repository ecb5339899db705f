package calibrate

import (
	"fmt"
	"math"
)

// The bulk-store groups read from tmast7_* (tools/microbench/gen7_tmast.py,
// tmast7.cu: one store or reduction per loop iteration and no run-time
// branch in the loop, so the loop is only what ptxas emits around the
// operation; sim/sm/tma_store.go):
//
//   - tma_bulk_commit_cycles: what a commit_group after each operation
//     adds, closed form, the mean over the four kinds (TMA tile store and
//     .add, bulk store and .add.u32, 1 KiB) of _tput - _group
//     cycles_per_op. The SASS puts UTMACMDFLUSH right after the UTMASTG /
//     UBLKCP / ELECT loop and the GPU takes 0 to 2 cycles more. (It
//     replaces tmast_store_256b_tput - _group, 36 cycles: in tmax.cu's
//     loop the commit sits among two more not-taken compare + branch pairs
//     that test the mode at run time, a branch cost, not the commit's.)
//   - bulk_reduce_issue_cycles: how long ptxas's ELECT loop around a
//     reduction (ELECT, UTMAREDG / UBLKRED, two PLOP3, a not-taken
//     BRA.U.ANY) keeps the warp from its next instruction, searched on
//     the reduction loops with all in flight (tmast7_{add,bred}_*_group,
//     _tput: 78 to 82 cycles an operation where the stores take 36 to 43).
var tstGroups = []Group{
	{Name: "tma_bulk_commit", Params: []string{"tma_bulk_commit_cycles"}, Benches: tstCommitBenches(),
		Direct: tstCommitDirect},
	{Name: "bulk_reduce_issue", Params: []string{"bulk_reduce_issue_cycles"},
		Benches: []string{"tmast7_add_1k_group", "tmast7_add_1k_tput", "tmast7_bred_256b_group", "tmast7_bred_1k_group", "tmast7_bred_1k_tput"},
		Start:   []float64{30}, Lo: []float64{0}, Hi: []float64{500}},
	// bulk_address_latency (session 28, validation/timing/red28.md;
	// sim/sm/bulkaddr.go): a uniform bulk address's UIADD3.64 to the store
	// or reduction reading it, on probe redu24's loops (not the *_clk
	// ones: tred27.md's held-out test) and tmast7's loops of one bulk store
	// or reduction an iteration, before bulk_reduce_interval (fitted on the
	// same reduction loops).
	{Name: "bulk_address_latency", Params: []string{"bulk_address_latency_cycles"},
		Benches: []string{"redu24_red_u1", "redu24_red_u2", "redu24_red_u4", "redu24_red_u8", "redu24_st_u1",
			"redu24_st_u2", "redu24_st_u4", "redu24_st_u8", "redu24_st_u4_512", "tmast7_bst*", "tmast7_bred*"},
		Figures: []string{"cycles_per_op"},
		Start:   []float64{9}, Lo: []float64{0}, Hi: []float64{40}, Scan: 20},
	// bulk_reduce_setup (session 29, validation/timing/bulk29.md;
	// sim/sm/bulkinterval.go): a non-tensor reduction issues no earlier
	// than that many cycles after the warp's previous issued instruction
	// (the size's UMOV, which ptxas stalls 9 to 11 cycles before the ELECT
	// loop), on bulk18's stamped reductions (lone, back to back, after a
	// spin), tbulk's stamped straight lines and probe redu24's loops (not
	// the *_clk ones: tred27.md's held-out test), after
	// bulk_address_latency and before bulk_reduce_interval.
	{Name: "bulk_reduce_setup", Params: []string{"bulk_reduce_setup_cycles"},
		Benches: []string{"bulk18_red*", "tbulk_t1_red*", "redu24_red_u1", "redu24_red_u2", "redu24_red_u4", "redu24_red_u8"},
		Figures: []string{"issue_cycles", "done_cycles", "cycles_per_op"},
		Start:   []float64{13}, Lo: []float64{0}, Hi: []float64{40}, Scan: 20},
	// bulk_reduce_interval (session 25, validation/timing/bulk25.md;
	// sim/sm/bulkinterval.go): the least time between two reductions of a
	// warp, on the reductions that follow one another (probe redu24's
	// loops, tbulk's straight lines of one thread, bulk18's back-to-back
	// pairs and fours), after bulk_reduce_issue.
	{Name: "bulk_reduce_interval", Params: []string{"bulk_reduce_interval_cycles"},
		Benches: []string{"redu24_red*", "tbulk_t1_red*", "bulk18_red1k_n2_s0", "bulk18_red1k_n4_s0"},
		Figures: []string{"cycles_per_op", "issue_cycles"},
		Start:   []float64{51}, Lo: []float64{30}, Hi: []float64{90}, Scan: 30},
}

// tstCommitKinds are the tmast7 kinds whose _tput and _group pair give the
// commit's cost.
var tstCommitKinds = []string{"st", "add", "bst", "bred"}

func tstCommitBenches() []string {
	var out []string
	for _, k := range tstCommitKinds {
		out = append(out, "tmast7_"+k+"_1k_tput", "tmast7_"+k+"_1k_group")
	}
	return out
}

// tstCommitDirect: the mean of tmast7_<kind>_1k_tput - _group cycles_per_op.
func tstCommitDirect(rec map[string]*Bench) (float64, string, error) {
	sum := 0.0
	for _, k := range tstCommitKinds {
		t, err1 := figure(rec, "tmast7_"+k+"_1k_tput", "cycles_per_op")
		g, err2 := figure(rec, "tmast7_"+k+"_1k_group", "cycles_per_op")
		if err1 != nil || err2 != nil {
			return 0, "", fmt.Errorf("recordings tmast7_%s_1k_tput, _group: need both cycles_per_op", k)
		}
		sum += t - g
	}
	d := math.Max(0, sum/float64(len(tstCommitKinds)))
	return math.Round(d), fmt.Sprintf("fit: closed form, mean of tmast7_{st,add,bst,bred}_1k_tput - _group cycles_per_op: %.3g "+
		"(a commit_group after each operation, right after it in the SASS)", d), nil
}

// init replaces groups4's tma_bulk_commit with the tmast7 one and fits
// bulk_reduce_issue right after it (before bulk_branch, whose loops hold
// reductions too).
func init() {
	var out []Group
	for _, g := range Groups {
		if g.Name == "tma_bulk_commit" {
			out = append(out, tstGroups...)
			continue
		}
		out = append(out, g)
	}
	Groups = out
}
