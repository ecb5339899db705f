package calibrate

import (
	"fmt"
	"math"
)

// The family bulk18 of tools/microbench/gen21_bulk18.py (issues 14/15,
// session 18, helper bulk): one thread issues N = 1, 2, 4 bulk operations
// S = 0, 100, 300 cycles apart (a %clock64 spin between them): copies
// (arrive.expect_tx + cp.async.bulk of 16 B or 1 KiB, L2-warm, each on its
// own mbarrier, waited in turn), stores and .add.u32 reductions of 1 KiB
// (one commit_group, wait_group 0). clk[16..31] holds rep 1's stamps minus
// its first: [k] before issue k, [4] after the last issue, [5] after the
// commit, [8 + k] after the wait on mbarrier k (copies) or [8] after
// wait_group 0. Figures (the last operation, from its own stamp):
//
//   - issue_cycles: c[4] - c[N-1], its issue;
//   - done_cycles: c[8 + N - 1] (copies) or c[8], less c[N-1]: its issue to
//     the return of its wait.
//
// bulk_load_issue_cycles (the warp's hold after a plain bulk copy's ELECT
// loop, sim/sm/bulkhold.go) is searched on the copies' issue_cycles,
// before the group bulk_hit (groups5.go; validation/timing/bulk18.md).
func init() {
	registerFamily("bulk18", family{figures: bulk18Figures, derive: deriveBulk18})
}

var groupBulkLoadIssue = Group{Name: "bulk_load_issue", Params: []string{"bulk_load_issue_cycles"},
	Benches: []string{"bulk18_cp*"}, Figures: []string{"issue_cycles"},
	Start: []float64{40}, Lo: []float64{0}, Hi: []float64{200}, Scan: 20}

func bulk18Figures(*Bench) []string { return []string{"issue_cycles", "done_cycles"} }

func deriveBulk18(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) < 32 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 32", b.Name, len(clk))
	}
	c := clk[16:32]
	n := int(b.meta("ops"))
	if n < 1 || n > 4 {
		return nil, fmt.Errorf("%s: meta ops %d outside 1..4", b.Name, n)
	}
	last := 0.0
	if n > 1 {
		last = c[n-1]
	}
	done := c[8]
	if b.Meta["bulk_op"] == "copy" {
		done = c[8+n-1]
	}
	return map[string]float64{"issue_cycles": c[4] - last, "done_cycles": done - last}, nil
}

// groupBulkLoneCopy: how much later a lone plain bulk copy (one active
// lane: no lane loop) completes than the last copy of a lane loop, on the
// copies' done_cycles; after the group bulk_hit (bulkl, whose l2..l32 end
// on a lane loop's last copy).
//
// With it bulk_copy_spread_cycles (bulkhold.go bulkSpread): the 1 KiB
// copies end ~40 cycles after the 16-byte ones from the same lines
// (validation/timing/tail32.md). A one-line copy's cost depends on its
// line's slice, which the model does not know: each single line measured
// counts once (bulk18's line 0 by cp16_n1, whose spaced and back-to-back
// siblings copy the same line; bulkl_l1's line, ~40 cycles slower), and
// the 1 KiB copies fix the spread.
var groupBulkLoneCopy = Group{Name: "bulk_lone_copy", Params: []string{"bulk_lone_copy_cycles", "bulk_copy_spread_cycles"},
	Benches: []string{"bulk18_cp16_n1", "bulkl_l1", "bulk18_cp1k*"}, Figures: []string{"done_cycles", "cycles_per_op"},
	Start: []float64{30, 40}, Lo: []float64{0, 0}, Hi: []float64{200, 200}, Scan: 20}

// groupBulkRemat (session 34, validation/timing/tail34.md;
// sim/sm/bulkremat.go): how much later than otherwise a bulk operation
// issues whose hoisted 64-bit global address ptxas recomputes in front of
// it (UIADD3 + UIADD3.X). Closed form on bulk18's spaced copies: the
// fourth copy after a spin reads a recomputed address, the second of two
// the kept one, through the same chain otherwise (cp.async.bulk after the
// spin's exit, the mbarrier arrive, the shared address add), so the
// recomputation is the difference of their issue_cycles (86 - 81 on both
// GPUs), averaged over 16 B / 1 KiB and spacings 100 / 300. A search on
// the n4 copies alone refits with bulk_load_issue_cycles (fitted before
// it on all copies' issue_cycles) and did not reproduce in the CI replay.
var groupBulkRemat = Group{Name: "bulk_remat", Params: []string{"bulk_remat_cycles"},
	Benches: []string{"bulk18_cp16_n2_s100", "bulk18_cp16_n2_s300", "bulk18_cp1k_n2_s100", "bulk18_cp1k_n2_s300",
		"bulk18_cp16_n4_s100", "bulk18_cp16_n4_s300", "bulk18_cp1k_n4_s100", "bulk18_cp1k_n4_s300"},
	Direct: func(rec map[string]*Bench) (float64, string, error) {
		var sum float64
		var n int
		for _, sz := range []string{"cp16", "cp1k"} {
			for _, sp := range []string{"s100", "s300"} {
				a, err := figure(rec, "bulk18_"+sz+"_n4_"+sp, "issue_cycles")
				if err != nil {
					return 0, "", err
				}
				b, err := figure(rec, "bulk18_"+sz+"_n2_"+sp, "issue_cycles")
				if err != nil {
					return 0, "", err
				}
				sum += a - b
				n++
			}
		}
		d := sum / float64(n)
		return math.Round(d), fmt.Sprintf("fit: closed form, mean over bulk18_cp{16,1k}_{s100,s300} of issue_cycles n4 - n2 = %.4g (the fourth spaced copy's recomputed address)", d), nil
	}}
