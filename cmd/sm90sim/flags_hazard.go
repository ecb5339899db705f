package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/report"
)

// addStrictFlag registers --strict (run, banks, validate).
func addStrictFlag(cmd *cobra.Command, strict *bool) {
	cmd.Flags().BoolVar(strict, "strict", false, "make the hazard warnings (cp.async read by wgmma without fence.proxy.async, "+
		"wgmma registers written after wgmma.fence) errors: exit 1 at the first one")
}

// printWarnings prints one line per hazard warning (rule, line) on w.
func printWarnings(w io.Writer, ptxPath string, ws []report.Warning) {
	for _, x := range ws {
		src := ""
		if x.Source != "" {
			src = " (" + x.Source + ")"
		}
		fmt.Fprintf(w, "%s:%d%s: warning: %s [%s]; fix: %s (first cta (%d,%d,%d) warp %d, %d times; --strict makes it an error)\n",
			ptxPath, x.Line, src, x.Message, x.Rule, x.Fix, x.First.CTA[0], x.First.CTA[1], x.First.CTA[2], x.First.Warp, x.Count)
	}
}
