package calibrate

import (
	"fmt"
	"slices"
)

// The family tmai of tools/microbench/gen13_tmaissue.py (issues 14/15,
// helper tmaissue): one thread issues N = 1, 2, 4, 8 TMA 2D loads back to
// back (unrolled, distinct L2-resident boxes), with a %clock64 stamp after
// each issue and after each load's mbarrier wait. clk[cta][rep][16]: [k] =
// the stamp after issue k - t0, [8 + k] = the stamp after wait k - t0; the
// figures come from rep 1 of CTA 0 (the issuing CTA; rep 0 warms L2 and the
// descriptor):
//
//   - issue_cycles: c[0], one UTMALDG and the stamp after it;
//   - issue_step_cycles (N >= 2): (c[N-1] - c[0]) / (N - 1), what each
//     further back-to-back issue holds the thread;
//   - done_cycles: c[8], the first load's issue -> complete_tx -> wake;
//   - done_last_cycles (N >= 2): c[8 + N - 1] (loads on one mbarrier: its
//     single wait, c[8]).
//
// tma_load_issue_cycles (the warp's hold after a UTMALDG: ptxas's ELECT
// loop around it, sim/sm/tma_hold.go) is searched on the issue_cycles
// (the first load: t0, the UTMALDG's setup and ELECT loop, the stamp; 50
// on both GPUs) and issue_step_cycles (46) of the sep and one recordings
// with N >= 2, before the group "tma", whose latency loops issue one load
// per iteration. The step alone left the first load 4 cycles short (46
// against 50, -8% on 19 figures); the multicast recordings (their first
// issue grows with N: 95, 97, 105, 121) and N = 1 (a shared-base wait
// between the expect_tx and the load in the simulated code) stay out.
func init() {
	registerFamily("tmai", family{figures: tmaiFigures, derive: deriveTmai})
	i := slices.IndexFunc(Groups, func(g Group) bool { return g.Name == "tma" })
	if i < 0 {
		panic("calibrate: group tma is missing")
	}
	Groups = slices.Insert(Groups, i, groupTMALoadIssue, groupMbarWaitTmai, groupTMALoadR2UR)
}

// groupMbarWaitTmai: the exit cost of a wait in ptxas's fast-path layout
// (TRYWAIT; @!P BRA retry, no BSYNC: sim/sm/mbarexit.go), on the waits of
// tmai_sep_n8 with 1 and 4 KiB boxes, 7 of whose 8 find their load landed
// (44 cycles from stamp to stamp on the GPU; done_last_cycles). It runs
// before the group tma, whose latency loops wait the same way. Session
// 16, helper tmawait.
var groupMbarWaitTmai = Group{Name: "mbar_wait_tmai", Params: []string{"mbar_wait_fast_exit_cycles"},
	Benches: []string{"tmai_sep_n8_1k_*", "tmai_sep_n8_4k_*"}, Figures: []string{"done_last_cycles"},
	Start: []float64{9}, Lo: []float64{0}, Hi: []float64{40}, Scan: 20}

// groupTMALoadR2UR: the wait for ptxas's R2URs before a UTMALDG whose
// operands come from a loop's induction variables (sim/sm/tmar2ur.go), on
// the 4-stage tma_load_none tput loops with 1 to 8 KiB boxes: their waits
// find the load of four iterations before landed, so the loop's own issue
// sets the rate (184.8 cycles a load on both GPUs, every box size). It
// runs after mbar_wait_tmai (the same fast-path waits) and before the
// group tma, which fits the latency side on the same loops. Session 17,
// helper tma.
var groupTMALoadR2UR = Group{Name: "tma_load_r2ur", Params: []string{"tma_load_r2ur_cycles"},
	Benches: []string{"tma_load_none_1k_tput", "tma_load_none_2k_tput", "tma_load_none_4k_tput", "tma_load_none_8k_tput"},
	Figures: []string{"bytes_per_cycle_per_sm"},
	Start:   []float64{20}, Lo: []float64{0}, Hi: []float64{120}, Scan: 20}

var groupTMALoadIssue = Group{Name: "tma_load_issue", Params: []string{"tma_load_issue_cycles"},
	Benches: []string{"tmai_sep_n2_*", "tmai_sep_n4_*", "tmai_sep_n8_*", "tmai_one_*"}, Figures: []string{"issue_cycles", "issue_step_cycles"},
	Start: []float64{40}, Lo: []float64{0}, Hi: []float64{500}}

func tmaiFigures(b *Bench) []string {
	if b.meta("loads") >= 2 {
		if b.Meta["mode"] == "one" {
			return []string{"issue_cycles", "issue_step_cycles", "done_last_cycles"}
		}
		return []string{"issue_cycles", "issue_step_cycles", "done_cycles", "done_last_cycles"}
	}
	return []string{"issue_cycles", "done_cycles"}
}

func deriveTmai(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) < 32 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 16 per CTA and rep", b.Name, len(clk))
	}
	c := clk[16:32] // CTA 0, rep 1
	n := int(b.meta("loads"))
	out := map[string]float64{"issue_cycles": c[0]}
	if b.Meta["mode"] != "one" || n < 2 {
		out["done_cycles"] = c[8]
	}
	if n >= 2 {
		out["issue_step_cycles"] = (c[n-1] - c[0]) / float64(n-1)
		if b.Meta["mode"] == "one" {
			out["done_last_cycles"] = c[8]
		} else {
			out["done_last_cycles"] = c[8+n-1]
		}
	}
	return out, nil
}
