package gpu

import (
	"fmt"
	"runtime"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/smem"
)

// Config configures a run.
type Config struct {
	Layout exec.Layout `json:"layout" yaml:"layout"`
	// MaxInstructions bounds the warp instructions of the whole launch.
	MaxInstructions int64 `json:"max_instructions" yaml:"max_instructions"`
	// GPCs is the SMs of each GPC: a cluster's CTAs are placed in one GPC
	// (gpcs.go; calibration/h200.yaml).
	GPCs [][]int `json:"gpcs" yaml:"gpcs"`
	// Jobs is how many goroutines run units (CTAs, or clusters) at once:
	// 0 one per CPU (GOMAXPROCS), 1 all on the caller's goroutine. Every
	// value gives the same outputs, printf text, errors and counters.
	Jobs int `json:"jobs" yaml:"jobs"`
	// Progress, when set, is called on the caller's goroutine after each
	// unit (CTA or cluster) is committed, with the CTAs done, the grid's
	// CTAs and the warp instructions so far (internal/progress shows them).
	Progress func(ctasDone, ctasTotal int, instructions int64) `json:"-" yaml:"-"`
}

// DefaultConfig is an H100 SXM with a 10^10 instruction budget.
func DefaultConfig() Config {
	return Config{Layout: exec.DefaultLayout(), MaxInstructions: 10_000_000_000, GPCs: DefaultGPCs()}
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if c.MaxInstructions <= 0 {
		return fmt.Errorf("max_instructions must be positive, got %d", c.MaxInstructions)
	}
	if c.Jobs < 0 {
		return fmt.Errorf("jobs must be 0 (one per CPU) or positive, got %d", c.Jobs)
	}
	if c.Layout.NumSMs <= 0 {
		return fmt.Errorf("num_sms must be positive, got %d", c.Layout.NumSMs)
	}
	return validateGPCs(c.GPCs, c.Layout.NumSMs)
}

// Result summarises a run.
type Result struct {
	Instructions int64
	CTAs         int
	Smem         smem.Counters
	// Parallel says how a parallel run went (zero for a serial one); the
	// only part of the result that depends on Jobs.
	Parallel ParallelStats
}

// RunFunctional executes every unit of the launch (CTA, or cluster for a
// cluster launch; units.go) to completion. The result is that of running
// the units one after the other in linear order, which makes atomics and
// every other cross-CTA interaction deterministic; with cfg.Jobs other than
// 1 the units run on several goroutines and commit in that order
// (parallel.go), with byte-identical results.
func RunFunctional(cfg Config, k *exec.Kernel, l *exec.Launch) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if g := l.Grid; g[0] <= 0 || g[1] <= 0 || g[2] <= 0 {
		return nil, fmt.Errorf("grid %v must be positive", g)
	}
	res := &Result{}
	if l.Counters == nil {
		l.Counters = &res.Smem
	}
	p, err := newPlan(cfg, l)
	if err != nil {
		return res, err
	}
	res.Parallel = ParallelStats{Jobs: 1, Units: p.n}
	if jobs := cfg.jobs(); jobs > 1 {
		err = runParallel(p, k, l, res, cfg.MaxInstructions, jobs)
	} else {
		err = runSerial(p, k, l, res, cfg.MaxInstructions)
	}
	if l.Counters != &res.Smem {
		res.Smem = *l.Counters
	}
	return res, err
}

// jobs is the number of goroutines a run uses.
func (c Config) jobs() int {
	if c.Jobs == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return c.Jobs
}
