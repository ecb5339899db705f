package calibrate

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// groups31GLS fits the port time of one warp's global store (sim/sm/lsu.go
// storePortCycles, session 31, validation/timing/gls31.md):
// l1_store_port_request_cycles (a) and l1_store_port_line_cycles (b), a
// store of n lines passing its sub-partition's port in min(n x
// l1_port_cycles_per_line, a + b n) cycles. Closed form: the
// least-squares line a + b x lines through cycles_per_access of one
// warp's stores of one whole sector a line, 8 lines (64-bit lanes, 4 a
// row: 15.6-15.7 cycles a store) and 16 lines (128-bit lanes, 2 a row:
// 27.7), at the strides gls.cu, gls2.cu and gls8's r1024 use; with one
// warp nothing but the port binds them (the L1 takes 8.5 and 18.1 cycles
// a store, storeLineTime). Each GPU on its own recordings.
var storePortBenches = []string{"gls_st64_epi_w1", "gls2_st64_epi_w1", "gls8_st64_epi_r1024_w1",
	"gls_st128_r16g2_w1", "gls2_st128_r16g2_w1"}

// storePortLine is the least-squares (a, b) of cycles_per_access = a + b x
// lines over storePortBenches.
func storePortLine(rec map[string]*Bench) (a, b float64, err error) {
	var ns, vs []float64
	for _, name := range storePortBenches {
		v, err := figure(rec, name, "cycles_per_access")
		if err != nil {
			return 0, 0, err
		}
		bn := rec[name]
		w, n := bn.meta("warps"), bn.meta("lines_per_access")
		if w != 1 || n < 2 {
			return 0, 0, fmt.Errorf("store_port: %s is not one warp's store of two lines or more", name)
		}
		ns, vs = append(ns, n), append(vs, v)
	}
	if stat.Variance(ns, nil) == 0 {
		return 0, 0, fmt.Errorf("store_port: one line count only")
	}
	a, b = stat.LinearRegression(ns, vs, nil, false)
	return a, b, nil
}

func storePortSource(a, b float64) string {
	return fmt.Sprintf("fit: closed form, least-squares line a + b x lines through cycles_per_access of one warp's stores of one whole sector a line (%s..%s: 8 and 16 lines): a %.4g, b %.4g",
		storePortBenches[0], storePortBenches[len(storePortBenches)-1], a, b)
}

var groups31GLS = []Group{
	{Name: "store_port_line", Params: []string{"l1_store_port_line_cycles"}, Benches: storePortBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, b, err := storePortLine(rec)
			if err != nil {
				return 0, "", err
			}
			return math.Round(b*1e3) / 1e3, storePortSource(a, b), nil
		}},
	{Name: "store_port_request", Params: []string{"l1_store_port_request_cycles"}, Benches: storePortBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, b, err := storePortLine(rec)
			if err != nil {
				return 0, "", err
			}
			return math.Round(a*1e2) / 1e2, storePortSource(a, b), nil
		}},
}

func init() { Groups = append(Groups, groups31GLS...) }
