package calibrate

import (
	"fmt"
	"slices"
	"strings"
)

// isCuteTwin: tph_cute_tn and its _spin sibling (tools/microbench/gen23_cute.py,
// session 23, validation/timing/cute23.md): stamped twins of the evidence kernel
// cute_wgmma_tma_tn. Development data for diagnosis; only the launch under ncu
// is compared.
func isCuteTwin(b *Bench) bool { return strings.HasPrefix(b.Name, "tph_cute_tn") }

// deriveTPHCute: the phases of the cute twins from raw %clock64 stamps,
// clk[cta][warp][20], 4 warps per CTA (one warpgroup; warp 0's elected lane
// issues the TMA loads). Per CTA (t0 = its earliest entry stamp, "latest" =
// the latest warp's stamp of a slot): the prologue to the cluster barrier
// (latest 1 - t0), the producer's path from the barrier to its first TMA issue
// (2 - 1 of warp 0), the first full barrier after that issue (latest 4 - warp
// 0's 2), the k-tiles (latest 8+i - latest 4+i: wgmma to wait_group 0, summed;
// latest 4+i - latest 8+i-1: the full waits of k-tiles after the first, summed),
// the mainloop (latest 8+n-1 - latest 4, n k-tiles stamped), the mainloop's
// exit to the epilogue (latest 14 - latest 8+n-1), the epilogue's stores
// (latest 15 - latest 14); medians over the CTAs, and the longest stamped span.
// The phases are diagnosis (%clock64 is per SM, so spans of different CTAs are
// not aligned).
func deriveTPHCute(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	const slots, warps = 20, 4
	all := rows(o["clk"], slots)
	if len(all) < warps || len(all)%warps != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, %d per warp and %d warps per CTA needed", b.Name, len(o["clk"]), slots, warps)
	}
	var pro, prod, first, mma, wait, loop, exit, epi []float64
	span := 0.0
	for i := 0; i < len(all); i += warps {
		c := all[i : i+warps]
		t0 := 0.0
		latest := func(k int) float64 {
			v := 0.0
			for _, w := range c {
				v = max(v, w[k])
			}
			return v
		}
		for _, w := range c {
			if w[0] > 0 && (t0 == 0 || w[0] < t0) {
				t0 = w[0]
			}
		}
		n := 0
		for n < 4 && latest(4+n) > 0 && latest(8+n) > 0 {
			n++
		}
		if t0 == 0 || n == 0 || c[0][2] == 0 || latest(15) == 0 {
			return nil, fmt.Errorf("%s: CTA %d lacks a stamp (entry %g, %d k-tiles, first TMA %g, epilogue end %g)",
				b.Name, i/warps, t0, n, c[0][2], latest(15))
		}
		pro = append(pro, latest(1)-t0)
		prod = append(prod, c[0][2]-c[0][1])
		first = append(first, latest(4)-c[0][2])
		m, wt := 0.0, 0.0
		for k := 0; k < n; k++ {
			m += latest(8+k) - latest(4+k)
			if k > 0 {
				wt += latest(4+k) - latest(8+k-1)
			}
		}
		mma = append(mma, m)
		wait = append(wait, wt)
		loop = append(loop, latest(8+n-1)-latest(4))
		exit = append(exit, latest(14)-latest(8+n-1))
		epi = append(epi, latest(15)-latest(14))
		last := 0.0
		for _, w := range c {
			last = max(last, slices.Max(w))
		}
		span = max(span, last-t0)
	}
	return map[string]float64{NCUFigure: cycles, "prologue_cycles": median(pro), "producer_first_tma_cycles": median(prod),
		"first_full_cycles": median(first), "wgmma_cycles": median(mma), "later_full_cycles": median(wait),
		"mainloop_cycles": median(loop), "loop_exit_cycles": median(exit), "epilogue_cycles": median(epi),
		"span_max_cycles": span}, nil
}
