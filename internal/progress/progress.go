// Package progress shows how far a long simulation is, on stderr: a bar
// (github.com/schollz/progressbar) when stderr is a terminal, or one plain
// line every 30 seconds otherwise, so that a CI log is never silent for
// long. Commands take --progress auto|bar|plain|off (Flag) and report CTAs
// done and warp instructions through Update; Warn prints a line above the
// bar. A Reporter is safe for concurrent use.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Mode is how progress is shown.
type Mode int

// Modes.
const (
	Auto  Mode = iota // Bar on a terminal, else Plain
	Bar               // a redrawn bar
	Plain             // one line every Interval
	Off               // nothing
)

// Modes lists the flag values.
const Modes = "auto|bar|plain|off"

// ParseMode reads a --progress value.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "bar":
		return Bar, nil
	case "plain":
		return Plain, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("--progress %q: want one of %s", s, Modes)
}

// Interval is how often Plain prints.
const Interval = 30 * time.Second

// Reporter shows one task's progress.
type Reporter struct {
	mu       sync.Mutex
	w        io.Writer
	mode     Mode
	label    string
	start    time.Time
	now      func() time.Time
	bar      *progressbar.ProgressBar
	done     int64
	total    int64
	insts    int64
	stop     chan struct{}
	finished bool
	// steps.go: a task counted in steps (unit) rather than CTAs
	steps int64
	unit  string
	what  string
}

// New starts a reporter on w (normally os.Stderr) for one task (the
// total comes with the first Update). Auto picks Bar when w is a terminal.
func New(w io.Writer, mode Mode, label string) *Reporter {
	if mode == Auto {
		mode = Plain
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			mode = Bar
		}
	}
	return newReporter(w, mode, label, Interval)
}

func newReporter(w io.Writer, mode Mode, label string, every time.Duration) *Reporter {
	r := &Reporter{w: w, mode: mode, label: label, start: time.Now(), now: time.Now}
	if mode == Plain {
		r.stop = make(chan struct{})
		go r.tick(every)
	}
	return r
}

// newBar makes the bar once the total is known.
func (r *Reporter) newBar(total int64) *progressbar.ProgressBar {
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(r.w),
		progressbar.OptionSetDescription(r.label),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("CTAs"),
		progressbar.OptionShowIts(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30))
}

// Update records the CTAs done of total and the warp instructions so far.
func (r *Reporter) Update(done, total int64, instructions int64) {
	if r == nil || r.mode == Off {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done, r.total, r.insts = done, total, instructions
	if r.mode == Bar && r.bar == nil && !r.finished {
		r.bar = r.newBar(total)
	}
	if r.bar != nil && !r.finished {
		r.bar.Describe(fmt.Sprintf("%s %s warp-instr/s", r.label, rate(r.insts, r.now().Sub(r.start))))
		_ = r.bar.Set64(done)
	}
}

// Warn prints a line above the bar (or as is, without one).
func (r *Reporter) Warn(msg string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil && !r.finished {
		_ = r.bar.Clear()
		fmt.Fprintln(r.w, msg)
		_ = r.bar.RenderBlank()
		return
	}
	fmt.Fprintln(r.w, msg)
}

// Hook is Update in the form of gpu.Config.Progress (nil for a nil
// reporter or Off).
func (r *Reporter) Hook() func(ctasDone, ctasTotal int, instructions int64) {
	if r == nil || r.mode == Off {
		return nil
	}
	return func(d, t int, n int64) { r.Update(int64(d), int64(t), n) }
}

// Finish removes the bar and stops the plain ticker.
func (r *Reporter) Finish() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.finished {
		return
	}
	r.finished = true
	if r.bar != nil {
		_ = r.bar.Clear()
	}
	if r.stop != nil {
		close(r.stop)
	}
}

func (r *Reporter) tick(every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
			r.mu.Lock()
			if !r.finished {
				fmt.Fprintln(r.w, r.line())
			}
			r.mu.Unlock()
		}
	}
}

// line is the plain report: "sm90sim: LABEL: 12/64 CTAs, 3.2e+08 warp
// instructions (1.1e+07/s), 30s elapsed, about 2m0s left".
func (r *Reporter) line() string {
	el := r.now().Sub(r.start).Round(time.Second)
	if r.total == 0 && r.steps > 0 {
		return r.stepLine(el)
	}
	if r.total == 0 {
		return fmt.Sprintf("sm90sim: %s: preparing the launch (no CTA started yet), %s elapsed", r.label, el)
	}
	s := fmt.Sprintf("sm90sim: %s: %d/%d CTAs, %d warp instructions (%s/s), %s elapsed", r.label, r.done, r.total, r.insts, rate(r.insts, el), el)
	if r.done > 0 && r.done < r.total {
		left := time.Duration(float64(el) * float64(r.total-r.done) / float64(r.done)).Round(time.Second)
		s += fmt.Sprintf(", about %s left", left)
	}
	return s
}

func rate(n int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g", float64(n)/d.Seconds())
}
