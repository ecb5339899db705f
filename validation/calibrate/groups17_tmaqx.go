package calibrate

import (
	"fmt"
	"math"
)

// The family tmaqx of tools/microbench/gen17_tmaqx.py (helper smallgemm,
// session 14): tmaq's kernel (groups16_tmaq.go) with thread 0 stamped step
// by step in the prologue and stage 0. Per CTA clk = 24 u64: tmaq's 16
// ({%smid, e0, t0, a0, i0..i5, d0..d5}) and x0 (after the six
// mbarrier.init), x1 (after fence.mbarrier_init), x2 (before stage 0's
// arrive.expect_tx), x3 (after it). Stamps from the launches ncu profiled
// with its cache flush (clock_ncu.json).
func init() {
	clockFileOf["tmaqx"] = "clock_ncu"
	registerFamily("tmaqx", family{figures: tmaqxFigures, derive: deriveTMAQX})
	// tma_first_load_hold_cycles (sim/sm/tma_first.go): stage 0's first
	// UTMALDG without and with prefetch.tensormap of the maps at entry
	Groups = append(Groups, Group{Name: "tma_first_load", Params: []string{"tma_first_load_hold_cycles"},
		Benches: []string{"tmaqx_s3", "tmaqx_s3_pf"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, err1 := figure(rec, "tmaqx_s3", "first_cycles")
			b, err2 := figure(rec, "tmaqx_s3_pf", "first_cycles")
			if err1 != nil || err2 != nil || a < b {
				return 0, "", fmt.Errorf("recordings tmaqx_s3, tmaqx_s3_pf: need first_cycles without the prefetch >= with it")
			}
			return math.Round(a - b), fmt.Sprintf("fit: closed form, tmaqx_s3 - tmaqx_s3_pf first_cycles %.4g - %.4g "+
				"(the SM's first tensor load, no prefetch.tensormap before it)", a, b), nil
		}})
}

const (
	tmaqxX0   = 16
	tmaqxCols = 24
)

func tmaqxFigures(b *Bench) []string {
	return append(tmaqFigures(b), "init_cycles", "sync_cycles", "pre_cycles", "arrive_cycles", "first_cycles")
}

// deriveTMAQX: tmaq's figures plus upper medians over CTAs of init_cycles =
// x1 - e0 (the barrier inits and their fence), sync_cycles = t0 - x1 (the
// __syncthreads or cluster barrier), pre_cycles = x2 - t0 (thread 0 up to
// stage 0's arrive.expect_tx), arrive_cycles = x3 - x2 and first_cycles =
// a0 - x3 (stage 0's first UTMALDG).
func deriveTMAQX(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	if ctas < 1 || len(clk) != tmaqxCols*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d)", b.Name, len(clk), tmaqxCols, ctas)
	}
	narrow := make([]float64, 0, tmaqCols*ctas)
	var init, sync, pre, arrive, first []float64
	for _, r := range rows(clk, tmaqxCols) {
		narrow = append(narrow, r[:tmaqCols]...)
		x := r[tmaqxX0:]
		init = append(init, x[1]-r[tmaqE0])
		sync = append(sync, r[tmaqT0]-x[1])
		pre = append(pre, x[2]-r[tmaqT0])
		arrive = append(arrive, x[3]-x[2])
		first = append(first, r[tmaqT0+1]-x[3])
	}
	out, err := deriveTMAQ(b, Outputs{"clk": narrow}, cycles)
	if err != nil {
		return nil, err
	}
	out["init_cycles"], out["sync_cycles"] = upperMedian(init), upperMedian(sync)
	out["pre_cycles"], out["arrive_cycles"], out["first_cycles"] = upperMedian(pre), upperMedian(arrive), upperMedian(first)
	return out, nil
}
