package report

import "github.com/sm90sim/sm90sim/sim/gpu"

// Timing is a timed run's section: the profile it used and what the
// timing model measured (gpu.Timing: sm_active_cycles, ipc, occupancy,
// unit_busy_cycles, stalls, hot_lines).
type Timing struct {
	Profile ProfileRef `json:"profile"`
	*gpu.Timing
}

// ProfileRef names the timing profile of a run.
type ProfileRef struct {
	Name   string `json:"name"`
	GPU    string `json:"gpu"`
	SHA256 string `json:"sha256,omitempty"`
	// ParamsSHA256: gpu.Profile.ParamsSHA256, for built-in and file
	// profiles alike (equal for h200 and calibration/h200.yaml)
	ParamsSHA256 string  `json:"params_sha256"`
	SMMHz        float64 `json:"sm_mhz"`
}
