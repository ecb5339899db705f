package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/progress"
)

// Flags and helpers several commands share (progress, budgets). Other
// commands adopt them with addProgressFlag and startProgress.

// addProgressFlag registers --progress.
func addProgressFlag(cmd *cobra.Command, mode *string) {
	cmd.Flags().StringVar(mode, "progress", "auto", "progress on stderr: "+progress.Modes+
		" (auto: a bar on a terminal, else one line every 30 s)")
}

// startProgress starts a reporter on the command's stderr; the caller
// Finishes it. An unknown mode is an input error.
func startProgress(cmd *cobra.Command, mode, label string) (*progress.Reporter, error) {
	m, err := progress.ParseMode(mode)
	if err != nil {
		return nil, inputErr(fmt.Errorf("sm90sim: error: %v", err))
	}
	var w io.Writer = cmd.ErrOrStderr()
	return progress.New(w, m, label), nil
}

// addMemoryFlag registers --memory-limit.
func addMemoryFlag(cmd *cobra.Command, limit *string) {
	cmd.Flags().StringVar(limit, "memory-limit", "", "host memory the run may use (512MiB, 8GiB, ...; default: the smallest of the cgroup limit, GOMEMLIMIT and MemTotal)")
}

// checkBudget refuses a --max-instructions that is not positive (the
// default is 10^10 warp instructions for the whole launch).
func checkBudget(n int64) error {
	if n <= 0 {
		return inputErr(fmt.Errorf("sm90sim: error: --max-instructions must be positive, not %d (the default is 10000000000)", n))
	}
	return nil
}
