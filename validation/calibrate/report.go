package calibrate

import "math"

// Report is calibrate's --report JSON: every compared figure before and
// after the fit, the fitted parameters, the groups not fitted, the
// records' noise against the recordings (when records were applied), and
// the counts the table's last line gives.
type Report struct {
	Figures   []Row                  `json:"figures"`
	Params    map[string]ReportParam `json:"params"`
	NotFitted []string               `json:"not_fitted"`
	Noise     *ReportNoise           `json:"noise"`
	Within5   struct {
		Before int `json:"before"`
		After  int `json:"after"`
		Of     int `json:"of"`
	} `json:"within_5_percent"`
	SimulatedRuns int `json:"simulated_runs"`
}

// ReportParam is one fitted parameter.
type ReportParam struct {
	Value    float64  `json:"value"`
	Source   string   `json:"source"`
	Residual *float64 `json:"residual"`
	Group    string   `json:"group"`
}

// ReportNoise is Noise in the report (fractions, not percent).
type ReportNoise struct {
	Figures   int     `json:"figures"`
	MedianAbs float64 `json:"median_abs"`
	P90Abs    float64 `json:"p90_abs"`
	Within1   int     `json:"within_1_percent"`
	Within5   int     `json:"within_5_percent"`
}

// NewReport builds the report of a fit (noise nil when no records were
// applied).
func NewReport(res *Result, noise *Noise) *Report {
	r := &Report{Figures: res.Rows, Params: map[string]ReportParam{}, NotFitted: res.Skipped, SimulatedRuns: res.Evals}
	if r.Figures == nil {
		r.Figures = []Row{}
	}
	if r.NotFitted == nil {
		r.NotFitted = []string{}
	}
	for n, f := range res.Params {
		r.Params[n] = ReportParam{Value: f.Value, Source: f.Source, Residual: f.Residual, Group: f.Group}
	}
	for _, row := range res.Rows {
		if row.Err != "" {
			continue
		}
		r.Within5.Of++
		if math.Abs(row.ErrBefore()) <= 0.05 {
			r.Within5.Before++
		}
		if math.Abs(row.ErrAfter()) <= 0.05 {
			r.Within5.After++
		}
	}
	if noise != nil {
		r.Noise = &ReportNoise{Figures: noise.N, MedianAbs: noise.MedianAbs, P90Abs: noise.P90Abs, Within1: noise.Within1, Within5: noise.Within5}
	}
	return r
}
