package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// groupsL2QPort fits the GPC's L2 port (sim/gpu/l2port.go, issue 14) in
// closed form from the l2bw family (tools/microbench/gen6_l2.py):
//
//   - l2_port_bytes_per_l2_cycle: l2bw_ld_c8 and l2bw_tma_c8 run on SMs
//     124..131, eight SMs behind one port, each of which alone moves 110
//     (ld.cg) or 83 (TMA) bytes per cycle (_c1.._c4, on the same SMs); the
//     eight together move what the port passes, whichever load feeds it.
//     Each one's bytes_per_sm_cycle times the SM clock of its timed region
//     (%clock64 over %globaltimer) over its L2 clock (ncu), as
//     l2_bytes_per_l2_cycle; the mean of the two.
var groupsL2QPort = []Group{
	{Name: "l2_port", Params: []string{"l2_port_bytes_per_l2_cycle"}, Benches: l2qPortBenches,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var sum float64
			var parts []string
			for _, n := range l2qPortBenches {
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
				sum += x
				parts = append(parts, fmt.Sprintf("%s %.4g x %.4g / %.4g = %.4g", n, bps, sm, l2, x))
			}
			v := sum / float64(len(l2qPortBenches))
			return math.Round(v), fmt.Sprintf("fit: closed form, mean of bytes_per_sm_cycle x SM MHz (%%clock64 / %%globaltimer) / L2 MHz (ncu) of the 8 SMs behind one GPC port (124..131): %s",
				strings.Join(parts, "; ")), nil
		}},
}

// l2qPortBenches are the l2bw recordings whose SMs all sit behind one port
// and fill it.
var l2qPortBenches = []string{"l2bw_ld_c8", "l2bw_tma_c8"}

func init() { Groups = append(Groups, groupsL2QPort...) }
