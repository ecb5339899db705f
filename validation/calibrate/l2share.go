package calibrate

import "strings"

// l2ClockRecording reports whether the recording name takes part in the
// median L2 clock (groups6_l2.go, groups6_l2store.go): the l2bw recordings
// with private regions only. The l2bw_sh_* launches (tools/microbench/
// gen6_l2.py register_sh: SMs reading shared regions, issue 14) are data for
// the L2 sharing question and change no fitted parameter.
func l2ClockRecording(name string) bool {
	return strings.HasPrefix(name, "l2bw_") && !strings.HasPrefix(name, "l2bw_sh_")
}
