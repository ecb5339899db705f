package calibrate

import (
	"fmt"
	"sort"
	"strings"
)

// l2ClockRecording reports whether the recording name takes part in the
// median L2 clock (groups6_l2.go, groups6_l2store.go): the l2bw recordings
// with private regions only. The l2bw_sh_* launches (tools/microbench/
// gen6_l2.py register_sh: SMs reading shared regions, issue 14) are data for
// the L2 sharing question and change no fitted parameter.
func l2ClockRecording(name string) bool {
	return strings.HasPrefix(name, "l2bw_") && !strings.HasPrefix(name, "l2bw_sh_")
}

// l2Clocks returns, sorted, ncu's L2 clock (lts__cycles_elapsed.avg.per_second,
// each recording's median over its launches) of every recording that takes
// part in the median L2 clock; an error when none has it.
func l2Clocks(rec map[string]*Bench) ([]float64, error) {
	var xs []float64
	for name, b := range rec {
		if l2ClockRecording(name) && b.Measured["ncu_l2_clock_mhz"] > 0 {
			xs = append(xs, b.Measured["ncu_l2_clock_mhz"])
		}
	}
	if len(xs) == 0 {
		return nil, fmt.Errorf("no l2bw recording has ncu's L2 clock (ncu_figures.l2_clock_mhz)")
	}
	sort.Float64s(xs)
	return xs, nil
}
