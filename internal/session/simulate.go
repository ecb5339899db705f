package session

import (
	"fmt"
	"time"

	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// RunOptions are the run settings the CLI and validation pass through.
type RunOptions struct {
	// MaxInstructions is the warp-instruction budget (0: the default).
	MaxInstructions int64
	// Jobs is the number of goroutines running CTAs (0: one per CPU, 1:
	// serial); results do not depend on it (gpu.Config.Jobs).
	Jobs int
	// NoHazardCheck switches the hazard checkers off (exec.Launch).
	NoHazardCheck bool
	// Strict makes the hazard warnings errors (exec.Launch.StrictHazards).
	Strict bool
}

// Simulate prepares the launch and runs it functionally, filling rep (kernel,
// geometry, instructions, smem counters, host timing; status and error when
// it fails). It returns the session (buffers, printf output) when the launch
// could be prepared. A *exec.Fault error is a kernel failure; any other
// error is an input error.
func Simulate(ptxPath, specPath, kernel string, opt RunOptions, rep *report.Report) (*Session, error) {
	rep.Status, rep.Mode = "ok", "functional"
	s, err := Prepare(ptxPath, specPath, kernel, exec.DefaultLayout())
	if err != nil {
		rep.SetError(err)
		return nil, err
	}
	rep.Kernel, rep.Grid, rep.Block, rep.SharedBytes = s.Kernel.Name(), s.Spec.Grid, s.Spec.Block, s.Spec.SharedBytes
	if s.Spec.ClusterGiven {
		c := s.Spec.Cluster
		rep.Cluster = &c
	}
	cfg, err := opt.Config()
	if err != nil {
		rep.SetError(err)
		return s, err
	}
	s.Launch.NoHazardCheck = opt.NoHazardCheck
	s.Launch.StrictHazards = opt.Strict
	start := time.Now()
	res, err := s.Run(cfg)
	wall := time.Since(start).Seconds()
	rep.Warnings = Warnings(s.Launch)
	if res != nil {
		n := res.Instructions
		rep.Instructions = &n
		rep.Smem = report.FromCounters(&res.Smem)
		s.Smem = res.Smem
		rep.Host.WallSeconds = wall
		rep.Host.Jobs, rep.Host.UnitsRerun = res.Parallel.Jobs, res.Parallel.Reruns()
		if wall > 0 {
			rep.Host.WarpInstructionsPerSecond = float64(n) / wall
		}
	}
	if err != nil {
		rep.SetError(err)
		return s, err
	}
	rep.Outputs = s.Spec.Outputs
	return s, nil
}

// Config is the run configuration for the options (errors name the flag).
func (o RunOptions) Config() (gpu.Config, error) {
	cfg := gpu.DefaultConfig()
	if o.MaxInstructions > 0 {
		cfg.MaxInstructions = o.MaxInstructions
	}
	cfg.Jobs = o.Jobs
	if err := cfg.Validate(); err != nil {
		if o.Jobs < 0 {
			return cfg, fmt.Errorf("--jobs: %v", err)
		}
		return cfg, fmt.Errorf("--max-instructions: %v", err)
	}
	return cfg, nil
}
