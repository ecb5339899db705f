package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/sm90sim/sm90sim/internal/progress"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/validation/calibrate"
)

type calibrateFlags struct {
	from     string
	suites   []string
	groups   []string
	out      string
	plot     string
	recordTo string
	config   string
	heavy    bool
	gpu      int
	runs     int
	ncu      string
	libcuda  string
	records  string
	suffix   string
	progress string
	report   string
	builtin  bool
	jobs     int
}

// newCalibrateCmd: progress and the fit's log lines go to the root's stderr
// (cmd.ErrOrStderr, as for the other commands).
func newCalibrateCmd(stdout, _ io.Writer) *cobra.Command {
	var f calibrateFlags
	cmd := &cobra.Command{
		Use:   "calibrate --from-recordings DIR [--suite PREFIX...] [--out calibration/NAME.yaml]",
		Short: "Fit the timing profile's parameters to microbenchmarks recorded on the GPU",
		Long: `Runs every recorded microbenchmark (validation/microbench: summary.json and one
directory per benchmark) in timed mode, derives the figure the recording has
(cycles per op, latency, throughput: tools/microbench/summarize.py's formulas),
and fits the timing parameters: closed form where one benchmark reads a
parameter directly, Nelder-Mead (gonum, fixed starts, bounds by a logistic
transform, no randomness) for the rest. Prints every figure's error before and
after the fit and the parameters with their source and residual; --out writes
the profile (the base profile's other keys kept, params, clocks.sm_mhz and
provenance updated). Benchmarks with a SIM_SKIP file are only read (closed
forms), not simulated, unless --heavy.

--gpu N runs the selected benchmarks on that GPU first (the CUDA driver, as
validate does: --runs launches each on pristine inputs, ncu for the empty
kernels; each family in a process of its own with one context, as the
recordings were made) and fits to those measurements; --record-to keeps them
as one JSON per benchmark, --from-records merges such a folder into the
recordings later.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			bar, err := startProgress(cmd, f.progress, "calibrate")
			if err != nil {
				return err
			}
			defer bar.Finish()
			return runCalibrate(&f, stdout, bar.SetUnit("runs"))
		},
	}
	addGPUMeasureFlags(cmd, &f, -1, "run the selected benchmarks on this GPU first and fit to those measurements")
	cmd.Flags().StringSliceVar(&f.suites, "suite", nil, "benchmark name prefixes to simulate and compare (repeatable; default all)")
	cmd.Flags().StringSliceVar(&f.groups, "group", nil, "fit only these parameter groups (repeatable; default every group with a selected benchmark)")
	cmd.Flags().StringVar(&f.out, "out", "", "write the fitted profile here (YAML)")
	cmd.Flags().StringVar(&f.plot, "plot", "", "write a PNG: simulated vs measured, log-log, with the ±5% band")
	cmd.Flags().StringVar(&f.recordTo, "record-to", "", "write one JSON per selected benchmark here ({benchmark, params, gpu, driver, clocks, cycles})")
	cmd.Flags().StringVar(&f.config, "config", "", "base profile: a built-in name (h200, h100-sxm) or a YAML path; default h200")
	cmd.Flags().BoolVar(&f.heavy, "heavy", false, "also simulate the benchmarks marked SIM_SKIP (whole-GPU copies, GiB chases: minutes)")
	cmd.Flags().StringVar(&f.records, "from-records", "", "a --record-to folder: its benchmarks' figures replace the recordings' (recordings merge)")
	addProgressFlag(cmd, &f.progress)
	addJobsFlag(cmd, &f.jobs)
	cmd.Flags().BoolVar(&f.builtin, "update-builtin", false, "also write the fitted params into the built-in profile --config names (h200, h100-sxm or their calibration/*.yaml): its Go table under sim/gpu and its calibration/*.yaml, in the checkout around the working directory")
	cmd.Flags().StringVar(&f.report, "report", "", "write a JSON report here: every figure before and after, the fitted parameters, the noise of --from-records/--gpu")
	return cmd
}

// runCalibrate measures (--gpu), fits and writes; bar shows the GPU
// launches and simulated runs on stderr, with the fit's log lines.
func runCalibrate(f *calibrateFlags, stdout io.Writer, bar *progress.Reporter) error {
	if f.jobs < 0 {
		return inputErr(fmt.Errorf("--jobs: must be 0 (one per CPU) or positive, got %d", f.jobs))
	}
	if f.from == "" {
		return inputErr(fmt.Errorf("calibrate: --from-recordings DIR is required"))
	}
	if f.builtin {
		if _, err := builtinName(f.config); err != nil {
			return inputErr(err)
		}
	}
	all, err := calibrate.LoadRecordingsOf(f.from, f.suffix)
	if err != nil {
		return inputErr(err)
	}
	sel, err := calibrate.Select(all, f.suites)
	if err != nil {
		return inputErr(err)
	}
	base, baseText, err := calibrationBase(f.config)
	if err != nil {
		return inputErr(err)
	}
	tc, err := base.Config()
	if err != nil {
		return inputErr(err)
	}
	var noise *calibrate.Noise
	if f.records != "" {
		recs, err := calibrate.ReadRecords(f.records)
		if err != nil {
			return inputErr(fmt.Errorf("--from-records: %v", err))
		}
		n := calibrate.Summarize(calibrate.CompareRecords(all, recs), 8)
		noise = &n
		calibrate.WriteNoise(stdout, "--from-records against the recordings (run-to-run noise)", n)
		calibrate.ApplyRecords(all, recs)
	}
	recs := calibrate.RecordsOf(sel)
	if f.gpu >= 0 {
		if recs, err = measureOnGPU(f, sel, bar); err != nil {
			bar.Finish()
			return gpuExit(err)
		}
		n := calibrate.Summarize(calibrate.CompareRecords(all, recs), 8)
		noise = &n
		calibrate.WriteNoise(stdout, "this GPU run against the recordings (run-to-run noise)", n)
		calibrate.ApplyRecords(all, recs)
	}
	if f.recordTo != "" {
		if err := calibrate.WriteRecords(f.recordTo, recs); err != nil {
			return inputErr(fmt.Errorf("--record-to: %v", err))
		}
	}
	info := calibrate.RecordingInfo(all)
	source := f.from
	if f.suffix != "" {
		source += " (summary." + f.suffix + ".json)"
	}
	if f.gpu >= 0 {
		// the clocks and GPU of this run's measurements
		info = calibrate.RecordingInfo(sel)
		source = fmt.Sprintf("GPU %d (this run: %s) over %s", f.gpu, info.GPU, f.from)
	}
	mhz := info.SMMHz
	fitter := &calibrate.Fitter{All: all, Selected: sel, Base: tc, GPCs: base.GPCs, Heavy: f.heavy, Only: groupsOrNil(f.groups),
		SMClockMHz: mhz, Jobs: f.jobs,
		Progress: bar.Step, Log: bar.Warnf}
	start := time.Now()
	res, err := fitter.Fit()
	bar.Finish()
	if err != nil {
		return inputErr(err)
	}
	calibrate.WriteTable(stdout, res.Rows)
	fmt.Fprintln(stdout)
	calibrate.WriteParams(stdout, res.Params)
	for _, s := range res.Skipped {
		fmt.Fprintf(stdout, "not fitted: %s\n", s)
	}
	fmt.Fprintf(stdout, "%d simulated runs in %.1f s\n", res.Evals, time.Since(start).Seconds())
	if f.report != "" {
		if err := report.WriteJSON(f.report, calibrate.NewReport(res, noise)); err != nil {
			return inputErr(fmt.Errorf("--report: %v", err))
		}
	}
	if f.plot != "" {
		if err := report.WriteFileWith(f.plot, func(w io.Writer) error {
			return calibrate.WritePlot(w, res.Rows, "sm90sim calibrate: "+f.from)
		}); err != nil {
			return inputErr(fmt.Errorf("--plot: %v", err))
		}
	}
	if f.out != "" || f.builtin {
		n, within := calibrate.CountFigures(res.Rows)
		prov := calibrate.Provenance{Command: "sm90sim " + strings.Join(cliArgs, " "),
			Date: time.Now().UTC().Format(time.RFC3339), Recordings: source, GPU: info.GPU, Driver: info.Driver,
			Benchmarks: n, Within5Pct: within, SMClockMHz: mhz, MemClockMHz: info.MemMHz}
		data, err := calibrate.WriteProfile(baseText, base, res.Config, res.Params, prov)
		if err != nil {
			return inputErr(err)
		}
		fitted, err := gpu.ParseProfile("calibrate output", data)
		if err != nil {
			return fmt.Errorf("calibrate: the written profile does not parse (a bug): %v", err)
		}
		if f.out != "" {
			if err := report.WriteFile(f.out, data); err != nil {
				return inputErr(fmt.Errorf("--out: %v", err))
			}
		}
		if f.builtin {
			return updateBuiltin(f.config, fitted, stdout)
		}
	}
	return nil
}

func groupsOrNil(g []string) []string {
	if len(g) == 0 {
		return nil
	}
	return g
}

// calibrationBase loads the base profile and its text (for a built-in
// profile, a text with its gpu, clocks and GPC map).
func calibrationBase(config string) (*gpu.Profile, []byte, error) {
	if config == "" {
		config = "h200"
	}
	if p, ok := gpu.BuiltinProfileNamed(config); ok {
		m := map[string]any{"gpcs": p.GPCs}
		if len(p.L2Sides) > 0 {
			m["l2_sides"] = p.L2Sides
		}
		g, err := yaml.Marshal(m)
		if err != nil {
			return nil, nil, err
		}
		text := fmt.Sprintf("# %s profile written by sm90sim calibrate from the built-in profile %s\ngpu: %s\nclocks: {sm_mhz: %g, mem_mhz: %g}\n%s",
			p.GPU, p.Name, p.GPU, p.SMMHz, p.MemMHz, g)
		return p, []byte(text), nil
	}
	p, err := gpu.LoadProfile(config)
	if err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(config)
	return p, data, err
}

// measureOnGPU runs the benchmarks on the GPU (calibrate.MeasureGPU),
// each family in a process of its own (gpu_measure.go).
func measureOnGPU(f *calibrateFlags, bs []*calibrate.Bench, bar *progress.Reporter) ([]calibrate.BenchRecord, error) {
	opt, err := gpuRunOptions(f)
	if err != nil {
		return nil, err
	}
	opt.Progress = bar.Step
	if f.recordTo != "" { // each record as measured: a cut-short run keeps its records
		opt.Record = func(r calibrate.BenchRecord) error {
			return calibrate.WriteRecords(f.recordTo, []calibrate.BenchRecord{r})
		}
	}
	if opt.Family, err = familyProcess(f); err != nil {
		return nil, err
	}
	return calibrate.MeasureGPU(bs, opt)
}

// gpuRunOptions are MeasureGPU's options from the flags (--gpu, --runs,
// --ncu, --libcuda), without Progress, Record or Family.
func gpuRunOptions(f *calibrateFlags) (calibrate.GPURunOptions, error) {
	if f.ncu != "auto" && f.ncu != "needed" && f.ncu != "all" && f.ncu != "off" {
		return calibrate.GPURunOptions{}, inputErr(fmt.Errorf("--ncu %q: want auto, needed, all or off", f.ncu))
	}
	exe, err := os.Executable()
	if err != nil {
		return calibrate.GPURunOptions{}, err
	}
	ncu := func(b *calibrate.Bench) bool {
		return f.ncu == "all" || (f.ncu == "auto" && b.Family == "empty") || (f.ncu == "needed" && calibrate.NeedsNCU(b))
	}
	child := func(dirs []string, out string) []string {
		args := []string{exe, "gpu", "launches", "--gpu", strconv.Itoa(f.gpu), "--out", out}
		if f.libcuda != "" {
			args = append(args, "--libcuda", f.libcuda)
		}
		return append(append(args, "--"), dirs...)
	}
	return calibrate.GPURunOptions{Library: f.libcuda, Ordinal: f.gpu, Runs: f.runs, NCU: ncu, NCULaunches: 3, NCUChild: child}, nil
}

// addGPUMeasureFlags registers the flags that say which recordings and how a
// GPU measures them, once for calibrate and its per-family child `gpu
// measure` (which calibrate --gpu starts with the same values).
func addGPUMeasureFlags(cmd *cobra.Command, f *calibrateFlags, gpu int, gpuUsage string) {
	cmd.Flags().StringVar(&f.from, "from-recordings", "", "microbenchmark folder with summary.json (e.g. validation/microbench)")
	cmd.Flags().StringVar(&f.suffix, "recordings-suffix", "", "another GPU's recordings: h100 reads summary.h100.json and provenance.h100.json")
	cmd.Flags().IntVar(&f.gpu, "gpu", gpu, gpuUsage)
	cmd.Flags().IntVar(&f.runs, "runs", 5, "with --gpu: launches per benchmark whose %clock64 figures are derived (median, min, max)")
	cmd.Flags().StringVar(&f.ncu, "ncu", "auto", "with --gpu: ncu (caches flushed) profiles 3 launches of each benchmark, one ncu process a family, for auto (the empty kernels, whose figure is their sm__cycles_elapsed.max), needed (every benchmark that has no figure without it: the empty kernels, 78 whose only figure is the launch's cycles, 118 whose figures come from the flushed launches' %clock64 outputs), all, or off")
	addLibcudaFlag(cmd, &f.libcuda)
}
