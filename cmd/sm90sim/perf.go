package main

import (
	"fmt"
	"io"

	"github.com/sm90sim/sm90sim/internal/report"
)

// printPerformance prints one line per performance diagnostic on w
// (README "Performance diagnostics"); they never change the exit status.
func printPerformance(w io.Writer, ptxPath string, ps []report.Performance) {
	for _, p := range ps {
		src := ""
		if p.Source != "" {
			src = " (" + p.Source + ")"
		}
		fmt.Fprintf(w, "%s:%d%s: performance: %s [%s]\n", ptxPath, p.Line, src, p.Message, p.Rule)
	}
}
