package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/validation"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// gpuFlags are the flags of the commands that run on a real GPU.
type gpuFlags struct {
	spec    string
	report  string
	kernel  string
	warmup  int
	repeat  int
	ncu     string // auto | off
	libcuda string // hidden: the driver library (tests point it at a missing file)
	once    bool   // hidden: one launch and nothing else (the ncu child)
}

// addLibcudaFlag registers the hidden --libcuda flag (the CUDA driver
// library the GPU commands dlopen; SM90SIM_LIBCUDA sets its default), the
// same for every command that talks to the driver.
func addLibcudaFlag(cmd *cobra.Command, p *string) {
	cmd.Flags().StringVar(p, "libcuda", os.Getenv("SM90SIM_LIBCUDA"), "CUDA driver library (default libcuda.so.1)")
	_ = cmd.Flags().MarkHidden("libcuda")
}

func (f *gpuFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.spec, "spec", "", "launch spec (YAML)")
	cmd.Flags().StringVar(&f.report, "report", "", "write a JSON report here (also on failure)")
	cmd.Flags().StringVar(&f.kernel, "kernel", "", ".entry to run: its mangled or demangled name, or a regexp matching one entry (wins over the spec's kernel:)")
	cmd.Flags().IntVar(&f.warmup, "warmup", 2, "untimed launches before the timed ones")
	cmd.Flags().IntVar(&f.repeat, "repeat", 10, "event-timed launches (median reported; 0: no timing)")
	cmd.Flags().StringVar(&f.ncu, "ncu", "auto", "cycles from ncu's sm__cycles_elapsed.max: auto (when installed) or off")
	addLibcudaFlag(cmd, &f.libcuda)
	cmd.Flags().BoolVar(&f.once, "once", false, "launch once: no timing, clocks or ncu (used under ncu)")
	_ = cmd.Flags().MarkHidden("once")
	_ = cmd.MarkFlagRequired("spec")
}

// options turns the flags into GPU options for the kernel at ptxPath.
func (f *gpuFlags) options(ptxPath, kernel string) (validation.GPUOptions, error) {
	opt := validation.GPUOptions{Library: f.libcuda}
	if f.once {
		return opt, nil
	}
	if f.warmup < 0 || f.repeat < 0 {
		return opt, inputErr(fmt.Errorf("--warmup and --repeat must be >= 0"))
	}
	opt.Warmup, opt.Repeats, opt.MeasureClock, opt.SMI = f.warmup, f.repeat, true, true
	switch f.ncu {
	case "off":
	case "auto":
		child, err := f.ncuChild(ptxPath, kernel)
		if err != nil {
			return opt, inputErr(err)
		}
		opt.NCU = &validation.NCUOptions{Child: child}
	default:
		return opt, inputErr(fmt.Errorf("--ncu %q: want auto or off", f.ncu))
	}
	return opt, nil
}

// ncuChild is the command ncu profiles: this binary launching the kernel
// once on pristine inputs.
func (f *gpuFlags) ncuChild(ptxPath, kernel string) (func(dir string) []string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	absPTX, err1 := filepath.Abs(ptxPath)
	absSpec, err2 := filepath.Abs(f.spec)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	return func(dir string) []string {
		args := []string{exe, "gpu", "run", absPTX, "--spec", absSpec, "--kernel", kernel, "--out", dir, "--once"}
		if f.libcuda != "" {
			args = append(args, "--libcuda", f.libcuda)
		}
		return args
	}, nil
}

// gpuExit maps a GPU-side error to the CLI's exit codes: 3 no GPU, 2 the
// input (or the driver rejecting the PTX), 1 anything else (a fault).
func gpuExit(err error) error {
	var ie *validation.InputError
	var ee *exitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee):
		return err
	case errors.As(err, &ie), driver.IsCompileError(err):
		return inputErr(err)
	case driver.IsNoDevice(err):
		return &exitError{exitNoGPU, err}
	}
	return kernelErr(err)
}

func newGPUCmd(stdout io.Writer) *cobra.Command {
	gpu := &cobra.Command{
		Use:   "gpu",
		Short: "Run kernels on a real GPU through the CUDA driver",
	}
	var f gpuFlags
	var out string
	run := &cobra.Command{
		Use:   "run KERNEL.ptx --spec launch.yaml",
		Short: "Run a kernel's PTX on the GPU and write its outputs as .npy (same spec and report as run)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return gpuExit(runOnGPU(args[0], out, &f, stdout))
		},
	}
	f.register(run)
	run.Flags().StringVar(&out, "out", ".", "directory for the output .npy files")
	gpu.AddCommand(run, newGPUMeasureCmd(stdout), newGPULaunchesCmd())
	return gpu
}

func runOnGPU(ptxPath, out string, f *gpuFlags, stdout io.Writer) error {
	if err := guardWrites(ptxPath, f.spec, out, "--report", f.report); err != nil {
		return err
	}
	plan, err := validation.PlanGPU(ptxPath, f.spec, f.kernel)
	if err != nil {
		rep := &report.Report{Mode: "gpu"}
		rep.SetError(err)
		rep.Provenance = provenanceOf(ptxPath, f.spec, f.kernel, "gpu", false)
		return writeGPUReport(f.report, rep, err)
	}
	opt, err := f.options(ptxPath, plan.Kernel)
	if err != nil {
		return err
	}
	res, err := validation.RunGPU(plan, opt)
	if err == nil {
		if werr := launch.WriteOutputs(out, res.Outputs, plan.Spec.Outputs); werr != nil {
			err = &validation.InputError{Err: werr}
		}
	}
	rep := validation.GPUReport(plan, res, err)
	rep.Provenance = provenanceOf(ptxPath, f.spec, plan.Kernel, "gpu", false)
	if err := writeGPUReport(f.report, rep, err); err != nil {
		return err
	}
	if !f.once {
		printGPUSummary(stdout, rep)
	}
	return nil
}

// writeGPUReport writes rep when asked and returns runErr (or the write's
// failure when the run itself went well).
func writeGPUReport(path string, rep *report.Report, runErr error) error {
	if path != "" {
		if werr := rep.Write(path); werr != nil && runErr == nil {
			return inputErr(fmt.Errorf("writing report %s: %v", path, werr))
		}
	}
	return runErr
}

func printGPUSummary(w io.Writer, r *report.Report) {
	fmt.Fprintf(w, "kernel %s  grid %v  block %v  mode %s\n", kname.Short(r.Kernel), r.Grid, r.Block, r.Mode)
	if g, ok := r.GPU.(*validation.GPUInfo); ok && g != nil {
		fmt.Fprintf(w, "gpu                %s\n", g.Summary())
		c := "-"
		if g.Cycles != nil {
			c = fmt.Sprint(*g.Cycles)
		}
		fmt.Fprintf(w, "cycles             %s (%s)\n", c, g.CyclesSource)
	}
	for _, o := range r.Outputs {
		fmt.Fprintf(w, "output             %s\n", o)
	}
}
