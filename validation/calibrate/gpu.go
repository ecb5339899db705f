package calibrate

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/validation"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// GPURunOptions configures MeasureGPU.
type GPURunOptions struct {
	Library string // CUDA driver library ("" is libcuda.so.1)
	Ordinal int
	// Runs is the launches per benchmark whose %clock64 outputs are
	// derived (each on pristine inputs, as the recordings' 5 runs).
	Runs int
	// NCU returns how to profile the benchmark under ncu (nil: not
	// profiled); NCULaunches profiled launches give cycles {min, median, max}.
	NCU         func(b *Bench) *validation.NCUOptions
	NCULaunches int
	Progress    func(step string)
	Now         func() time.Time
	// Record gets each benchmark's record as soon as it is measured (an
	// error stops the run), so an interrupted run keeps what it measured.
	Record func(BenchRecord) error
}

// GPUFigures are the figures a GPU run of b derives (ncu: its launches
// are also profiled under ncu), or why it derives none. A figure comes
// from the runner's launches (warm, one context, pristine inputs) unless
// it is the launch under ncu (NCUFigure: only when profiled) or its
// family's figures come from the launches ncu profiled with its cache
// flush (clockFileOf: the code and data cold, which the runner's launches
// are not).
func GPUFigures(b *Bench, ncu bool) (figs []string, skip string) {
	if why, ok := notCompared[b.Family]; ok {
		return nil, "not compared: " + why
	}
	if base, ok := clockFileOf[b.Family]; ok {
		return nil, "figures from the launches ncu profiled with its cache flush (" + base + ".json); the runner does not read a profiled launch's outputs"
	}
	for _, k := range Figures(b) {
		if k != NCUFigure || ncu {
			figs = append(figs, k)
		}
	}
	if len(figs) == 0 {
		return nil, "the launch's ncu cycles only (--ncu all)"
	}
	return figs, ""
}

