package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// groupsL2BW fits the L2 bandwidth from the l2bw family (tools/microbench/
// gen6_l2.py), both in closed form:
//
//   - l2_clock_mhz: the median over every l2bw recording of ncu's
//     lts__cycles_elapsed.avg.per_second (each recording's median over its
//     launches; the H200's L2 ran at 1695-1706 MHz in every launch while
//     the SM clock ran at 1940-1980);
//   - l2_bytes_per_l2_cycle: the L2 saturated by all 132 SMs
//     (l2bw_ld_c132, _x2, _x4 and l2bw_tma_c132): each one's
//     bytes_per_sm_cycle (the sum over CTAs of each CTA's bytes over its
//     %clock64 cycles, the figure the simulator is compared on) times the
//     SM clock of its timed region (%clock64 over %globaltimer) over its
//     L2 clock; the median of the four.
var groupsL2BW = []Group{
	{Name: "l2_clock", Params: []string{"l2_clock_mhz"}, Benches: l2Saturated,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			xs, err := l2Clocks(rec)
			if err != nil {
				return 0, "", err
			}
			v := median(xs)
			return math.Round(v), fmt.Sprintf("fit: closed form, median ncu lts__cycles_elapsed.avg.per_second of the %d l2bw recordings: %.1f MHz (%.1f..%.1f)",
				len(xs), v, xs[0], xs[len(xs)-1]), nil
		}},
	{Name: "l2_bandwidth", Params: []string{"l2_bytes_per_l2_cycle"}, Benches: l2Saturated,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var xs []float64
			var parts []string
			for _, n := range l2Saturated {
				bps, err := figure(rec, n, "bytes_per_sm_cycle")
				if err != nil {
					return 0, "", err
				}
				sm, err := figure(rec, n, "sm_mhz_clock64")
				if err != nil {
					return 0, "", err
				}
				l2, err := figure(rec, n, "ncu_l2_clock_mhz")
				if err != nil {
					return 0, "", err
				}
				x := bps * sm / l2
				xs = append(xs, x)
				parts = append(parts, fmt.Sprintf("%s %.4g x %.4g / %.4g = %.4g", n, bps, sm, l2, x))
			}
			v := median(xs)
			return math.Round(v), fmt.Sprintf("fit: closed form, median of bytes_per_sm_cycle x SM MHz (%%clock64 / %%globaltimer) / L2 MHz (ncu) with all 132 SMs streaming L2: %s",
				strings.Join(parts, "; ")), nil
		}},
}

// l2Saturated are the l2bw recordings with every SM streaming L2.
var l2Saturated = []string{"l2bw_ld_c132", "l2bw_ld_c132_x2", "l2bw_ld_c132_x4", "l2bw_tma_c132"}

func init() { Groups = append(Groups, groupsL2BW...) }
