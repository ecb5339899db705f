package calibrate

import (
	"fmt"
	"strings"
)

func init() { registerFamily("tma6", family{figuresTMA6, deriveTMA6}) }

// The family tma6 of tools/microbench/gen6_tma.py (issue 14, helper tma):
// complete_tx/test_wait loops (t6tx_*), one bulk reduction per launch
// (t6red_*), tensor-map edits, fences and prefetches one per loop
// iteration (t6rep_*), TMA stores 1, 2 or 4 per loop iteration (t6st_*).
// The formulas are summarize.py's.

// figuresTMA6 names the compared figures of the tma6 family.
func figuresTMA6(b *Bench) []string {
	switch b.Name {
	case "t6red_none", "t6red_acq":
		// and the wait_group 0 with nothing in flight (warm, %clock64)
		return []string{NCUFigure, "wait_cycles"}
	}
	if strings.HasPrefix(b.Name, "t6red_") {
		// the launch under ncu (caches flushed): as the evidence kernels run
		return []string{NCUFigure}
	}
	return []string{"cycles_per_op"}
}

// deriveTMA6 derives the tma6 figures: t6_red1 clk[4] (phases), the loops
// clk[2][2] (rep, {loop end, end}).
func deriveTMA6(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	out := map[string]float64{}
	if len(clk) < 4 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4", b.Name, len(clk))
	}
	if strings.HasPrefix(b.Name, "t6red_") {
		out[NCUFigure] = cycles
		out["start_cycles"], out["acquire_cycles"], out["issue_cycles"], out["wait_cycles"] = clk[0], clk[1], clk[2], clk[3]
		return out, nil
	}
	ops := b.meta("ops_per_rep")
	out["cycles_per_op"], out["issue_cycles_per_op"] = clk[3]/ops, clk[2]/ops
	return out, nil
}
