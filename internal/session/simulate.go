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
	// Timed runs the timing model with Profile (nil: the built-in H200
	// profile) instead of the functional run.
	Timed   bool
	Profile *gpu.Profile
	// NoSample times every CTA (gpu.TimedOptions.NoSample).
	NoSample bool
	// Trace receives the timed run's spans (nil: none).
	Trace gpu.TraceSink
	// TraceMinCycles: the trace's shortest warp wait and merge gap
	// (--trace-min-cycles; sim/sm tracehooks.go).
	TraceMinCycles int64
	// Strict makes the hazard warnings errors (exec.Launch.StrictHazards).
	Strict bool
	// Progress, when set, hears of every committed CTA (gpu.Config.Progress).
	Progress func(ctasDone, ctasTotal int, instructions int64)
}

// Simulate prepares the launch and runs it functionally, filling rep (kernel,
// geometry, instructions, smem counters, host timing; status and error when
// it fails). It returns the session (buffers, printf output) when the launch
// could be prepared. A *exec.Fault error is a kernel failure; any other
// error is an input error.
func Simulate(ptxPath, specPath, kernel string, opt RunOptions, rep *report.Report) (*Session, error) {
	rep.Status, rep.Mode = "ok", "functional"
	if opt.Timed {
		rep.Mode = "timed"
	}
	s, err := Prepare(ptxPath, specPath, kernel, exec.DefaultLayout())
	if err != nil {
		rep.SetError(err)
		return nil, err
	}
	rep.SetKernel(s.Kernel.Name())
	rep.Performance = Performance(s.Kernel)
	rep.Grid, rep.Block, rep.SharedBytes = s.Spec.Grid, s.Spec.Block, s.Spec.SharedBytes
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
	var res *gpu.Result
	if opt.Timed {
		res, err = s.runTimed(cfg, opt, rep)
	} else {
		res, err = s.Run(cfg)
	}
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
			if res.Parallel.Jobs > 1 {
				rep.Host.ParallelSpeedup = res.Parallel.Busy.Seconds() / wall
				rep.Host.ParallelCPU = res.Parallel.BusyCPU.Seconds() / wall
			}
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
	cfg.Progress = o.Progress
	if err := cfg.Validate(); err != nil {
		if o.Jobs < 0 {
			return cfg, fmt.Errorf("--jobs: %v", err)
		}
		return cfg, fmt.Errorf("--max-instructions: %v", err)
	}
	return cfg, nil
}

// runTimed runs the launch with the timing model and fills the report's
// cycles, time_us and timing sections.
func (s *Session) runTimed(cfg gpu.Config, opt RunOptions, rep *report.Report) (*gpu.Result, error) {
	prof := opt.Profile
	if prof == nil {
		prof = gpu.BuiltinProfile()
	}
	tc, err := prof.Config()
	if err != nil {
		return nil, err
	}
	if len(prof.GPCs) > 0 {
		cfg.GPCs = prof.GPCs
	}
	res, tm, err := gpu.RunTimed(cfg, tc, s.Kernel, s.Launch, gpu.TimedOptions{
		RegistersPerThread: s.Spec.Registers, HotLines: true, Trace: opt.Trace, TraceMinCycles: opt.TraceMinCycles, NoSample: opt.NoSample})
	if err != nil {
		return res, err
	}
	c, us := tm.Cycles, tm.TimeUS
	rep.Cycles, rep.TimeUS = &c, &us
	rep.Timing = &report.Timing{Profile: report.ProfileRef{Name: prof.Name, GPU: prof.GPU, SHA256: prof.SHA256,
		ParamsSHA256: prof.ParamsSHA256(), SMMHz: prof.SMMHz}, Timing: tm}
	return res, nil
}
