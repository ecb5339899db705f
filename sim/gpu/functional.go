package gpu

import (
	"fmt"

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
}

// RunFunctional executes every CTA of the launch to completion, one after
// the other in linear CTA order (x fastest), which makes atomics and every
// other cross-CTA interaction deterministic. CTA i runs on SM i mod NumSMs.
// A cluster launch runs cluster by cluster instead (run_cluster.go).
func RunFunctional(cfg Config, k *exec.Kernel, l *exec.Launch) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	res := &Result{}
	if l.Counters == nil {
		l.Counters = &res.Smem
	}
	budget := cfg.MaxInstructions
	g := l.Grid
	if g[0] <= 0 || g[1] <= 0 || g[2] <= 0 {
		return nil, fmt.Errorf("grid %v must be positive", g)
	}
	if l.ClusterGiven {
		err := runClusters(cfg, k, l, res, &budget)
		if l.Counters != &res.Smem {
			res.Smem = *l.Counters
		}
		return res, err
	}
	n := 0
	for z := 0; z < g[2]; z++ {
		for y := 0; y < g[1]; y++ {
			for x := 0; x < g[0]; x++ {
				c, err := exec.NewCTA(k, l, [3]int{x, y, z}, n%cfg.Layout.NumSMs)
				if err != nil {
					return res, err
				}
				err = c.Run(&budget)
				for _, w := range c.Warps() {
					res.Instructions += w.Instructions()
				}
				res.CTAs++
				if err != nil {
					return res, err
				}
				c.Release()
				n++
			}
		}
	}
	if l.Counters != &res.Smem {
		res.Smem = *l.Counters
	}
	return res, nil
}
