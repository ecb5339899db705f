package calibrate

import (
	"fmt"
	"path/filepath"
	"sort"
	"time"

	"github.com/sm90sim/sm90sim/validation"
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
}

// MeasureGPU runs every benchmark on the GPU through the validation
// runner (the CUDA driver): Runs launches whose outputs go through Derive
// (the figures' median, min and max), ncu's sm__cycles_elapsed.max over
// NCULaunches profiled launches when NCU asks for it, and the SM clock
// measured after the first launch (%clock64 over %globaltimer).
func MeasureGPU(bs []*Bench, opt GPURunOptions) ([]BenchRecord, error) {
	if opt.Runs <= 0 {
		opt.Runs = 5
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	var out []BenchRecord
	for _, b := range bs {
		plan, err := validation.PlanGPU(filepath.Join(b.Dir, "kernel.ptx"), filepath.Join(b.Dir, "launch.yaml"), "")
		if err != nil {
			return out, err
		}
		rec := BenchRecord{Benchmark: b.Name, Params: b.Meta, Clocks: map[string]float64{},
			FigureSpread: map[string]Spread{}, Date: opt.Now().UTC().Format(time.RFC3339)}
		per := map[string][]float64{}
		for run := 0; run < opt.Runs; run++ {
			first := run == 0
			res, err := validation.RunGPU(plan, validation.GPUOptions{Library: opt.Library, Ordinal: opt.Ordinal,
				MeasureClock: first, SMI: first})
			if err != nil {
				return out, fmt.Errorf("%s: %w", b.Name, err)
			}
			if first {
				rec.GPU, rec.Driver = res.Info.Name, res.Info.DriverVersion
				if m := res.Info.Clocks.MeasuredSMMHz; m != nil {
					rec.Clocks["sm_mhz"] = *m
				}
				if m := res.Info.Clocks.SMImemMHz; m != nil {
					rec.Clocks["mem_mhz"] = float64(*m)
				}
			}
			if b.Family == "empty" {
				continue
			}
			o := Outputs{}
			for _, name := range timingOutputs {
				if buf := res.Output(name); buf != nil {
					o[name] = numbers(buf)
				}
			}
			f, err := Derive(b, o, 0)
			if err != nil {
				return out, err
			}
			for _, k := range Figures(b) {
				per[k] = append(per[k], f[k])
			}
			if opt.Progress != nil {
				opt.Progress(b.Name)
			}
		}
		rec.Figures = map[string]float64{}
		for k, xs := range per {
			s := spread(xs)
			rec.Figures[k], rec.FigureSpread[k] = s.Median, s
		}
		if opt.NCU != nil {
			if n := opt.NCU(b); n != nil {
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
		}
		out = append(out, rec)
	}
	return out, nil
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
		if !ok {
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
