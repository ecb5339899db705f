package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

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
}

func newCalibrateCmd(stdout, stderr io.Writer) *cobra.Command {
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

Running the suite on the GPU is not built in: record with
tools/microbench/device.sh (one device call) and summarize.py, then refit with
--from-recordings.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCalibrate(&f, stdout, stderr)
		},
	}
	cmd.Flags().StringVar(&f.from, "from-recordings", "", "microbenchmark folder with summary.json (e.g. validation/microbench)")
	cmd.Flags().StringSliceVar(&f.suites, "suite", nil, "benchmark name prefixes to simulate and compare (repeatable; default all)")
	cmd.Flags().StringSliceVar(&f.groups, "group", nil, "fit only these parameter groups (repeatable; default every group with a selected benchmark)")
	cmd.Flags().StringVar(&f.out, "out", "", "write the fitted profile here (YAML)")
	cmd.Flags().StringVar(&f.plot, "plot", "", "write a PNG: simulated vs measured, log-log, with the ±5% band")
	cmd.Flags().StringVar(&f.recordTo, "record-to", "", "write one JSON per selected benchmark here ({benchmark, params, gpu, driver, clocks, cycles})")
	cmd.Flags().StringVar(&f.config, "config", "", "base profile (YAML path or h200; default the built-in H200 profile)")
	cmd.Flags().BoolVar(&f.heavy, "heavy", false, "also simulate the benchmarks marked SIM_SKIP (whole-GPU copies, GiB chases: minutes)")
	cmd.Flags().IntVar(&f.gpu, "gpu", -1, "run the suite on this GPU (not built in: see above)")
	return cmd
}

func runCalibrate(f *calibrateFlags, stdout, stderr io.Writer) error {
	if f.gpu >= 0 {
		return inputErr(fmt.Errorf("calibrate: --gpu: running the suite on the GPU is not built in; record with tools/microbench/device.sh and summarize.py, then use --from-recordings DIR"))
	}
	if f.from == "" {
		return inputErr(fmt.Errorf("calibrate: --from-recordings DIR is required"))
	}
	all, err := calibrate.LoadRecordings(f.from)
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
	if f.recordTo != "" {
		if err := calibrate.WriteRecords(f.recordTo, sel); err != nil {
			return inputErr(fmt.Errorf("--record-to: %v", err))
		}
	}
	gname, driver, mhz := calibrate.RecordingInfo(all)
	bar := newProgress(stderr, "calibrate")
	fitter := &calibrate.Fitter{All: all, Selected: sel, Base: tc, GPCs: base.GPCs, Heavy: f.heavy, Only: groupsOrNil(f.groups),
		SMClockMHz: mhz,
		Progress:   bar.step, Log: func(format string, a ...any) { bar.log(format, a...) }}
	start := time.Now()
	res, err := fitter.Fit()
	bar.finish()
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
	if f.plot != "" {
		if err := writeFile(f.plot, func(w io.Writer) error {
			return calibrate.WritePlot(w, res.Rows, "sm90sim calibrate: "+f.from)
		}); err != nil {
			return inputErr(fmt.Errorf("--plot: %v", err))
		}
	}
	if f.out != "" {
		n := 0
		for _, r := range res.Rows {
			if r.Err == "" {
				n++
			}
		}
		prov := calibrate.Provenance{Command: "sm90sim calibrate " + strings.Join(os.Args[2:], " "),
			Date: time.Now().UTC().Format(time.RFC3339), Recordings: f.from, GPU: gname, Driver: driver,
			Benchmarks: n, SMClockMHz: mhz}
		data, err := calibrate.WriteProfile(baseText, base, res.Config, res.Params, prov)
		if err != nil {
			return inputErr(err)
		}
		if _, err := gpu.ParseProfile(f.out, data); err != nil {
			return fmt.Errorf("calibrate: the written profile does not parse (a bug): %v", err)
		}
		if err := os.WriteFile(f.out, data, 0o644); err != nil {
			return inputErr(fmt.Errorf("--out: %v", err))
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

func writeFile(path string, fn func(io.Writer) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(fh); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// calibrationBase loads the base profile and its text (for a built-in
// profile, a text with its gpu, clocks and GPC map).
func calibrationBase(config string) (*gpu.Profile, []byte, error) {
	if config == "" || config == "h200" {
		p := gpu.BuiltinProfile()
		g, err := yaml.Marshal(map[string]any{"gpcs": p.GPCs})
		if err != nil {
			return nil, nil, err
		}
		text := fmt.Sprintf("# %s profile written by sm90sim calibrate from the built-in profile\ngpu: %s\nclocks: {sm_mhz: %g, mem_mhz: %g}\n%s",
			p.GPU, p.GPU, p.SMMHz, p.MemMHz, g)
		return p, []byte(text), nil
	}
	data, err := os.ReadFile(config)
	if err != nil {
		return nil, nil, fmt.Errorf("--config: %v", err)
	}
	p, err := gpu.ParseProfile(config, data)
	return p, data, err
}
