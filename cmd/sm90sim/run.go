package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/progress"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/traces"
)

type runFlags struct {
	spec            string
	out             string
	report          string
	kernel          string
	maxInstructions int64
	jobs            int
	noHazardCheck   bool
	expect          string // a corpus-style directory whose gpu/ outputs the run must match
	progress        string
	prog            *progress.Reporter
	memoryLimit     string
	timing          timingFlags
	strict          bool
	stderr          io.Writer // warnings
	cpuprofile      string
}

func newRunCmd(stdout io.Writer) *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run KERNEL.ptx --spec launch.yaml",
		Short: "Run a kernel functionally and write its outputs as .npy",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkBudget(f.maxInstructions); err != nil {
				return err
			}
			if err := checkMemory(f.spec, f.jobs, f.memoryLimit); err != nil {
				return err
			}
			p, err := startProgress(cmd, f.progress, "kernel "+args[0])
			if err != nil {
				return err
			}
			defer p.Finish()
			f.prog = p
			f.stderr = cmd.ErrOrStderr()
			// every write target, --cpuprofile too, before the profile file is created
			if err := guardWrites(args[0], f.spec, f.out, "--report", f.report, "--trace", f.timing.trace, "--plot", f.timing.plot, "--cpuprofile", f.cpuprofile); err != nil {
				return err
			}
			return withCPUProfile(f.cpuprofile, func() error { return runKernel(args[0], f, stdout) })
		},
	}
	cmd.Flags().StringVar(&f.spec, "spec", "", "launch spec (YAML)")
	cmd.Flags().StringVar(&f.out, "out", ".", "directory for the output .npy files")
	cmd.Flags().StringVar(&f.report, "report", "", "write a JSON report here (also on failure)")
	cmd.Flags().StringVar(&f.kernel, "kernel", "", ".entry to run: its mangled or demangled name, or a regexp matching one entry (wins over the spec's kernel:)")
	cmd.Flags().Int64Var(&f.maxInstructions, "max-instructions", 10_000_000_000, "warp-instruction budget for the whole launch")
	addJobsFlag(cmd, &f.jobs)
	addHazardFlag(cmd, &f.noHazardCheck)
	addProgressFlag(cmd, &f.progress)
	addMemoryFlag(cmd, &f.memoryLimit)
	cmd.Flags().StringVar(&f.expect, "expect", "", "compare the outputs with DIR/gpu/ (as `sm90sim check` does); exit 1 when they differ")
	addTimingFlags(cmd, &f.timing)
	addStrictFlag(cmd, &f.strict)
	addCPUProfileFlag(cmd, &f.cpuprofile)
	_ = cmd.MarkFlagRequired("spec")
	return cmd
}

func runKernel(ptxPath string, f runFlags, stdout io.Writer) error {
	if err := guardWrites(ptxPath, f.spec, f.out, "--report", f.report, "--trace", f.timing.trace, "--plot", f.timing.plot); err != nil {
		return err
	}
	rep := &report.Report{Status: "ok", Mode: "functional"}
	err := simulate(ptxPath, f, rep, stdout)
	if err != nil {
		rep.SetError(err)
	}
	rep.Provenance = provenanceOf(ptxPath, f.spec, rep.Kernel, rep.Mode, f.noHazardCheck)
	rep.Provenance.Strict = f.strict
	if f.timing.mode == "timed" {
		rep.Provenance.Config = configRef(f.timing.config)
	}
	if f.report != "" {
		if werr := rep.Write(f.report); werr != nil && err == nil {
			err = inputErr(fmt.Errorf("writing report %s: %v", f.report, werr))
		}
	}
	if err != nil {
		return err
	}
	printSummary(stdout, rep)
	printTiming(stdout, rep, f.timing.top)
	return nil
}

