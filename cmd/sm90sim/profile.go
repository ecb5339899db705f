package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// addCPUProfileFlag registers --cpuprofile.
func addCPUProfileFlag(cmd *cobra.Command, path *string) {
	cmd.Flags().StringVar(path, "cpuprofile", "", "write a CPU profile (pprof format) of the simulator to `FILE`; read it with go tool pprof")
}

// withCPUProfile runs fn under the Go CPU profiler writing to path (no
// profiler when path is empty). The profile is written also when fn fails;
// a profile file that cannot be created or written is an input error.
func withCPUProfile(path string, fn func() error) error {
	if path == "" {
		return fn()
	}
	fh, err := os.Create(path)
	if err != nil {
		return inputErr(fmt.Errorf("--cpuprofile: %v", err))
	}
	if err := pprof.StartCPUProfile(fh); err != nil {
		fh.Close()
		return inputErr(fmt.Errorf("--cpuprofile: %v", err))
	}
	runErr := fn()
	pprof.StopCPUProfile()
	if err := fh.Close(); err != nil && runErr == nil {
		runErr = inputErr(fmt.Errorf("--cpuprofile %s: %v", path, err))
	}
	return runErr
}
