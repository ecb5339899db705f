package calibrate

import (
	"fmt"
	"slices"
)

// The family tmab of tools/microbench/tmab34/gen34_tmab.py (issue 14,
// session 34, helper l2b; validation/timing/l2b34.md): every SM (132 CTAs,
// one each) issues K = 1..8 TMA loads of 16 KiB at once and waits for each
// in turn, the boxes private, shared by groups of CTAs, or multicast within
// 2-CTA clusters, as a GEMM prologue's stages. clk[c][16]: [1 + j] = box
// j's wait - t0. The figures are the min, median and max over CTAs of the
// first box's and (K >= 2) the last box's cycles: the median says how fast
// the L2 serves the burst, the max how fairly (the GPU serves every SM's
// stream at about the same pace: a FIFO of whole boxes gives the SMs
// booked last the burst's whole backlog).
func init() { registerFamily("tmab", family{figures: tmabFigures, derive: deriveTmab}) }

func tmabFigures(b *Bench) []string {
	f := []string{"first_min_cycles", "first_med_cycles", "first_max_cycles"}
	if b.meta("boxes") >= 2 {
		f = append(f, "last_min_cycles", "last_med_cycles", "last_max_cycles")
	}
	return f
}

func deriveTmab(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	k := int(b.meta("boxes"))
	if k < 1 || len(clk) < 16 || len(clk)%16 != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 16 per CTA", b.Name, len(clk))
	}
	out := map[string]float64{}
	for _, p := range []struct {
		tag  string
		slot int
	}{{"first", 1}, {"last", k}} {
		if p.tag == "last" && k < 2 {
			break
		}
		xs := make([]float64, 0, len(clk)/16)
		for c := 0; c < len(clk); c += 16 {
			xs = append(xs, clk[c+p.slot])
		}
		slices.Sort(xs)
		out[p.tag+"_min_cycles"] = xs[0]
		out[p.tag+"_med_cycles"] = median(xs)
		out[p.tag+"_max_cycles"] = xs[len(xs)-1]
	}
	return out, nil
}