// simulate loads everything, runs the launch and writes the outputs,
// filling rep as it goes.
func simulate(ptxPath string, f runFlags, rep *report.Report, stdout io.Writer) (err error) {
	opt := session.RunOptions{MaxInstructions: f.maxInstructions, Jobs: f.jobs, NoHazardCheck: f.noHazardCheck, Strict: f.strict, Progress: f.prog.Hook()}
	timed, err := f.timing.timed()
	if err != nil {
		return inputErr(err)
	}
	var rec *traces.Recorder
	if timed {
		opt.Timed, opt.NoSample = true, f.timing.noSample
		if opt.Profile, err = f.timing.profile(); err != nil {
			return inputErr(err)
		}
		var file *os.File
		rec, file, err = f.timing.recorder()
		if err != nil {
			return inputErr(err)
		}
		if rec != nil {
			opt.Trace, opt.TraceMinCycles = rec, f.timing.traceMin
		}
		ok := false
		defer func() {
			if terr := f.timing.finishTrace(rec, file, ok); terr != nil && err == nil {
				err = inputErr(terr)
			}
		}()
		defer func() { ok = err == nil }()
	}
	s, err := session.Simulate(ptxPath, f.spec, f.kernel, opt, rep)
	if f.stderr != nil {
		f.prog.Finish() // the warnings go below the finished bar
		printWarnings(f.stderr, ptxPath, rep.Warnings)
		printPerformance(f.stderr, ptxPath, rep.Performance)
		if rec != nil {
			if n, cut := rec.Dropped(); n > 0 {
				fmt.Fprintf(f.stderr, "warning: the trace passed --trace-max-mb %d: the %d warp waits starting at cycle %d or later are not in it (the other tracks are complete); narrow it with --trace-sms / --trace-cycles, raise --trace-min-cycles, or --trace-max-mb 0 for no limit\n",
					f.timing.traceMaxMB, n, cut)
			}
		}
	}
	if s != nil && s.Launch.Printf.Len() > 0 {
		fmt.Fprint(stdout, s.Launch.Printf.String())
	}
	if err != nil {
		var fault *exec.Fault
		if errors.As(err, &fault) {
			return kernelErr(err)
		}
		return inputErr(err)
	}
	if err := s.WriteOutputs(f.out); err != nil {
		rep.Outputs = nil
		return inputErr(err)
	}
	if err := f.timing.writePlot(rep); err != nil {
		return inputErr(err)
	}
	if f.expect != "" {
		return expectOutputs(s, f.expect, stdout)
	}
	return nil
}

// addHazardFlag registers --no-hazard-check.
func addHazardFlag(cmd *cobra.Command, off *bool) {
	cmd.Flags().BoolVar(off, "no-hazard-check", false, "switch off the hazard checkers (async copies, mbarrier completion, proxy fences, wgmma registers)")
}

// addJobsFlag registers --jobs.
func addJobsFlag(cmd *cobra.Command, jobs *int) {
	cmd.Flags().IntVar(jobs, "jobs", 0, "work simulated in parallel (CTAs or clusters; calibrate: benchmarks): 0 one per CPU, 1 serial (results are identical)")
}

func printSummary(w io.Writer, r *report.Report) {
	fmt.Fprintf(w, "kernel %s  grid %v  block %v  mode %s\n", kname.Short(r.Kernel), r.Grid, r.Block, r.Mode)
	if r.Instructions != nil {
		fmt.Fprintf(w, "warp instructions  %d  (%.3g per second, %.3f s, %s)\n", *r.Instructions, r.Host.WarpInstructionsPerSecond, r.Host.WallSeconds, jobsText(r.Host))
	}
	if s := r.Smem; s != nil {
		fmt.Fprintf(w, "shared memory      load wavefronts %d (conflicts %d), store wavefronts %d (conflicts %d), atom wavefronts %d\n",
			s.LoadWavefronts, s.LoadBankConflicts, s.StoreWavefronts, s.StoreBankConflicts, s.ByOp.Atom.Wavefronts)
	}
	for _, o := range r.Outputs {
		fmt.Fprintf(w, "output             %s\n", o)
	}
}

// jobsText describes the parallelism of a run for the summary.
func jobsText(h report.Host) string {
	if h.Jobs <= 1 {
		return "serial"
	}
	return fmt.Sprintf("%d jobs, parallel speedup %.2f (%.2f CPUs), %d CTAs/clusters re-run in order", h.Jobs, h.ParallelSpeedup, h.ParallelCPU, h.UnitsRerun)
}
