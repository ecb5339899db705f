package calibrate

import "fmt"

// The family sgp of tools/microbench/gen14_smallgemm.py (helper smallgemm,
// session 11): one small GEMM launch of gemm_wgmma's form (a producer
// warpgroup's thread 0 issues two 2-D TMA boxes per k-tile into 3 stages,
// 2 consumer warpgroups of 4 x wgmma m64n128k16, the f32 epilogue), one
// kernel for the whole family, the variant in the launch's K and flags
// (stores, a fence after them, no wgmma, one stage reused, a spin before
// exit). Per CTA clk = {%smid, e0, t0, p1, pe, tf, tm0, tm1, te0, te1, tq0,
// tq1, g0, g1, e1, e2}: %clock64 at entry, after the barrier init, the
// producer's first and last issue, the first full stage, the two consumer
// warpgroups' loop ends, their epilogue ends and after the fence;
// %globaltimer at entry and at the end (the tensor clock cap,
// sim/gpu/tensorclock.go, reads them). The stamps come from the launches
// ncu profiled with its cache flush (clock_ncu.json), as the ncu cycles.
func init() {
	clockFileOf["sgp"] = "clock_ncu"
	registerFamily("sgp", family{
		figures: func(b *Bench) []string {
			f := []string{NCUFigure, "pro_cycles", "epi_cycles"}
			if b.meta("k_tiles") > 0 {
				f = append(f, "first_cycles", "loop_cycles")
			}
			if int(b.meta("flags"))&2 != 0 {
				f = append(f, "drain_cycles")
			}
			return f
		},
		derive: deriveSGP,
	})
}

// sgp's clk columns.
const (
	sgpE0 = 1 + iota
	sgpT0
	sgpP1
	sgpPE
	sgpTF
	sgpTM0
	sgpTM1
	sgpTE0
	sgpTE1
	sgpTQ0
	sgpTQ1
	sgpCols = 16
)

// deriveSGP: upper medians over CTAs of pro_cycles = t0 - e0 (barrier init
// and __syncthreads), first_cycles = tf - t0 (the first stage's two boxes),
// loop_cycles = max(tm0, tm1) - tf, epi_cycles = max(te0, te1) - max(tm0,
// tm1) (the epilogue's stores issued) and drain_cycles = max(tq0, tq1) -
// max(te0, te1) (fence.acq_rel.gpu after them).
func deriveSGP(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	if ctas < 1 || len(clk) != sgpCols*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d)", b.Name, len(clk), sgpCols, ctas)
	}
	var pro, first, loop, epi, drain []float64
	for _, r := range rows(clk, sgpCols) {
		tm := max(r[sgpTM0], r[sgpTM1])
		te := max(r[sgpTE0], r[sgpTE1])
		pro = append(pro, r[sgpT0]-r[sgpE0])
		first = append(first, r[sgpTF]-r[sgpT0])
		loop = append(loop, tm-r[sgpTF])
		epi = append(epi, te-tm)
		drain = append(drain, max(r[sgpTQ0], r[sgpTQ1])-te)
	}
	out := map[string]float64{NCUFigure: cycles, "pro_cycles": upperMedian(pro), "epi_cycles": upperMedian(epi)}
	if b.meta("k_tiles") > 0 {
		out["first_cycles"], out["loop_cycles"] = upperMedian(first), upperMedian(loop)
	}
	if int(b.meta("flags"))&2 != 0 {
		out["drain_cycles"] = upperMedian(drain)
	}
	return out, nil
}
