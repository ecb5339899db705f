package progress

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Steps: a task whose total is not known in advance (calibrate's simulated
// runs and GPU launches) counts steps instead of CTAs. The bar is then a
// spinner with the count and the current step; the plain line reads
// "sm90sim: LABEL: 512 runs, now NAME, 30s elapsed".

// SetUnit names what Step counts ("runs"; default "steps") and returns r.
func (r *Reporter) SetUnit(unit string) *Reporter {
	if r == nil {
		return r
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.unit = unit
	return r
}

// Step counts one step and shows what it was.
func (r *Reporter) Step(what string) {
	if r == nil || r.mode == Off {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps++
	r.what = what
	if r.finished {
		return
	}
	if r.mode == Bar && r.bar == nil {
		r.bar = progressbar.NewOptions64(-1,
			progressbar.OptionSetWriter(r.w),
			progressbar.OptionSetDescription(r.label),
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString(r.stepUnit()),
			progressbar.OptionShowIts(),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSpinnerType(14))
	}
	if r.bar != nil {
		r.bar.Describe(r.label + " " + what)
		_ = r.bar.Add(1)
	}
}

// Warnf is Warn with a format.
func (r *Reporter) Warnf(format string, a ...any) { r.Warn(fmt.Sprintf(format, a...)) }

func (r *Reporter) stepUnit() string {
	if r.unit == "" {
		return "steps"
	}
	return r.unit
}

// stepLine is the plain line of a step-counting task.
func (r *Reporter) stepLine(el time.Duration) string {
	s := fmt.Sprintf("sm90sim: %s: %d %s", r.label, r.steps, r.stepUnit())
	if r.what != "" {
		s += ", now " + r.what
	}
	return s + fmt.Sprintf(", %s elapsed", el)
}
