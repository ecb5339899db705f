package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// The families psink and smrh of tools/microbench/gen19_prod.py (helper
// prod, session 16, issue 14): the prologue mechanisms tail15.md found on
// cutlass_gemm_ws_cooperative_2x1's producer path, in microbenchmarks.
//
// psink: 12 parameters of a 1 KiB struct read by ld.param before, between
// the arrive and wait of, or after a barrier, used after it by a 4-stage
// mul.hi.u64 divmod chain. Per CTA and warp clk = {t0 entry, t1 after the
// barrier, t2 after the chain's result was compared, %smid}; rows of
// warps that did not run are 0.
//
// smrh: setmaxnreg.dec by warpgroup 0 after a delay, setmaxnreg.inc by
// warpgroups 1-2. Per warp clk = {tb after a bar.sync, before, after, %smid}.
// Both from the warm runs (clock_runs.json).
func init() {
	registerFamily("psink", family{figures: psinkFigures, derive: derivePsink})
	registerFamily("psinkx", family{figures: psinkFigures, derive: derivePsink})
	registerFamily("smrh", family{figures: smrhFigures, derive: deriveSmrh})
	// sim/sm/setmaxnregwait.go: the dec's own time and the inc's wait
	// after the dec that frees its registers, closed forms on smrh_*
	Groups = append(Groups, Group{Name: "setmaxnreg_dec", Params: []string{"setmaxnreg_dec_cycles"}, Benches: smrhBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			v, txt, err := smrhMedian(func(b string) (float64, error) { return figure(rec, b, "dec_cycles") })
			if err != nil {
				return 0, "", err
			}
			return v, fmt.Sprintf("fit: closed form, lower median of smrh_* dec_cycles (%s): setmaxnreg.dec 168 -> 40 "+
				"by warpgroup 0 (validation/timing/prod16.md)", strings.Join(txt, ", ")), nil
		}},
		smrhIncGroup("setmaxnreg_inc", "setmaxnreg_inc_wait_cycles", false, "first consumer's setmaxnreg.inc end - warp 0's "+
			"dec end", "the CTA pool's first grant after the dec"),
		smrhIncGroup("setmaxnreg_pool", "setmaxnreg_pool_interval_cycles", true, "(last - first consumer's "+
			"setmaxnreg.inc end) / 7", "the CTA pool grants one inc at a time"))
}

var smrhBenches = []string{"smrh_d0", "smrh_d200", "smrh_d500", "smrh_d1000"}

// smrhMedian is the lower median of f over smrh_*, and its values for
// the source text.
func smrhMedian(f func(b string) (float64, error)) (float64, []string, error) {
	v, _, vals, err := lowerMedianOf(smrhBenches, f)
	txt := make([]string, len(vals))
	for i, x := range vals {
		txt[i] = fmt.Sprintf("%.4g", x)
	}
	return v, txt, err
}

// smrhIncGroup is a closed form on the smrh consumers' inc ends
// (smrhIncEnds): the lower median over smrh_* of the first consumer's end
// after the dec, or (step) of their spacing, rounded.
func smrhIncGroup(name, param string, step bool, what, why string) Group {
	return Group{Name: name, Params: []string{param}, Benches: smrhBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			v, txt, err := smrhMedian(func(b string) (float64, error) {
				first, spacing, err := smrhIncEnds(rec, b)
				if step {
					return spacing, err
				}
				return first, err
			})
			if err != nil {
				return 0, "", err
			}
			return math.Round(v), fmt.Sprintf("fit: closed form, lower median of smrh_* %s (median over the runs of "+
				"clock_runs: %s): %s (validation/timing/wp33.md)", what, strings.Join(txt, ", "), why), nil
		}}
}

// smrhIncEnds reads bench b's recorded stamps (every run of clock_runs):
// the medians over the runs of the first consumer's (warps 4-11) inc end
// after warp 0's dec end, and of the consumers' spread (last - first end)
// over their count less one.
func smrhIncEnds(rec map[string]*Bench, b string) (first, step float64, err error) {
	bench, ok := rec[b]
	if !ok {
		return 0, 0, fmt.Errorf("recording %s is missing", b)
	}
	p, clks, err := clockRunsOutput(bench, "clk")
	if err != nil {
		return 0, 0, err
	}
	var firsts, steps []float64
	for _, clk := range clks {
		if len(clk) != 48 {
			continue
		}
		r := rows(clk, 4)
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, w := range r[4:] {
			lo, hi = min(lo, w[2]), max(hi, w[2])
		}
		firsts = append(firsts, lo-r[0][2])
		steps = append(steps, (hi-lo)/float64(len(r)-5))
	}
	if len(firsts) == 0 {
		return 0, 0, fmt.Errorf("%s: no run has 12 warps x 4 stamps", p)
	}
	return median(firsts), median(steps), nil
}

func psinkFigures(b *Bench) []string {
	if strings.HasPrefix(b.Name, "psink_lat_") {
		// the chain is one u32 compared with a 64-bit constant: ptxas folds
		// the compare, t2 - t1 is two CS2R; only the entry-to-barrier span
		return []string{NCUFigure, "bar_cycles"}
	}
	return []string{NCUFigure, "bar_cycles", "chain_cycles"}
}

// derivePsink: upper medians over the warps that ran of bar_cycles = t1 -
// t0 and chain_cycles = t2 - t1.
func derivePsink(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) == 0 || len(clk)%4 != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, want 4 per warp", b.Name, len(clk))
	}
	var bar, chain []float64
	for _, r := range rows(clk, 4) {
		if r[0] == 0 {
			continue
		}
		bar = append(bar, r[1]-r[0])
		chain = append(chain, r[2]-r[1])
	}
	if len(bar) == 0 {
		return nil, fmt.Errorf("%s: no warp stamped", b.Name)
	}
	return map[string]float64{NCUFigure: cycles, "bar_cycles": upperMedian(bar), "chain_cycles": upperMedian(chain)}, nil
}

func smrhFigures(b *Bench) []string {
	return []string{NCUFigure, "dec_cycles", "inc_cycles", "dec_end_cycles", "inc_end_cycles"}
}

// deriveSmrh: dec_cycles = warp 0's after - before; inc_cycles = the upper
// median over warps 4-11 of after - before; dec_end_cycles = warp 0's after
// - its tb; inc_end_cycles = the latest consumer's after - warp 0's tb.
func deriveSmrh(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) != 48 {
		return nil, fmt.Errorf("%s: output clk has %d values, want 12 warps x 4", b.Name, len(clk))
	}
	r := rows(clk, 4)
	var inc []float64
	last := 0.0
	for _, w := range r[4:] {
		inc = append(inc, w[2]-w[1])
		last = max(last, w[2])
	}
	return map[string]float64{NCUFigure: cycles, "dec_cycles": r[0][2] - r[0][1], "inc_cycles": upperMedian(inc),
		"dec_end_cycles": r[0][2] - r[0][0], "inc_end_cycles": last - r[0][0]}, nil
}
