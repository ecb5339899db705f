package calibrate

import (
	"fmt"
	"math"
)

// groups30GLS fits the expected wait of a store's lines on the L2 slices
// (sim/sm/lsu.go storeLineTime, session 30, validation/timing/gls30.md):
// l1_store_line_pair_cycles, the L1 time a pair of lines of one store
// request adds (the chance that the two go to the same slice). Closed
// form: the least-squares k of cycles a store on the SM (cycles_per_access
// / warps) = lines + k x lines(lines-1)/2 over 4 to 16 warps' stores of
// one 32-byte sector a line, 8 lines (64-bit lanes, 4 a row: 8.1-8.7
// cycles a store) and 16 lines (128-bit lanes, 2 a row: 17.4-18.6), at
// the row strides gls.cu, gls2.cu and gls8's powers of two use. gls8's
// 640-, 4224- and 8192-byte rows (the slice hash at its worst, 9.2-28
// cycles) are the check, not fitted, and so are the coalesced stores (4
// sectors a line), which the sectors bound.
var storeLinePairBenches = []string{"gls_st64_epi_w4", "gls_st64_epi_w8", "gls_st64_epi_w16", "gls2_st64_epi_w4",
	"gls8_st64_epi_r128_w4", "gls8_st64_epi_r1024_w4", "gls8_st64_epi_r2048_w4", "gls8_st64_epi_r1024_w8",
	"gls_st128_r16g2_w4", "gls2_st128_r16g2_w4", "gls8_st128_r16g2_r1024_w4"}

var groups30GLS = []Group{
	{Name: "store_line_pair", Params: []string{"l1_store_line_pair_cycles"}, Benches: storeLinePairBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var num, den float64
			for _, name := range storeLinePairBenches {
				v, err := figure(rec, name, "cycles_per_access")
				if err != nil {
					return 0, "", err
				}
				b := rec[name]
				w, n := b.meta("warps"), b.meta("lines_per_access")
				if w <= 0 || n < 2 {
					return 0, "", fmt.Errorf("store_line_pair: %s lacks warps or lines_per_access", name)
				}
				pairs := n * (n - 1) / 2
				num += pairs * (v/w - n)
				den += pairs * pairs
			}
			k := math.Round(num/den*1e4) / 1e4
			return k, fmt.Sprintf("fit: closed form, least-squares k of cycles_per_access / warps = lines + k x lines(lines-1)/2 over %s..%s (%d stores of one sector a line, 8 and 16 lines): %.4g",
				storeLinePairBenches[0], storeLinePairBenches[len(storeLinePairBenches)-1], len(storeLinePairBenches), num/den), nil
		}},
}

func init() { Groups = append(Groups, groups30GLS...) }
