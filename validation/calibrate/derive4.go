package calibrate

import (
	"fmt"
	"strings"
)

// The family tmax of tools/microbench/gen4.py (issue 14): the fetch of a
// tensor map's descriptor on first use (tmadesc_*, tmadesc4_*) and TMA
// stores and reductions (tmast_*). The formulas are summarize.py's.

// figures4 names the compared figures of the gen4 family.
func figures4(b *Bench) []string {
	if b.Family != "tmax" {
		return figures6(b)
	}
	switch {
	case hasPrefix(b.Name, "cpcold_", "bulkred_"):
		return []string{"cycles_per_step"}
	case strings.HasPrefix(b.Name, "tmacold_") && b.Kind == "latency":
		return []string{"cycles_per_load"}
	case strings.HasPrefix(b.Name, "tmacold_"):
		return []string{"bytes_per_cycle_per_sm"}
	case strings.HasPrefix(b.Name, "tmadesc4_"):
		return []string{"first_cycles", "next_cycles"}
	case strings.HasPrefix(b.Name, "tmadesc_global_two"):
		return []string{"first_cycles", "second_cycles", "next_cycles"}
	case strings.HasPrefix(b.Name, "tmadesc_"):
		return []string{"first_cycles", "next_cycles"}
	}
	return []string{"cycles_per_op"}
}

// derive4 derives the tmax figures: tma_desc clk[4] (one load each),
// tma_desc4 clk[8] (first use of four maps, then again), tma_st clk[2][2]
// (rep, {loop end, after wait_group 0}), tma_cold clk[cta][rep].
func derive4(b *Bench, o Outputs) (map[string]float64, error) {
	clk := o["clk"]
	out := map[string]float64{}
	switch {
	case hasPrefix(b.Name, "cpcold_", "bulkred_"):
		if len(clk) < 2 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2", b.Name, len(clk))
		}
		out["cycles_per_step"] = clk[1] / b.meta("steps_per_rep")
	case strings.HasPrefix(b.Name, "tmacold_"):
		if len(clk) < 2 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per CTA", b.Name, len(clk))
		}
		var xs []float64
		for _, c := range rows(clk, 2) {
			xs = append(xs, c[1])
		}
		c, loads := median(xs), b.meta("loads_per_rep")
		out["cycles_per_load"] = c / loads
		out["bytes_per_cycle_per_sm"] = loads * b.meta("box_bytes") / c
	case strings.HasPrefix(b.Name, "tmadesc4_"):
		if len(clk) < 8 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 8", b.Name, len(clk))
		}
		out["first_cycles"] = (clk[0] + clk[1] + clk[2] + clk[3]) / 4
		out["next_cycles"] = (clk[4] + clk[5] + clk[6] + clk[7]) / 4
	case strings.HasPrefix(b.Name, "tmadesc_"):
		if len(clk) < 4 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4", b.Name, len(clk))
		}
		out["first_cycles"], out["second_cycles"], out["next_cycles"] = clk[0], clk[1], clk[3]
		out["first_extra_cycles"] = clk[0] - clk[3]
	default:
		if len(clk) < 4 {
			return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4", b.Name, len(clk))
		}
		ops := b.meta("ops_per_rep")
		out["cycles_per_op"], out["issue_cycles_per_op"] = clk[3]/ops, clk[2]/ops
	}
	return out, nil
}
