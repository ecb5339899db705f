package calibrate

import (
	"fmt"
	"sort"
)

// The family gmm12 of tools/microbench/gen12_gemm2.py (helper gemm2, issue
// 14): a full-GPU TMA + wgmma GEMM mainloop (128x128x64 tiles, 3 stages of
// two 2-D TMA boxes, 2 consumer warpgroups of 4 x m64n128k16 per k-tile),
// in gemm_wgmma's form (producer warpgroup, wait_group 0, one CTA per SM)
// and Triton's (thread-0 refills between bar.syncs, wait_group 1, two CTAs
// per SM, serialized or not). Per CTA clk = {%smid, t0, tf, tm0, tm1, te,
// g0, g1}: %clock64 at start, first full stage, the two consumer
// warpgroups' mainloop ends, after the epilogue stores; %globaltimer at
// start and end.

// The %clock64 figures come from the launches ncu profiled with its cache
// flush (clock_ncu.json, as the ncu cycles and the simulated run, which
// starts cold): without the flush A and B are in the L2 and the
// mainloop of gemm_wgmma's form runs 637 cycles a k-tile where the flushed
// launch takes 762 (one CTA, H200). A GPU without clock_ncu (H100: its
// one recording call had no --dump pass) has the launch's ncu cycles only.
func init() {
	clockFileOf["gmm12"] = "clock_ncu"
	registerFamily("gmm12", family{
		figures: func(b *Bench) []string {
			if _, ok := b.Measured["ktile_cycles"]; !ok {
				return []string{NCUFigure}
			}
			return []string{NCUFigure, "ktile_cycles", "first_cycles", "cta_cycles"}
		},
		derive: deriveGMM12,
	})
}

// gmm12Stamps are the clk columns.
const (
	gmmSM = iota
	gmmT0
	gmmTF
	gmmTM0
	gmmTM1
	gmmTE
	gmmG0
	gmmG1
	gmmCols
)

// deriveGMM12: ktile_cycles is the median over CTAs of (max(tm0, tm1) -
// tf) / (k_tiles - 1), the mainloop's period after the first stage;
// first_cycles the median of tf - t0 (the first stage's two boxes);
// cta_cycles the median of te - t0. Medians of an even count take the
// upper one.
func deriveGMM12(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	kt := b.meta("k_tiles")
	if ctas < 1 || len(clk) != gmmCols*ctas || kt < 2 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d) and k_tiles >= 2", b.Name, len(clk), gmmCols, ctas)
	}
	var kp, first, cta []float64
	for _, r := range rows(clk, gmmCols) {
		end := max(r[gmmTM0], r[gmmTM1])
		kp = append(kp, (end-r[gmmTF])/(kt-1))
		first = append(first, r[gmmTF]-r[gmmT0])
		cta = append(cta, r[gmmTE]-r[gmmT0])
	}
	return map[string]float64{NCUFigure: cycles, "ktile_cycles": upperMedian(kp),
		"first_cycles": upperMedian(first), "cta_cycles": upperMedian(cta)}, nil
}

// upperMedian is the middle value of xs sorted (the upper one of an even
// count); xs is sorted in place.
func upperMedian(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
