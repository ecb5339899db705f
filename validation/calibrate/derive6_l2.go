package calibrate

import "fmt"

func init() { registerFamily("l2bw", family{figuresL2BW, deriveL2BW}) }

// The family l2bw of tools/microbench/gen6_l2.py (issue 14/15): 1..132 SMs
// stream an L2-resident buffer with ld.global.cg.v4 (l2bw_ld_*) or TMA 2D
// box loads (l2bw_tma_*). clk[c] = {t0, t1} (%clock64), gt[c] = {g0, g1}
// (%globaltimer, ns) of each CTA around its timed reps. The formulas are
// summarize.py's derive_l2bw.

// figuresL2BW names the compared figure of the l2bw family: the whole GPU's
// bytes per SM cycle (the sum over CTAs of each CTA's timed bytes over its
// cycles).
func figuresL2BW(b *Bench) []string {
	return []string{"bytes_per_sm_cycle"}
}

// deriveL2BW derives the l2bw figures.
func deriveL2BW(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk, gt := o["clk"], o["gt"]
	if len(clk) < 2 || len(gt) != len(clk) {
		return nil, fmt.Errorf("%s: outputs clk (%d values) and gt (%d): the derivation needs 2 each per CTA", b.Name, len(clk), len(gt))
	}
	per := b.meta("timed_bytes_per_cta")
	var sum, g0, g1 float64
	var mhz []float64
	for i, c := range rows(clk, 2) {
		if c[1] <= c[0] {
			return nil, fmt.Errorf("%s: CTA %d's clock did not advance", b.Name, i)
		}
		sum += per / (c[1] - c[0])
		g := gt[2*i : 2*i+2]
		if i == 0 || g[0] < g0 {
			g0 = g[0]
		}
		g1 = max(g1, g[1])
		if g[1] > g[0] {
			mhz = append(mhz, (c[1]-c[0])*1000/(g[1]-g[0]))
		}
	}
	out := map[string]float64{"bytes_per_sm_cycle": sum, "bytes_per_cycle_per_sm": sum / b.meta("sms")}
	if g1 > g0 {
		out["GB_per_s"] = per * b.meta("ctas") / (g1 - g0)
		out["span_ns"] = g1 - g0
	}
	if len(mhz) > 0 {
		out["sm_mhz_clock64"] = median(mhz)
	}
	return out, nil
}
