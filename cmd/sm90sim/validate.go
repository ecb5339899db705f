package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/progress"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/validation"
)

type validateFlags struct {
	gpuFlags
	record          bool
	maxInstructions int64
	jobs            int
	noHazardCheck   bool
	progress        string
	prog            *progress.Reporter
	strict          bool
	timing          timingFlags // --mode and --config only
}

func newValidateCmd(stdout io.Writer) *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate KERNEL.ptx --spec launch.yaml",
		Short: "Run a kernel on the GPU and in the simulator and compare every output",
		Long: `Runs the same PTX with the same launch spec on a real GPU (CUDA driver) and in
the simulator, compares every output bitwise (or by the spec's compare rule) and
prints a table; the JSON report holds both runs. Exit 0 when the outputs match,
1 when they differ (or a side failed), 2 for bad input, 3 without a GPU.

With --record it runs the GPU twice instead and writes its outputs, counters and
provenance into the corpus format next to the spec (validation/testdata/NAME),
refusing outputs that differ between the runs.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.record {
				return gpuExit(recordCorpus(args[0], &f, stdout))
			}
			if err := checkBudget(f.maxInstructions); err != nil {
				return err
			}
			p, err := startProgress(cmd, f.progress, "simulator "+args[0])
			if err != nil {
				return err
			}
			defer p.Finish()
			f.prog = p
			return gpuExit(validateKernel(args[0], &f, stdout, cmd.ErrOrStderr()))
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&f.record, "record", false, "record the GPU's outputs into the corpus directory of the spec")
	cmd.Flags().Int64Var(&f.maxInstructions, "max-instructions", 10_000_000_000, "the simulator's warp-instruction budget")
	addJobsFlag(cmd, &f.jobs)
	addHazardFlag(cmd, &f.noHazardCheck)
	addProgressFlag(cmd, &f.progress)
	addStrictFlag(cmd, &f.strict)
	cmd.Flags().StringVar(&f.timing.mode, "mode", "functional", "the simulator's mode: functional, or timed (fills cycles.simulated and cycles.error)")
	cmd.Flags().StringVar(&f.timing.config, "config", "", "timing profile for --mode timed: a YAML path or a built-in name (h200)")
	cmd.Flags().Float64Var(&f.timing.smMHz, "sm-clock-mhz", 0, "SM clock of the timed run in MHz (default: the clock the GPU launch ran at, else the profile's clocks.sm_mhz)")
	addSampleFlag(cmd, &f.timing.noSample)
	return cmd
}

func validateKernel(ptxPath string, f *validateFlags, stdout, stderr io.Writer) error {
	if err := guardWrites(ptxPath, f.spec, "", "--report", f.report); err != nil {
		return err
	}
	plan, err := validation.PlanGPU(ptxPath, f.spec, f.kernel)
	if err != nil {
		return writeValidateReport(f.report, &validation.ValidateReport{}, err)
	}
	gopt, err := f.options(ptxPath, plan.Kernel)
	if err != nil {
		return err
	}
	timed, err := f.timing.timed()
	if err != nil {
		return inputErr(err)
	}
	var prof *gpu.Profile
	if timed {
		if prof, err = f.timing.profile(); err != nil {
			return inputErr(err)
		}
	}
	rep, err := validation.Validate(ptxPath, f.spec, validation.ValidateOptions{
		Kernel: f.kernel, MaxInstructions: f.maxInstructions, Jobs: f.jobs, NoHazardCheck: f.noHazardCheck, Strict: f.strict, GPU: gopt,
		Progress: f.prog.Hook(), Timed: timed, Profile: prof, NoSample: f.timing.noSample, KeepProfileClock: f.timing.smMHz != 0})
	if rep == nil {
		return writeValidateReport(f.report, &validation.ValidateReport{}, err)
	}
	rep.Provenance = provenanceOf(ptxPath, f.spec, rep.Kernel, "validate", f.noHazardCheck)
	rep.Provenance.Strict = f.strict
	if rep.Simulator != nil {
		f.prog.Finish()
		printWarnings(stderr, ptxPath, rep.Simulator.Warnings)
	}
	if err == nil || errors.Is(err, validation.ErrMismatch) || rep.Simulator != nil {
		rep.WriteTable(stdout)
	}
	return writeValidateReport(f.report, rep, err)
}

// writeValidateReport writes the report when asked (marking it failed
// when err is not nil and it is not already) and returns err.
func writeValidateReport(path string, rep *validation.ValidateReport, err error) error {
	if rep.Provenance == nil {
		rep.Provenance = &report.Provenance{Version: report.Version(), Mode: "validate"}
	}
	if err != nil && rep.Status == "" {
		rep.Status = "error"
		msg := err.Error()
		rep.Error = &msg
	}
	if path != "" {
		if werr := rep.Write(path); werr != nil && err == nil {
			return inputErr(fmt.Errorf("writing report %s: %v", path, werr))
		}
	}
	return err
}

// recordCorpus records the GPU's outputs into the spec's directory.
func recordCorpus(ptxPath string, f *validateFlags, stdout io.Writer) error {
	if err := recordTargets(ptxPath, f.spec, "--report", f.report); err != nil {
		return err
	}
	plan, err := validation.PlanGPU(ptxPath, f.spec, f.kernel)
	if err != nil {
		return err
	}
	gopt, err := f.options(ptxPath, plan.Kernel)
	if err != nil {
		return err
	}
	dir := filepath.Dir(f.spec)
	res, err := validation.Record(dir, plan, validation.RecordOptions{
		GPU:     gopt,
		Command: fmt.Sprintf("sm90sim validate --record %s --spec %s", ptxPath, f.spec),
		Now:     time.Now().UTC().Format(time.RFC3339),
	})
	var first *validation.GPUResult
	if res != nil {
		first = res.First
	}
	rep := validation.GPUReport(plan, first, err)
	if err == nil {
		res.WriteTable(stdout)
	}
	return writeGPUReport(f.report, rep, err)
}