// MeasureGPU runs every benchmark on the GPU through the validation
// runner (the CUDA driver): one context and module per benchmark, Runs
// launches each on pristine inputs whose outputs go through Derive (the
// figures' median, min and max), ncu's sm__cycles_elapsed.max over
// NCULaunches profiled launches when NCU asks for it, and the SM clock
// measured after the launches (%clock64 over %globaltimer; nvidia-smi's
// memory clock and driver once, at the first benchmark). A benchmark
// that fails, or whose figures the runner cannot derive (GPUFigures),
// gets a record with Skipped saying why and no figures; the others go on
// (no driver or no such GPU ends the run: driver.IsNoDevice).
// Record, when set, gets each record as soon as it is measured.
func MeasureGPU(bs []*Bench, opt GPURunOptions) ([]BenchRecord, error) {
	if opt.Runs <= 0 {
		opt.Runs = 5
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	var out []BenchRecord
	gpuName, driverVer, memMHz := "", "", 0.0
	for _, b := range bs {
		rec := BenchRecord{Benchmark: b.Name, Params: b.Meta, Clocks: map[string]float64{},
			FigureSpread: map[string]Spread{}, Date: opt.Now().UTC().Format(time.RFC3339)}
		if err := measureOne(b, opt, &rec, gpuName == ""); err != nil {
			if driver.IsNoDevice(err) {
				return out, err // no driver or no such GPU: nothing else can run
			}
			rec.Skipped, rec.Figures, rec.FigureSpread, rec.Cycles = err.Error(), nil, nil, Spread{}
		}
		if rec.GPU != "" && gpuName == "" {
			gpuName, driverVer, memMHz = rec.GPU, rec.Driver, rec.Clocks["mem_mhz"]
		}
		if rec.GPU == "" || rec.Driver == "" {
			rec.GPU, rec.Driver = gpuName, driverVer
		}
		if _, ok := rec.Clocks["mem_mhz"]; !ok && memMHz > 0 {
			rec.Clocks["mem_mhz"] = memMHz
		}
		out = append(out, rec)
		if opt.Record != nil {
			if err := opt.Record(rec); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// measureOne fills rec with b's run; an error is why b has no figures.
func measureOne(b *Bench, opt GPURunOptions, rec *BenchRecord, smi bool) error {
	var n *validation.NCUOptions
	if opt.NCU != nil {
		n = opt.NCU(b)
	}
	figs, skip := GPUFigures(b, n != nil)
	if skip != "" {
		return fmt.Errorf("%s", skip)
	}
	plan, err := validation.PlanGPU(filepath.Join(b.Dir, "kernel.ptx"), filepath.Join(b.Dir, "launch.yaml"), "")
	if err != nil {
		return err
	}
	res, err := validation.RunGPU(plan, validation.GPUOptions{Library: opt.Library, Ordinal: opt.Ordinal,
		MeasureClock: true, SMI: smi, MoreRuns: opt.Runs - 1, MoreOutputs: timingOutputs})
	if res != nil && res.Info != nil {
		rec.GPU, rec.Driver = res.Info.Name, res.Info.DriverVersion
		if m := res.Info.Clocks.MeasuredSMMHz; m != nil {
			rec.Clocks["sm_mhz"] = *m
		}
		if m := res.Info.Clocks.SMImemMHz; m != nil {
			rec.Clocks["mem_mhz"] = float64(*m)
		}
	}
	if err != nil {
		return err
	}
	if opt.Progress != nil {
		opt.Progress(b.Name)
	}
	if n != nil {
		var cyc []float64
		for i := 0; i < max(opt.NCULaunches, 1); i++ {
			r := validation.Profile(*n)
			if r.Error != nil {
				rec.CyclesError = *r.Error
				break
			}
			cyc = append(cyc, r.Metrics["sm__cycles_elapsed.max"])
			if opt.Progress != nil {
				opt.Progress(b.Name + " (ncu)")
			}
		}
		if len(cyc) > 0 {
			rec.Cycles = spread(cyc)
		}
	}
	rec.Figures = map[string]float64{}
	if b.Family == "empty" {
		return nil // its figure is the ncu cycles
	}
	runs := [][]*launch.Buffer{res.Outputs}
	runs = append(runs, res.More...)
	per := map[string][]float64{}
	for _, bufs := range runs {
		o := Outputs{}
		for _, buf := range bufs {
			if slices.Contains(timingOutputs, buf.Name) {
				o[buf.Name] = numbers(buf)
			}
		}
		f, err := Derive(b, o, rec.Cycles.Median)
		if err != nil {
			return err
		}
		for _, k := range figs {
			if k == NCUFigure && rec.Cycles.N == 0 {
				continue
			}
			per[k] = append(per[k], f[k])
		}
	}
	for k, xs := range per {
		s := spread(xs)
		rec.Figures[k], rec.FigureSpread[k] = s.Median, s
	}
	return nil
}

func spread(xs []float64) Spread {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return Spread{Min: s[0], Median: median(s), Max: s[len(s)-1], N: len(s)}
}

// ApplyRecords replaces the benchmarks' measured figures, ncu cycles and
// SM clock with the records' (benchmarks without a record keep theirs).
func ApplyRecords(bs []*Bench, recs []BenchRecord) {
	by := map[string]BenchRecord{}
	for _, r := range recs {
		by[r.Benchmark] = r
	}
	for _, b := range bs {
		r, ok := by[b.Name]
		if !ok || r.Skipped != "" {
			continue
		}
		// per figure: a figure the GPU run could not derive (GB/s needs
		// %globaltimer outputs the driver runner does not read) keeps
		// the recording's
		for k, v := range r.Figures {
			if b.Measured == nil {
				b.Measured = map[string]float64{}
			}
			b.Measured[k] = v
		}
		if r.Cycles.N > 0 {
			b.NCU = r.Cycles
		}
		if m := r.Clocks["sm_mhz"]; m > 0 {
			b.SMClockMHz = m
		}
		if r.GPU != "" {
			b.GPU, b.Driver, b.MemClockMHz = r.GPU, r.Driver, r.Clocks["mem_mhz"]
		}
	}
}
