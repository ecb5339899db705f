package calibrate

import (
	"fmt"
	"math"
	"slices"
)

// Family coop25 (tools/microbench/gen25_coop.py, helper coop, session 25):
// development twins of the CUTLASS 3.x warp-specialized cooperative GEMM
// (example 48, cluster 2x1x1, 128x128x32 tiles, 7 stages, tf32) at
// M = N = 256 and K = 64, 256, 512: coop25_kK_plain is the kernel as
// CUTLASS compiles it, coop25_kK the same with 32-bit %clock stamps held in
// registers and stored once per warp at its ret. Compared: the launch under
// ncu (caches flushed). The phases of the stamped twins are derived for
// diagnosis only (validation/timing/coop25.md).
func init() {
	registerFamily("coop25", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive:  deriveCoop25,
	})
	// Family coop27 (tools/microbench/gen27_coop.py, helper coop, session
	// 27): coop25_kK (K = 64, 256, 512) and coop25_k64_nost with
	// %globaltimer_lo beside slots 0, 8 and 10 (slots 11-13) and %smid (14):
	// the SM clock over the stamped span (validation/timing/coop27.md).
	// Slots 0-10 are coop25's: the same derivation.
	registerFamily("coop27", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive:  deriveCoop25,
	})
}

// deriveCoop25: clk[cta][12 warps][16] raw u32 %clock (gen25_coop.py's
// slots; summarize.py's formulas): per CTA from its earliest entry stamp,
// the latest warp past the cluster barrier (slot 1), the producer's
// barrier-to-first-TMA path (5 - 1), the first full barrier after that
// issue (latest consumer 4 - producer 5), the mainloop (latest 7 - latest
// 4), the epilogue's stores (latest 9 - latest 8), the latest warp at ret
// (10); medians over the CTAs. The exit variant (no slot 1) gives the
// span only.
func deriveCoop25(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	out := map[string]float64{NCUFigure: cycles}
	clk, ok := o["clk"]
	if !ok {
		return out, nil // the _plain twins: the launch only
	}
	const slots, warps = 16, 12
	all := rows(clk, slots)
	if len(all) < warps || len(all)%warps != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, %d per warp and %d warps per CTA needed", b.Name, len(clk), slots, warps)
	}
	const wrap = 1 << 32
	names := []string{"prologue_cycles", "producer_first_tma_cycles", "first_full_cycles", "mainloop_cycles", "epilogue_cycles", "span_cycles"}
	ph := make([][]float64, len(names))
	for i := 0; i < len(all); i += warps {
		c := all[i : i+warps]
		t0 := c[0][0]
		for _, w := range c {
			if math.Mod(w[0]-t0+wrap, wrap) > wrap/2 {
				t0 = w[0]
			}
		}
		r := func(v float64) float64 { return math.Mod(v-t0+wrap, wrap) }
		latest := func(k int, ws [][]float64) float64 {
			v := 0.0
			for _, w := range ws {
				v = max(v, r(w[k]))
			}
			return v
		}
		if c[0][1] == 0 { // coop25_k64_exit: slots 0 and 10 only
			ph[5] = append(ph[5], latest(10, c))
			continue
		}
		vals := []float64{latest(1, c), r(c[0][5]) - r(c[0][1]), latest(4, c[4:]) - r(c[0][5]),
			latest(7, c[4:]) - latest(4, c[4:]), latest(9, c[4:]) - latest(8, c[4:]), latest(10, c)}
		for k, v := range vals {
			ph[k] = append(ph[k], v)
		}
	}
	for k, n := range names {
		if len(ph[k]) > 0 {
			out[n] = median(slices.Clone(ph[k]))
		}
	}
	return out, nil
}
