package calibrate

import (
	"fmt"
	"strings"
)

// The family ldclat of tools/microbench/gen20_ldclat.py (helper const,
// session 17, issue 13; validation/timing/ldclat.md): one warp, a straight
// line of regions between %clock64 stamps, each one ld.param of the 1 KiB
// parameter struct compared with a constant it never equals. clk[0..n] are
// the stamps before each region (t[k+1] - t[k] is region k), clk[13] /
// clk[14] the stamps after the bar.sync of the first / second region that
// has one (that region runs from there), clk[15] = %smid.
//
// Which regions issue an LDC that hits, which one that misses (the first
// read of a 64-byte line), and which none (ptxas keeps the register of an
// earlier ld.param of the same bytes) is read off each kernel's SASS
// (ptxas 13.0, the same on both GPUs): ldclatRegions. hit_cycles,
// noldc_cycles and miss_cycles are the medians of those regions' times in
// the warm runs (clock_runs.json); ldc_cycles = hit_cycles - noldc_cycles,
// for the u32 kernels, where a hit region's SASS is the no-LDC region's
// plus the LDC (`CS2R` S1, `LDC` S2, then the same `ISETP`; the no-LDC
// region's `CS2R` has S2): the LDC's issue-to-dependent-issue latency
// minus one, which is const_ldc_cycles' meaning (the value is there
// const_ldc_cycles + 1 after the LDC's slot: sim/sm/constcache.go paramHit).
var ldclatRegions = map[string]struct{ hit, noldc, miss []int }{
	"ldclat_u32_seq": {hit: []int{2, 3, 4, 5, 6}, noldc: []int{1, 10, 11}, miss: []int{0, 7, 8, 9}},
	"ldclat_u32_low": {hit: []int{1, 3, 6}, noldc: []int{2, 4, 5}, miss: []int{0, 7}},
	"ldclat_u32_rev": {hit: []int{2, 3, 4, 5}, noldc: []int{8, 9}, miss: []int{0, 1, 6, 7}},
	// LDC.64: ISETP + ISETP.EX, the no-LDC regions' predicated address
	// load overlaps differently (45 against 48): no ldc_cycles
	"ldclat_u64_seq": {hit: []int{3, 4, 5}, noldc: []int{1, 9}, miss: []int{0, 6, 7, 8}},
	"ldclat_mix":     {hit: []int{3, 6}, noldc: []int{1, 2, 4, 5, 7}, miss: []int{0}},
}

var ldclatCal = []string{"ldclat_u32_seq", "ldclat_u32_low", "ldclat_u32_rev"}

func init() {
	registerFamily("ldclat", family{figures: ldclatFigures, derive: deriveLdclat})
}

func ldclatFigures(b *Bench) []string {
	r, ok := ldclatRegions[b.Name]
	if !ok {
		return []string{NCUFigure}
	}
	f := []string{NCUFigure, "hit_cycles", "noldc_cycles", "miss_cycles"}
	if strings.HasPrefix(b.Name, "ldclat_u32_") && len(r.hit) > 0 {
		f = append(f, "ldc_cycles")
	}
	return f
}

// ldclatTimes is each region's time: t[k+1] - t[k], or from the stamp
// after its bar.sync.
func ldclatTimes(clk []float64) ([]float64, error) {
	if len(clk) != 16 {
		return nil, fmt.Errorf("output clk has %d values, want 16", len(clk))
	}
	n := 0
	for n+1 < 13 && clk[n+1] != 0 {
		n++
	}
	bars := []float64{}
	for _, v := range clk[13:15] {
		if v != 0 {
			bars = append(bars, v)
		}
	}
	out := make([]float64, n)
	for k := 0; k < n; k++ {
		from := clk[k]
		// a region with a bar.sync: its stamp lies between t[k] and t[k+1]
		for _, b := range bars {
			if b > clk[k] && b < clk[k+1] {
				from = b
			}
		}
		out[k] = clk[k+1] - from
	}
	return out, nil
}

func deriveLdclat(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	m := map[string]float64{NCUFigure: cycles}
	r, ok := ldclatRegions[b.Name]
	if !ok {
		return m, nil
	}
	t, err := ldclatTimes(o["clk"])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.Name, err)
	}
	med := func(ks []int) float64 {
		var xs []float64
		for _, k := range ks {
			if k < len(t) {
				xs = append(xs, t[k])
			}
		}
		return median(xs)
	}
	m["hit_cycles"], m["noldc_cycles"], m["miss_cycles"] = med(r.hit), med(r.noldc), med(r.miss)
	if containsStr(ldclatFigures(b), "ldc_cycles") {
		m["ldc_cycles"] = m["hit_cycles"] - m["noldc_cycles"]
	}
	return m, nil
}

// ldclatLDC is const_ldc_cycles' closed form: the lower median over the
// u32 kernels of ldc_cycles.
func ldclatLDC(rec map[string]*Bench) (float64, string, error) {
	v, names, vals, err := lowerMedianOf(ldclatCal, func(b string) (float64, error) { return figure(rec, b, "ldc_cycles") })
	if err != nil {
		return 0, "", err
	}
	txt := make([]string, len(vals))
	for i, x := range vals {
		txt[i] = fmt.Sprintf("%s %.4g", names[i], x)
	}
	return v, fmt.Sprintf("fit: closed form, lower median of ldc_cycles (an LDC hit's issue to its dependent "+
		"ISETP's, minus one) over %s (validation/timing/ldclat.md)", strings.Join(txt, ", ")), nil
}
