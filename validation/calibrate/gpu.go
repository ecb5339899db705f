package calibrate

import (
	"fmt"
	"maps"
	"math"
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
	// NCU reports whether ncu profiles the benchmark: NCULaunches launches
	// of each, after its cache flush, give cycles {min, median, max} and,
	// for the families whose figures come from such launches (flushed),
	// the figures. A family's profiled benchmarks run under one ncu
	// process (profileFamily): NCUChild is the command that launches the
	// benchmark directories dirs once each in that order, writing
	// LaunchesFile and each launch's timing outputs under out (sm90sim gpu
	// launches); NCUPath the ncu binary ("": PATH, /usr/local/cuda/bin);
	// NCUMetrics its counters (nil: NCURecordingMetrics).
	NCU         func(b *Bench) bool
	NCULaunches int
	NCUChild    func(dirs []string, out string) []string
	NCUPath     string
	NCUMetrics  []string
	Progress    func(step string)
	Now         func() time.Time
	// Record gets each benchmark's record as soon as it is measured (an
	// error stops the run), so an interrupted run keeps what it measured.
	Record func(BenchRecord) error
	// Family, when set, measures one family's benchmarks (Families) in
	// their order somewhere else, passing each record to emit as it is
	// measured (smi: read nvidia-smi, the run's first family); the
	// family's benchmarks without a record when it returns get one saying
	// why (its error). The CLI runs each family in a process of its own
	// (sm90sim gpu measure): in one process the figures of the families
	// measured after the GiB chases and whole-GPU copies moved by up to
	// 78% (validation/timing/gpu25.md), while a fresh process per family,
	// as the recordings were made, reproduces them (repro26.md).
	Family func(fam []*Bench, smi bool, emit func(BenchRecord) error) error
	// SkipSMI: nvidia-smi is not read (the CLI's family processes after
	// the first).
	SkipSMI bool
}

// GPUFigures are the figures a GPU run of b derives (ncu: its launches
// are also profiled under ncu), or why it derives none. A figure comes
// from the runner's launches (warm, one context, pristine inputs) unless
// it is the launch under ncu (NCUFigure: only when profiled) or its
// family's figures come from the launches ncu profiled with its cache
// flush (clockFileOf: the code and data cold, which the runner's launches
// are not): then all of them come from the profiled launches' outputs,
// as the recordings' clock_ncu.json.
func GPUFigures(b *Bench, ncu bool) (figs []string, skip string) {
	if why, ok := notCompared[b.Family]; ok {
		return nil, "not compared: " + why
	}
	if base, ok := clockFileOf[b.Family]; ok && !ncu {
		return nil, "figures from the launches ncu profiled with its cache flush (" + base + ".json): --ncu needed or all"
	}
	for _, k := range Figures(b) {
		if k != NCUFigure || ncu {
			figs = append(figs, k)
		}
	}
	if len(figs) == 0 {
		return nil, "the launch's ncu cycles only (--ncu needed or all)"
	}
	return figs, ""
}

