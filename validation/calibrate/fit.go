package calibrate

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Row is one compared figure: the GPU's median and the simulated value
// before and after the fit.
type Row struct {
	Bench    string  `json:"benchmark"`
	Figure   string  `json:"figure"`
	Measured float64 `json:"measured"`
	Before   float64 `json:"simulated_before"`
	After    float64 `json:"simulated_after"`
	Err      string  `json:"error,omitempty"` // a failed run
}

// ErrBefore and ErrAfter are the relative errors (sim - gpu) / gpu.
func (r Row) ErrBefore() float64 { return (r.Before - r.Measured) / r.Measured }
func (r Row) ErrAfter() float64  { return (r.After - r.Measured) / r.Measured }

// Fitted is one parameter the fit set.
type Fitted struct {
	Value    float64
	Source   string
	Residual *float64 // RMS relative error of the group's simulated figures with the final parameters
	Group    string
}

// Fitter fits the parameters of Groups to the selected benchmarks.
type Fitter struct {
	// All is every recording (direct reads may use benchmarks not selected).
	All []*Bench
	// Selected are the benchmarks that are simulated and compared.
	Selected []*Bench
	Base     gpu.TimedConfig
	GPCs     [][]int
	// SMClockMHz, when > 0, is the SM clock the recordings ran at: the
	// fitted configuration uses it (ns to cycles), the "before" runs keep
	// the base's.
	SMClockMHz float64
	// Heavy also simulates benchmarks with a SIM_SKIP file (minutes).
	Heavy bool
	// Only restricts the fit to these groups (nil: every group that has a
	// selected benchmark).
	Only []string
	// Progress is called after each simulated benchmark (nil: none).
	Progress func(step string)
	// Log receives one line per group (nil: none).
	Log func(format string, args ...any)
	// Jobs is how many benchmarks are simulated at once (0: one per CPU);
	// the result does not depend on it.
	Jobs int
	// ParamsOnly skips the evaluation before the fit (Result.Rows then
	// have no Before): a refit that checks only the fitted parameters and
	// their residuals (TestRefitReproducesCommittedProfile).
	ParamsOnly bool
	// Replay, with Only, fits the Only groups in the state the full fit
	// gives them: every group the full fit would run (all recordings
	// selected) is walked in order; the searched parameters of all of
	// them start at their fixed starts, and a group not in Only sets its
	// parameters to the base profile's values at its place in the order
	// instead of fitting them. With a committed calibrated profile as the
	// base, each Only group then sees the values the full fit had at its
	// turn (exactly, unless a parameter is fitted by two groups), so a
	// subset refit reproduces the committed values of its groups
	// (TestRefitReproducesCommittedProfile). Without Replay a group not
	// in Only keeps its base value throughout, also before its turn.
	Replay bool
	evals  int
	kern   compiled
}

// Result is a fit's outcome.
type Result struct {
	Config  gpu.TimedConfig
	Params  map[string]Fitted
	Rows    []Row
	Skipped []string // groups not fitted, with why
	Evals   int      // simulated benchmark runs
}

func (f *Fitter) logf(format string, args ...any) {
	if f.Log != nil {
		f.Log(format, args...)
	}
}

// simulated reports whether the benchmark is run in the simulator.
func (f *Fitter) simulated(b *Bench) bool {
	if f.Heavy {
		return true
	}
	return !gzfile.Exists(filepath.Join(b.Dir, "SIM_SKIP")) // loose or in the directory's bundle
}

// points are the simulated figures of the selected benchmarks matching prefixes.
func (f *Fitter) benches(prefixes []string) []*Bench {
	var out []*Bench
	for _, b := range f.Selected {
		if matches(b.Name, prefixes) && f.simulated(b) {
			out = append(out, b)
		}
	}
	return out
}

func measured(b *Bench, fig string) float64 {
	if fig == NCUFigure {
		return b.NCU.Median
	}
	return b.Measured[fig]
}

