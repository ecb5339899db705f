package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// calibProgress is a spinner on stderr (github.com/schollz/progressbar/v3)
// counting simulated runs, with the current step as its description, and
// the fit's log lines printed above it; on a non-terminal only the log lines. It stands in until the shared
// progress package (internal/progress, another branch) is merged.
type calibProgress struct {
	w   io.Writer
	bar *progressbar.ProgressBar // nil when w is not a terminal
}

func newProgress(w io.Writer, what string) *calibProgress {
	if f, ok := w.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return &calibProgress{w: w}
	}
	return &calibProgress{w: w, bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("runs"),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSpinnerType(14),
	)}
}

func (p *calibProgress) step(name string) {
	if p.bar == nil {
		return
	}
	p.bar.Describe(name)
	_ = p.bar.Add(1)
}

func (p *calibProgress) log(format string, a ...any) {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	fmt.Fprintf(p.w, format+"\n", a...)
}

func (p *calibProgress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
