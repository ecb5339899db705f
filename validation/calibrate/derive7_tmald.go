package calibrate

import "fmt"

func init() { registerFamily("tma7ld", family{figuresTMA7LD, deriveTMA7LD}) }

// The family tma7ld of tools/microbench/gen7_tmald.py (issues 14/15,
// helper tmald): the parts of a tma_mcast loop (cluster barrier, its
// fence, the load, the mbarrier wait) taken out or changed one at a
// time. The formula is summarize.py's.

// figuresTMA7LD names the compared figure of the tma7ld family.
func figuresTMA7LD(*Bench) []string { return []string{"cycles_per_iteration"} }

// deriveTMA7LD derives cycles_per_iteration = max over CTAs of
// clk[cta][1] / loads_per_rep (clk[cta] = {rep 0, rep 1}).
func deriveTMA7LD(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) < 2 || len(clk)%2 != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per CTA", b.Name, len(clk))
	}
	m := 0.0
	for i := 1; i < len(clk); i += 2 {
		m = max(m, clk[i])
	}
	return map[string]float64{"cycles_per_iteration": m / b.meta("loads_per_rep")}, nil
}