// MeasureGPU runs every benchmark on the GPU through the validation
// runner (the CUDA driver), one family at a time (Families): Runs
// launches each on pristine inputs whose outputs go through Derive (the
// figures' median, min and max), ncu's sm__cycles_elapsed.max over
// NCULaunches profiled launches when NCU asks for it, and the SM clock
// measured after the launches (%clock64 over %globaltimer; nvidia-smi's
// memory clock and driver once, at the first benchmark that runs). A
// family runs through Family when set (the CLI: a process of its own),
// else here (measureFamily: one context for the family). A benchmark
// that fails, or whose figures the runner cannot derive (GPUFigures),
// gets a record with Skipped saying why and no figures; the others go on
// (no driver or no such GPU ends the run: driver.IsNoDevice). Record,
// when set, gets each record as soon as it is measured (family by
// family); the records returned are in bs's order.
func MeasureGPU(bs []*Bench, opt GPURunOptions) ([]BenchRecord, error) {
	if opt.Runs <= 0 {
		opt.Runs = 5
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	at := map[string]int{}
	for i, b := range bs {
		at[b.Name] = i
	}
	got := make([]*BenchRecord, len(bs))
	gpuName, driverVer, memMHz := "", "", 0.0
	var recErr error // Record's failure ends the run
	emit := func(rec BenchRecord) error {
		i, ok := at[rec.Benchmark]
		if !ok || got[i] != nil {
			return fmt.Errorf("gpu run: a record for %q, which was not asked for or came twice", rec.Benchmark)
		}
		if rec.GPU != "" && gpuName == "" {
			gpuName, driverVer, memMHz = rec.GPU, rec.Driver, rec.Clocks["mem_mhz"]
		}
		if rec.GPU == "" || rec.Driver == "" {
			rec.GPU, rec.Driver = gpuName, driverVer
		}
		if rec.Clocks == nil {
			rec.Clocks = map[string]float64{}
		}
		if _, ok := rec.Clocks["mem_mhz"]; !ok && memMHz > 0 {
			rec.Clocks["mem_mhz"] = memMHz
		}
		got[i] = &rec
		if opt.Progress != nil {
			opt.Progress(rec.Benchmark)
		}
		if opt.Record != nil && recErr == nil {
			recErr = opt.Record(rec)
		}
		return recErr
	}
	done := func() []BenchRecord {
		var out []BenchRecord
		for _, r := range got {
			if r != nil {
				out = append(out, *r)
			}
		}
		return out
	}
	for _, all := range Families(bs) {
		var fam []*Bench // those the runner can derive figures of
		for _, b := range all {
			if _, skip := GPUFigures(b, opt.NCU != nil && opt.NCU(b)); skip != "" {
				rec := newRecord(b, opt)
				rec.Skipped, rec.Figures, rec.FigureSpread = skip, nil, nil
				if err := emit(rec); err != nil {
					return done(), err
				}
				continue
			}
			fam = append(fam, b)
		}
		if len(fam) == 0 {
			continue
		}
		var err error
		if opt.Family != nil {
			err = opt.Family(fam, gpuName == "" && !opt.SkipSMI, emit)
		} else {
			err = measureFamily(fam, opt, gpuName == "" && !opt.SkipSMI, emit)
		}
		if recErr != nil {
			return done(), recErr
		}
		if driver.IsNoDevice(err) {
			return done(), err // no driver or no such GPU: nothing else can run
		}
		for _, b := range fam { // what a failed family process left unmeasured
			if got[at[b.Name]] == nil {
				why := "the family's run ended before this benchmark"
				if err != nil {
					why += ": " + err.Error()
				}
				rec := newRecord(b, opt)
				rec.Skipped, rec.Figures, rec.FigureSpread = why, nil, nil
				if err := emit(rec); err != nil {
					return done(), err
				}
			}
		}
	}
	return done(), nil
}

// Families splits bs by family, each family's benchmarks in bs's order and
// the families in order of their first benchmark: the units MeasureGPU
// runs in a context (and the CLI in a process) of their own, as the
// recordings were made (tools/microbench/mb.py, one process per family's
// device script).
func Families(bs []*Bench) [][]*Bench {
	idx := map[string]int{}
	var out [][]*Bench
	for _, b := range bs {
		i, ok := idx[b.Family]
		if !ok {
			i = len(out)
			idx[b.Family] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], b)
	}
	return out
}

func newRecord(b *Bench, opt GPURunOptions) BenchRecord {
	return BenchRecord{Benchmark: b.Name, Params: b.Meta, Clocks: map[string]float64{},
		FigureSpread: map[string]Spread{}, Date: opt.Now().UTC().Format(time.RFC3339)}
}

// measureFamily measures one family's benchmarks in this process: first
// those ncu profiles, under one ncu process (profileFamily; no context of
// this process open meanwhile), then every benchmark's runs in one
// context (the device opened once; again after a benchmark fails on the
// device, since a kernel fault leaves the context unusable). smi: read
// nvidia-smi at the first benchmark that runs. emit gets each record.
func measureFamily(fam []*Bench, opt GPURunOptions, smi bool, emit func(BenchRecord) error) error {
	var prof []*Bench
	for _, b := range fam {
		if opt.NCU != nil && opt.NCU(b) {
			prof = append(prof, b)
		}
	}
	var ncu map[string]*ncuRun
	if len(prof) > 0 {
		if opt.Progress != nil {
			opt.Progress(fam[0].Family + " (ncu)")
		}
		ncu = profileFamily(prof, opt)
	}
	var d *driver.Device
	closeDev := func() {
		if d != nil {
			d.Close()
			d = nil
		}
	}
	defer closeDev()
	for _, b := range fam {
		rec := newRecord(b, opt)
		n := ncu[b.Name]
		ran := false
		err := func() error {
			figs, skip := GPUFigures(b, n != nil)
			if skip != "" {
				return fmt.Errorf("%s", skip)
			}
			if d == nil {
				var err error
				if d, err = driver.Open(opt.Library, opt.Ordinal); err != nil {
					return err
				}
			}
			var err error
			ran, err = measureOne(b, opt, d, n, figs, &rec, smi)
			if ran {
				smi = false
			}
			return err
		}()
		if err != nil {
			if driver.IsNoDevice(err) {
				return err
			}
			rec.Skipped, rec.Figures, rec.FigureSpread, rec.Cycles = err.Error(), nil, nil, Spread{}
			if ran { // the context may be unusable (a kernel fault): the next benchmark opens another
				closeDev()
			}
		}
		if err := emit(rec); err != nil {
			return err
		}
	}
	return nil
}

