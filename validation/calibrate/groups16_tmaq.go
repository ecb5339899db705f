package calibrate

import "fmt"

// The family tmaq of tools/microbench/gen16_tmaq.py (helper gemms, session
// 13): gemm_wgmma's TMA producer alone, cold (ncu's cache flush): thread 0
// issues S stages back to back (per stage an arrive.expect_tx and two 16 KiB
// 2-D boxes of maps A and B, or one of A), warp 4 + s waits stage s's full
// mbarrier and stamps. Per CTA clk = {%smid, e0, t0, a0, i0..i5, d0..d5}:
// %clock64 at entry, after the barrier init and __syncthreads, after stage
// 0's first TMA instruction, after each stage's last one, and when each
// stage's waiter passed. The stamps come from the launches ncu profiled
// with its cache flush (clock_ncu.json), as the ncu cycles.
func init() {
	clockFileOf["tmaq"] = "clock_ncu"
	registerFamily("tmaq", family{figures: tmaqFigures, derive: deriveTMAQ})
}

// tmaq's clk columns.
const (
	tmaqE0   = 1
	tmaqT0   = 2
	tmaqI0   = 4
	tmaqD0   = 10
	tmaqCols = 16
)

// tmaqStagesFig: the stages whose completion is a figure (first, second,
// third, last).
func tmaqStagesFig(b *Bench) []int {
	n := int(b.meta("stages"))
	var s []int
	for _, i := range []int{0, 1, 2, 5} {
		if i < n {
			s = append(s, i)
		}
	}
	return s
}

func tmaqFigures(b *Bench) []string {
	f := []string{NCUFigure, "pro_cycles", "issue_cycles"}
	for _, s := range tmaqStagesFig(b) {
		f = append(f, fmt.Sprintf("done%d_cycles", s))
	}
	return f
}

// deriveTMAQ: upper medians over CTAs of pro_cycles = t0 - e0, issue_cycles
// = i0 - t0 (stage 0's two TMA instructions issued: the maps' first use)
// and done<s>_cycles = d_s - t0.
func deriveTMAQ(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	if ctas < 1 || len(clk) != tmaqCols*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d)", b.Name, len(clk), tmaqCols, ctas)
	}
	stages := tmaqStagesFig(b)
	pro, issue := []float64{}, []float64{}
	done := make([][]float64, len(stages))
	for _, r := range rows(clk, tmaqCols) {
		pro = append(pro, r[tmaqT0]-r[tmaqE0])
		issue = append(issue, r[tmaqI0]-r[tmaqT0])
		for k, s := range stages {
			done[k] = append(done[k], r[tmaqD0+s]-r[tmaqT0])
		}
	}
	out := map[string]float64{NCUFigure: cycles, "pro_cycles": upperMedian(pro), "issue_cycles": upperMedian(issue)}
	for k, s := range stages {
		out[fmt.Sprintf("done%d_cycles", s)] = upperMedian(done[k])
	}
	return out, nil
}