// Evaluate simulates the benchmarks with tc: figure values per (bench,
// figure). Jobs benchmarks run at once, each on one goroutine; the values
// are the same for any Jobs.
func (f *Fitter) Evaluate(tc gpu.TimedConfig, bs []*Bench) (map[string]float64, map[string]error) {
	sims := make([]*Sim, len(bs))
	serrs := make([]error, len(bs))
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := f.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	for range min(jobs, len(bs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(bs) {
					return
				}
				b := bs[i]
				s, err := f.kern.session(b)
				if err == nil {
					sims[i], err = simulateSession(b, s, tc, f.GPCs, 1)
				}
				serrs[i] = err
				mu.Lock()
				f.evals++
				if f.Progress != nil {
					f.Progress(b.Name)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	vals, errs := map[string]float64{}, map[string]error{}
	for i, b := range bs {
		for _, fig := range Figures(b) {
			k := b.Name + "\x00" + fig
			if serrs[i] != nil {
				errs[k] = serrs[i]
				continue
			}
			vals[k] = sims[i].Figures[fig]
		}
	}
	return vals, errs
}

// cost is the sum of squared log ratios simulated/measured over the
// figures g judges.
func cost(g Group, bs []*Bench, vals map[string]float64, errs map[string]error) (float64, int) {
	c, n := 0.0, 0
	for _, b := range bs {
		for _, fig := range Figures(b) {
			v, m, ok, judged := g.judged(b, bs, fig, vals)
			if !judged {
				continue
			}
			k := b.Name + "\x00" + fig
			if errs[k] != nil || (g.Less != "" && errs[g.Less+"\x00"+fig] != nil) || !ok || v <= 0 || m <= 0 {
				c += 100
				continue
			}
			r := math.Log(v / m)
			c += r * r
			n++
		}
	}
	return c, n
}

// rmsRel is the RMS relative error of the figures g judges.
func rmsRel(g Group, bs []*Bench, vals map[string]float64) *float64 {
	s, n := 0.0, 0
	for _, b := range bs {
		for _, fig := range Figures(b) {
			v, m, ok, judged := g.judged(b, bs, fig, vals)
			if !judged || !ok || m <= 0 {
				continue
			}
			e := (v - m) / m
			s += e * e
			n++
		}
	}
	if n == 0 {
		return nil
	}
	r := math.Round(math.Sqrt(s/float64(n))*1e4) / 1e4
	return &r
}

// plan is the groups to run: their parameters exist in the model and, for
// searched groups, at least one of their benchmarks is simulated.
func (f *Fitter) plan() (run []Group, skipped []string) {
	sel := map[string]bool{}
	for _, b := range f.Selected {
		sel[b.Name] = true
	}
	for _, g := range Groups {
		if f.Only != nil && !containsStr(f.Only, g.Name) {
			continue
		}
		missing := ""
		for _, p := range g.Params {
			if _, ok := gpu.ParamByName(p); !ok {
				missing = p
			}
		}
		switch {
		case missing != "":
			skipped = append(skipped, fmt.Sprintf("%s: the model has no parameter %s", g.Name, missing))
		case g.Direct != nil && !anySelected(f.Selected, g.Benches):
			if f.Only != nil {
				skipped = append(skipped, fmt.Sprintf("%s: its benchmark %s is not selected", g.Name, g.Benches[0]))
			}
		case g.Direct == nil && (len(f.benches(g.Benches)) == 0 || len(g.Needs) > 0 && len(f.benches(g.Needs)) == 0):
			if f.Only != nil {
				skipped = append(skipped, fmt.Sprintf("%s: none of its benchmarks %v is selected and simulated", g.Name, g.Benches))
			}
		default:
			run = append(run, g)
		}
	}
	return run, skipped
}

func anySelected(bs []*Bench, prefixes []string) bool {
	for _, b := range bs {
		if matches(b.Name, prefixes) {
			return true
		}
	}
	return false
}

// matches: name equals a pattern, or matches it with "*" for any text
// (path.Match).
func matches(name string, patterns []string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok || name == p {
			return true
		}
	}
	return false
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// Fit runs the plan: the errors of every selected benchmark before, the
// groups in order, the errors after.
func (f *Fitter) Fit() (*Result, error) {
	rec := map[string]*Bench{}
	for _, b := range f.All {
		rec[b.Name] = b
	}
	var sim []*Bench
	for _, b := range f.Selected {
		if f.simulated(b) {
			sim = append(sim, b)
		}
	}
	groups, skipped := f.plan()
	res := &Result{Params: map[string]Fitted{}, Skipped: skipped}
	before, berrs := map[string]float64{}, map[string]error{}
	if !f.ParamsOnly {
		before, berrs = f.Evaluate(f.Base, sim)
	}
	tc := f.Base
	if f.SMClockMHz > 0 {
		tc.SMClockMHz = f.SMClockMHz
	}
	order, fitted := groups, map[string]bool{}
	for _, g := range groups {
		fitted[g.Name] = true
	}
	if f.Replay && f.Only != nil {
		full := &Fitter{All: f.All, Selected: f.All, Heavy: f.Heavy}
		order, _ = full.plan()
	}
	// Every searched parameter starts from its fixed start, whatever the
	// base profile says: the fit does not depend on the values it replaces.
	for _, g := range order {
		for i, name := range g.Params {
			if g.Direct == nil {
				p, _ := gpu.ParamByName(name)
				p.Set(&tc, g.Start[i])
			}
		}
	}
	for _, g := range order {
		if !fitted[g.Name] {
			// Replay: a group not refitted takes the base's values at its turn
			for _, name := range g.Params {
				p, _ := gpu.ParamByName(name)
				p.Set(&tc, p.Get(&f.Base))
			}
			continue
		}
		if g.Direct != nil {
			v, src, err := g.Direct(rec)
			if err != nil {
				return nil, fmt.Errorf("calibrate: group %s: %v", g.Name, err)
			}
			p, _ := gpu.ParamByName(g.Params[0])
			p.Set(&tc, v)
			fit := Fitted{Value: p.Get(&tc), Source: src, Group: g.Name}
			res.Params[g.Params[0]] = fit
			f.logf("%-14s %s = %g (%s)", g.Name, g.Params[0], fit.Value, src)
			continue
		}
		if err := f.search(&tc, g, res); err != nil {
			return nil, err
		}
	}
	after, aerrs := f.Evaluate(tc, sim)
	// residuals: each group's figures with the final parameters
	for _, g := range groups {
		bs := f.benches(g.Benches)
		if len(bs) == 0 {
			continue
		}
		vals := map[string]float64{}
		for _, b := range bs {
			for _, fig := range Figures(b) {
				k := b.Name + "\x00" + fig
				if aerrs[k] == nil {
					vals[k] = after[k]
				}
			}
		}
		r := rmsRel(g, bs, vals)
		for _, n := range g.Params {
			if fp, ok := res.Params[n]; ok {
				fp.Residual = r
				res.Params[n] = fp
			}
		}
	}
	for _, b := range sim {
		for _, fig := range Figures(b) {
			k := b.Name + "\x00" + fig
			r := Row{Bench: b.Name, Figure: fig, Measured: measured(b, fig), Before: before[k], After: after[k]}
			if e := firstErr(berrs[k], aerrs[k]); e != nil {
				r.Err = e.Error()
			}
			res.Rows = append(res.Rows, r)
		}
	}
	res.Config, res.Evals = tc, f.evals
	return res, nil
}

func firstErr(es ...error) error {
	for _, e := range es {
		if e != nil {
			return e
		}
	}
	return nil
}
