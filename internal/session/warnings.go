package session

import (
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Warnings are the launch's hazard warnings for the report, sorted by
// (line, rule); empty, not nil, when there are none.
func Warnings(l *exec.Launch) []report.Warning {
	out := []report.Warning{}
	for _, w := range l.Warnings.List() {
		out = append(out, report.Warning{Rule: w.Rule, Line: w.Line, Source: w.Source,
			First: report.WarningSite{CTA: w.CTA, Warp: w.Warp}, Count: w.Count, Message: w.Message, Fix: w.Fix})
	}
	return out
}
