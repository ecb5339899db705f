package validation

import (
	"errors"
	"math"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// ValidateReport is `sm90sim validate`'s JSON report: the comparison of
// every output, cycles side by side, and each side's own run report.
type ValidateReport struct {
	Status      string  `json:"status"` // "match", "mismatch" or "error"
	Error       *string `json:"error"`
	Kernel      string  `json:"kernel"`
	Demangled   string  `json:"kernel_demangled"` // as in the run report
	Grid        [3]int  `json:"grid"`
	Block       [3]int  `json:"block"`
	Cluster     *[3]int `json:"cluster,omitempty"`
	SharedBytes int     `json:"shared_bytes"`
	// Equal is true when every output matched (bitwise or by its compare rule).
	Equal   bool       `json:"equal"`
	Outputs []Diff     `json:"outputs"`
	Cycles  CyclesPair `json:"cycles"`
	// Counters are ncu's shared-memory counters next to the simulator's,
	// when ncu ran (informational: they do not change Status or Equal).
	Counters  []CounterDiff  `json:"smem_counters,omitempty"`
	Simulator *report.Report `json:"simulator"`
	// Provenance is filled by the CLI (what ran, with hashes).
	Provenance *report.Provenance `json:"provenance"`
	GPU        *report.Report     `json:"gpu"`
}

// CyclesPair puts the GPU's cycles next to the simulator's.
type CyclesPair struct {
	GPU       *int64 `json:"gpu"`
	GPUSource string `json:"gpu_source"`
	// GPUEvents are the event-timed launches in cycles (min, median, max
	// of the launches at the SM clock settleCycles would use; null without
	// timed launches or a clock).
	GPUEvents *CycleSpread `json:"gpu_event_cycles"`
	// Simulated is the timed run's cycles (validate --mode timed; null in
	// functional mode: never estimated).
	Simulated *int64 `json:"simulated"`
	// Error is (simulated - gpu) / gpu, null unless both are known.
	Error *float64 `json:"error"`
	// SimulatedSMMHz is the SM clock the timed run simulated at (null in
	// functional mode) and SimulatedSMMHzSource where it comes from: the
	// GPU launch's clock (ncu, else measured, else nvidia-smi), or the
	// profile's clocks.sm_mhz (--sm-clock-mhz given, or no clock known).
	SimulatedSMMHz       *float64 `json:"simulated_sm_mhz"`
	SimulatedSMMHzSource string   `json:"simulated_sm_mhz_source,omitempty"`
}

// CycleSpread is a spread of cycle counts over launches.
type CycleSpread struct {
	Min    int64   `json:"min"`
	Median int64   `json:"median"`
	Max    int64   `json:"max"`
	N      int     `json:"n"`
	SMMHz  float64 `json:"sm_mhz"`
}

// eventCycles converts the event-timed launches to cycles at the best SM
// clock known (measured, then nvidia-smi's current).
func eventCycles(g *GPUInfo) *CycleSpread {
	if g == nil || g.KernelTime == nil {
		return nil
	}
	mhz, _ := g.Clocks.runClock()
	if mhz == 0 {
		return nil
	}
	cyc := func(ms float64) int64 { return int64(math.Round(ms * 1e3 * mhz)) }
	t := g.KernelTime
	return &CycleSpread{Min: cyc(t.MinMS), Median: cyc(t.MedianMS), Max: cyc(t.MaxMS), N: t.Launches, SMMHz: mhz}
}

// setSimulated fills Simulated and Error.
func (c *CyclesPair) setSimulated(sim *int64) {
	c.Simulated = sim
	if sim != nil && c.GPU != nil && *c.GPU > 0 {
		e := float64(*sim-*c.GPU) / float64(*c.GPU)
		c.Error = &e
	}
}

// ErrMismatch is returned by Validate when outputs differ.
var ErrMismatch = errors.New("the simulator's outputs differ from the GPU's")

// SimError is the simulator failing to run a kernel the GPU ran.
type SimError struct{ Err error }

func (e *SimError) Error() string { return "simulator: " + e.Err.Error() }
func (e *SimError) Unwrap() error { return e.Err }

// ValidateOptions configures Validate.
type ValidateOptions struct {
	Kernel          string // --kernel
	MaxInstructions int64  // the simulator's warp-instruction budget
	Jobs            int    // the simulator's parallel CTAs (0: one per CPU)
	NoHazardCheck   bool   // switch the simulator's hazard checkers off
	Strict          bool   // make the simulator's hazard warnings errors
	// Progress hears of the simulator's committed CTAs (gpu.Config.Progress).
	Progress func(ctasDone, ctasTotal int, instructions int64)
	// Timed runs the simulator's timing model with Profile (nil: the
	// built-in one): the report's cycles.simulated and cycles.error.
	Timed   bool
	Profile *gpu.Profile
	// NoSample times every CTA of a timed run (gpu.TimedOptions.NoSample).
	NoSample bool
	// KeepProfileClock simulates at Profile's SM clock (--sm-clock-mhz
	// given) instead of the clock the GPU launch ran at.
	KeepProfileClock bool
	GPU              GPUOptions
}

// Validate runs the kernel on the GPU and in the simulator and compares
// the outputs. The report is nil only when the inputs could not be read
// (the error is then an *InputError). Other errors: no GPU
// (*driver.NoDeviceError), a GPU-side failure (*driver.Error), a
// simulator failure (*SimError), or ErrMismatch.
func Validate(ptxPath, specPath string, opt ValidateOptions) (*ValidateReport, error) {
	plan, err := PlanGPU(ptxPath, specPath, opt.Kernel)
	if err != nil {
		return nil, err
	}
	s := plan.Spec
	r := &ValidateReport{Kernel: plan.Kernel, Demangled: kname.Demangled(plan.Kernel), Grid: s.Grid, Block: s.Block, SharedBytes: s.SharedBytes}
	if s.ClusterGiven {
		c := s.Cluster
		r.Cluster = &c
	}
	gres, gerr := RunGPU(plan, opt.GPU)
	r.GPU = GPUReport(plan, gres, gerr)
	if gres != nil && gres.Info != nil {
		r.Cycles.GPU, r.Cycles.GPUSource = gres.Info.Cycles, gres.Info.CyclesSource
		r.Cycles.GPUEvents = eventCycles(gres.Info)
	}
	if gerr != nil {
		return r.fail(gerr)
	}
	prof := opt.Profile
	if opt.Timed {
		if prof == nil {
			prof = gpu.BuiltinProfile()
		}
		src := "profile clocks.sm_mhz"
		if opt.KeepProfileClock {
			src = "--sm-clock-mhz"
		} else if mhz, from := gres.Info.SMClockMHz(); mhz > 0 {
			prof, src = prof.AtSMClock(mhz), from
		}
		mhz := prof.SMMHz
		r.Cycles.SimulatedSMMHz, r.Cycles.SimulatedSMMHzSource = &mhz, src
	}
	sim, ss, serr := simulate(ptxPath, specPath, plan.Kernel, session.RunOptions{MaxInstructions: opt.MaxInstructions, Jobs: opt.Jobs, NoHazardCheck: opt.NoHazardCheck, Strict: opt.Strict, Progress: opt.Progress,
		Timed: opt.Timed, Profile: prof, NoSample: opt.NoSample})
	r.Simulator = sim
	if sim != nil && opt.Timed {
		r.Cycles.setSimulated(sim.Cycles)
	}
	if serr != nil {
		return r.fail(&SimError{serr})
	}
	if n := gres.Info; n != nil && n.NCU != nil && n.NCU.Error == nil {
		n := n.NCU
		r.Counters = CompareCounters(n.Metrics, &ss.Smem, s.Grid[0]*s.Grid[1]*s.Grid[2])
	}
	r.Outputs = CompareOutputs(s, ss.Bufs, gres.Outputs)
	r.Equal = true
	for _, d := range r.Outputs {
		r.Equal = r.Equal && d.Equal
	}
	if !r.Equal {
		r.Status = "mismatch"
		return r, ErrMismatch
	}
	r.Status = "match"
	return r, nil
}

func (r *ValidateReport) fail(err error) (*ValidateReport, error) {
	r.Status = "error"
	msg := err.Error()
	r.Error = &msg
	return r, err
}

// CompareOutputs compares the simulator's buffers with the GPU's outputs,
// output by output, under the spec's compare rules.
func CompareOutputs(s *launch.Spec, sim []*launch.Buffer, gpuOut []*launch.Buffer) []Diff {
	find := func(bs []*launch.Buffer, n string) *launch.Buffer {
		for _, b := range bs {
			if b.Name == n {
				return b
			}
		}
		return nil
	}
	var out []Diff
	for _, name := range s.Outputs {
		got, want := find(sim, name), find(gpuOut, name)
		if got == nil || want == nil {
			out = append(out, Diff{Name: name})
			continue
		}
		out = append(out, Compare(name, want.DType, got.Data, want.Data, s.CompareFor(name)))
	}
	return out
}

// GPUReport is the run report of a GPU run (`gpu run`, and the "gpu" side
// of `validate`): the keys of `sm90sim run`, mode "gpu", instructions
// null (the GPU runs SASS, not PTX), cycles the GPU's.
func GPUReport(plan *GPUPlan, res *GPUResult, err error) *report.Report {
	s := plan.Spec
	r := &report.Report{Status: "ok", Grid: s.Grid, Block: s.Block,
		SharedBytes: s.SharedBytes, Mode: "gpu"}
	r.SetKernel(plan.Kernel)
	if s.ClusterGiven {
		c := s.Cluster
		r.Cluster = &c
	}
	if res != nil {
		r.Host.WallSeconds = res.WallSeconds
		if res.Info != nil {
			r.GPU, r.Cycles = res.Info, res.Info.Cycles
		}
	}
	if err != nil {
		r.SetError(err)
	} else {
		r.Outputs = s.Outputs
	}
	return r
}

// Simulate runs the kernel functionally in the simulator through
// internal/session (the path `sm90sim run` takes) and returns its run
// report and buffers.
func Simulate(ptxPath, specPath, kernel string, opt session.RunOptions) (*report.Report, []*launch.Buffer, error) {
	rep, s, err := simulate(ptxPath, specPath, kernel, opt)
	if err != nil {
		return rep, nil, err
	}
	return rep, s.Bufs, nil
}

func simulate(ptxPath, specPath, kernel string, opt session.RunOptions) (*report.Report, *session.Session, error) {
	rep := &report.Report{}
	s, err := session.Simulate(ptxPath, specPath, kernel, opt, rep)
	return rep, s, err
}
