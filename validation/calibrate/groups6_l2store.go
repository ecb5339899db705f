package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// groupsL2Store fits what a store costs the L2 (l2.go's slice port), in
// closed form from the two gls recordings with every SM storing
// (gls_st128_coal_c132_w16: whole 128-byte lines; gls_st64_epi_c132_w8:
// one 32-byte sector per line, the wgmma epilogue's shape). With all 132
// SMs storing, a line of s sectors holds the L2 for a + b*s L2 cycles
// (GPU-wide); each recording gives the GPU-wide time per line:
//
//	t = cycles_per_access / (ctas x warps x lines_per_access) x L2 MHz / SM MHz
//
// (cycles_per_access at the recording's ncu SM clock, the L2 clock from the
// l2bw recordings), and the two shapes solve for b (l2_store_bytes_per_l2_cycle
// = 32 / b) and a (l2_store_lines_per_l2_cycle = 1 / a). Two figures, two
// parameters: the rest of the gls stores (one CTA, L1-bound) check that the
// L2 rate does not slow a single SM.
var groupsL2Store = []Group{
	{Name: "l2_store_bytes", Params: []string{"l2_store_bytes_per_l2_cycle"}, Benches: l2StoreBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			_, b, src, err := l2StoreSolve(rec)
			if err != nil {
				return 0, "", err
			}
			return math.Round(32 / b), src, nil
		}},
	{Name: "l2_store_lines", Params: []string{"l2_store_lines_per_l2_cycle"}, Benches: l2StoreBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, _, src, err := l2StoreSolve(rec)
			if err != nil {
				return 0, "", err
			}
			return math.Round(1 / a), src, nil
		}},
}

var l2StoreBenches = []string{"gls_st128_coal_c132_w16", "gls_st64_epi_c132_w8"}

// l2StoreSolve returns the GPU-wide L2 cycles per store line (a) and per
// sector (b) and the source text.
func l2StoreSolve(rec map[string]*Bench) (a, b float64, src string, err error) {
	l2, err := l2Clocks(rec)
	if err != nil {
		return 0, 0, "", err
	}
	l2MHz := median(l2)
	var t, s [2]float64
	var parts []string
	for i, n := range l2StoreBenches {
		cpa, ferr := figure(rec, n, "cycles_per_access")
		if ferr != nil {
			return 0, 0, "", ferr
		}
		r := rec[n]
		if r.SMClockMHz <= 0 {
			return 0, 0, "", fmt.Errorf("recording %s has no SM clock", n)
		}
		lines := r.meta("ctas") * r.meta("warps") * r.meta("lines_per_access")
		s[i] = r.meta("sectors_per_line")
		if lines <= 0 || s[i] <= 0 {
			return 0, 0, "", fmt.Errorf("recording %s: meta ctas, warps, lines_per_access, sectors_per_line must be > 0", n)
		}
		t[i] = cpa / lines * l2MHz / r.SMClockMHz
		parts = append(parts, fmt.Sprintf("%s %.4g cycles per access / %.0f lines x %.0f / %.1f MHz = %.5f L2 cycles per line of %.0f sectors",
			n, cpa, lines, l2MHz, r.SMClockMHz, t[i], s[i]))
	}
	if s[0] == s[1] {
		return 0, 0, "", fmt.Errorf("the two store shapes have the same sectors per line")
	}
	b = (t[0] - t[1]) / (s[0] - s[1])
	a = t[0] - b*s[0]
	if a <= 0 || b <= 0 {
		return 0, 0, "", fmt.Errorf("store L2 costs per line %.5f and per sector %.5f: both must be > 0", a, b)
	}
	src = fmt.Sprintf("fit: closed form, L2 cycles per stored line = a + b x sectors over %s: a %.5f, b %.5f",
		strings.Join(parts, "; "), a, b)
	return a, b, src, nil
}

func init() { Groups = append(Groups, groupsL2Store...) }