// measureOne fills rec with b's run on d of figs; n: what its family's
// ncu pass learned of it (nil: not profiled). The figures of a flushed
// family come from the profiled launches' outputs (the runs here give
// the SM clock only); the others from the runs here. ran: the runner
// reached the device. An error is why b has no figures.
func measureOne(b *Bench, opt GPURunOptions, d *driver.Device, n *ncuRun, figs []string, rec *BenchRecord, smi bool) (ran bool, err error) {
	plan, err := validation.PlanGPU(filepath.Join(b.Dir, "kernel.ptx"), filepath.Join(b.Dir, "launch.yaml"), "")
	if err != nil {
		return false, err
	}
	cold := n != nil && flushed(b)
	more := opt.Runs - 1
	if cold {
		more = 0
	}
	res, err := validation.RunGPU(plan, validation.GPUOptions{Library: opt.Library, Ordinal: opt.Ordinal,
		MeasureClock: true, SMI: smi, MoreRuns: more, MoreOutputs: timingOutputs, Device: d})
	if res != nil && res.Info != nil {
		ran = true
		rec.GPU, rec.Driver = res.Info.Name, res.Info.DriverVersion
		if m := res.Info.Clocks.MeasuredSMMHz; m != nil {
			rec.Clocks["sm_mhz"] = *m
		}
		if m := res.Info.Clocks.SMImemMHz; m != nil {
			rec.Clocks["mem_mhz"] = float64(*m)
		}
	}
	if err != nil {
		return ran, err
	}
	if n != nil {
		if n.err != "" {
			rec.CyclesError = n.err
		}
		if len(n.cycles) > 0 {
			rec.Cycles = spread(n.cycles)
		}
	}
	rec.Figures = map[string]float64{}
	if b.Family == "empty" {
		return ran, nil // its figure is the ncu cycles
	}
	var runs []Outputs
	if cold {
		if len(n.outs) == 0 {
			return ran, fmt.Errorf("figures from the launches ncu profiled with its cache flush, and it profiled none: %s", n.err)
		}
		runs = n.outs
	} else {
		for _, bufs := range append([][]*launch.Buffer{res.Outputs}, res.More...) {
			o := Outputs{}
			for _, buf := range bufs {
				if slices.Contains(timingOutputs, buf.Name) {
					o[buf.Name] = numbers(buf)
				}
			}
			runs = append(runs, o)
		}
	}
	per := map[string][]float64{}
	for _, o := range runs {
		f, err := Derive(b, o, rec.Cycles.Median)
		if err != nil {
			return ran, err
		}
		for _, k := range figs {
			if k == NCUFigure && rec.Cycles.N == 0 {
				continue
			}
			if math.IsInf(f[k], 0) || math.IsNaN(f[k]) { // a record cannot hold it (JSON)
				return ran, fmt.Errorf("figure %s is %v (outputs %v)", k, f[k], slices.Sorted(maps.Keys(o)))
			}
			per[k] = append(per[k], f[k])
		}
	}
	for k, xs := range per {
		s := spread(xs)
		rec.Figures[k], rec.FigureSpread[k] = s.Median, s
	}
	return ran, nil
}

// NeedsNCU reports whether a GPU run derives nothing of b unless ncu
// profiles it (calibrate --gpu --ncu needed): its only figure is the
// launch's cycles under ncu (the empty kernels and the ncu-only
// families: coldl, coop25, tma6, tph, regocc, tailtm, tailld, tailsk,
// icache, ldclat), or its family's figures come from the launches ncu
// profiled with its cache flush (flushed: flushj, flushs, sfl, gmm12,
// gmm13, icgap, sgp, tmaq, coldpace, tmaqx, tlbc, icap).
func NeedsNCU(b *Bench) bool {
	if _, ok := notCompared[b.Family]; ok {
		return false
	}
	if flushed(b) {
		return true
	}
	f := Figures(b)
	return len(f) == 1 && f[0] == NCUFigure
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
