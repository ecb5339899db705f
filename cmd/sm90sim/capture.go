package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/capture"
	"github.com/sm90sim/sm90sim/validation"
	"github.com/sm90sim/sm90sim/validation/driver"
)

type captureFlags struct {
	out      string
	kernel   string
	launch   int
	maxBytes int64
	shim     string
	noReplay bool
	libcuda  string
	dump     string
}

func newCaptureCmd(stdout, stderr io.Writer) *cobra.Command {
	var f captureFlags
	cmd := &cobra.Command{
		Use:   "capture [--out DIR] [--kernel REGEX] [--launch N] [--max-bytes B] -- PROGRAM ARGS...",
		Short: "Run a program on the GPU and capture one kernel launch as a corpus directory",
		Long: `Runs PROGRAM with the launch-capture interposer (tools/capture/build.sh builds it;
--shim or SM90SIM_CAPTURE_SHIM names its directory) first on LD_LIBRARY_PATH, and
turns the Nth launch (--launch, from 1) of a kernel whose mangled or demangled
name matches --kernel into DIR/<name>-<N>/: kernel.ptx, launch.yaml, inputs,
gpu/ outputs and provenance.json, which run and validate take unchanged. It
then replays the directory on the same GPU and exits 1, naming the output and
the first differing index, when the replay differs from what the program
computed. Exit 1 also when no launch matched (the kernels seen are listed),
2 for bad usage, 3 without a GPU driver or in a build without cgo.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := captureAvailable(); err != nil {
				return &exitError{exitNoGPU, err}
			}
			return runCapture(args, &f, stdout, stderr)
		},
	}
	cmd.Flags().StringVar(&f.out, "out", "sm90sim-capture", "directory the corpus directory is written under")
	cmd.Flags().StringVar(&f.kernel, "kernel", "", "regex on the kernel's mangled or demangled name (default: any)")
	cmd.Flags().IntVar(&f.launch, "launch", 1, "capture the Nth matching launch (from 1)")
	cmd.Flags().Int64Var(&f.maxBytes, "max-bytes", 16<<20, "refuse launches whose reachable buffers exceed this many bytes")
	cmd.Flags().StringVar(&f.shim, "shim", os.Getenv("SM90SIM_CAPTURE_SHIM"), "directory holding the interposer's libcuda.so.1")
	cmd.Flags().BoolVar(&f.noReplay, "no-replay", false, "skip the replay on the GPU")
	addLibcudaFlag(cmd, &f.libcuda) // the replay's
	cmd.Flags().StringVar(&f.dump, "dump", "", "keep the interposer's raw files in this (new) directory")
	return cmd
}

func runCapture(args []string, f *captureFlags, stdout, stderr io.Writer) error {
	if f.launch < 1 {
		return inputErr(fmt.Errorf("--launch %d: launches count from 1", f.launch))
	}
	if f.kernel != "" {
		if _, err := regexp.Compile(f.kernel); err != nil {
			return inputErr(fmt.Errorf("--kernel: %v", err))
		}
	}
	if f.shim == "" {
		return inputErr(errors.New("no interposer: build it with tools/capture/build.sh DIR on this machine and pass --shim DIR (or set SM90SIM_CAPTURE_SHIM)"))
	}
	shim, err := filepath.Abs(f.shim)
	if err != nil {
		return inputErr(err)
	}
	if _, err := os.Stat(filepath.Join(shim, "libcuda.so.1")); err != nil {
		return inputErr(fmt.Errorf("--shim %s: no libcuda.so.1 there (tools/capture/build.sh %s builds it)", f.shim, f.shim))
	}
	d, err := driver.Open(f.libcuda, 0)
	if err != nil {
		return gpuExit(err)
	}
	d.Close()
	dump := f.dump
	if dump == "" {
		if dump, err = os.MkdirTemp("", "sm90sim-capture-"); err != nil {
			return err
		}
		defer os.RemoveAll(dump)
	} else if err := os.MkdirAll(dump, 0o755); err != nil {
		return inputErr(err)
	}
	progErr := runProgram(args, shim, dump, f, stdout, stderr)
	if _, err := os.Stat(filepath.Join(dump, "launch.txt")); err != nil {
		return kernelErr(noLaunchError(dump, f, progErr))
	}
	dp, err := capture.ReadDump(dump)
	if err != nil {
		return kernelErr(err)
	}
	if dp.Error != "" {
		return kernelErr(fmt.Errorf("capture: %s: %s", dp.Name, dp.Error))
	}
	program := args[0]
	if p, err := exec.LookPath(program); err == nil {
		program = p
	}
	ptx, src, err := capture.FindPTX(dump, dp, program, capture.TritonCacheDirs())
	if err != nil {
		return kernelErr(fmt.Errorf("capture: no PTX for %s: %v", dp.Name, err))
	}
	if trimmed, err := capture.TrimPTX(ptx, dp.Name); err == nil {
		ptx = trimmed // only the captured entry and the functions it calls
	}
	corpus, err := capture.Build(dp)
	if err != nil {
		return kernelErr(fmt.Errorf("capture: %v", err))
	}
	dir := filepath.Join(f.out, fmt.Sprintf("%s-%d", capture.ShortName(dp.Name), f.launch))
	prov := captureProvenance(args, dp, src, corpus, progErr)
	if err := guardCapture(args, dir, sortedKeys(corpus.Files)); err != nil {
		return err
	}
	if err := capture.Write(dir, ptx, corpus, prov); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "captured %s (launch %d, grid %v, block %v) into %s (PTX from the %s)\n",
		dp.Name, f.launch, dp.Grid, dp.Block, dir, src.Kind)
	if f.noReplay {
		return nil
	}
	return replayCapture(dir, dp, corpus, prov, f, stdout)
}

// runProgram runs the program with the interposer and returns its failure
// (which does not end the capture when the launch was captured).
func runProgram(args []string, shim, dump string, f *captureFlags, stdout, stderr io.Writer) error {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	ld := shim
	if old := os.Getenv("LD_LIBRARY_PATH"); old != "" {
		ld += ":" + old
	}
	cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH="+ld, "SM90SIM_CAPTURE_DIR="+dump,
		"SM90SIM_CAPTURE_KERNEL="+f.kernel, fmt.Sprintf("SM90SIM_CAPTURE_LAUNCH=%d", f.launch),
		fmt.Sprintf("SM90SIM_CAPTURE_MAX_BYTES=%d", f.maxBytes))
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	return nil
}

func noLaunchError(dump string, f *captureFlags, progErr error) error {
	var b strings.Builder
	seen := capture.Seen(dump)
	what := "a kernel"
	if f.kernel != "" {
		what = fmt.Sprintf("a kernel matching %q", f.kernel)
	}
	fmt.Fprintf(&b, "capture: the program made no launch %d of %s", f.launch, what)
	if progErr != nil {
		fmt.Fprintf(&b, " (%v)", progErr)
	}
	if len(seen) == 0 {
		b.WriteString("; it launched no kernel the interposer saw (CUDA graph replays are not seen)")
	} else {
		fmt.Fprintf(&b, "; kernels launched:")
		for _, s := range seen {
			fmt.Fprintf(&b, "\n  %s", s)
		}
	}
	if notes, _ := os.ReadFile(filepath.Join(dump, "log.txt")); len(notes) > 0 {
		for _, l := range strings.Split(string(notes), "\n") {
			if strings.Contains(l, "not capturable") || strings.Contains(l, "regex") {
				fmt.Fprintf(&b, "\n  interposer: %s", l)
			}
		}
	}
	return errors.New(b.String())
}

func captureProvenance(args []string, d *capture.Dump, src capture.PTXSource, c *capture.Corpus, progErr error) map[string]any {
	params := []map[string]int{}
	for _, p := range d.Params {
		params = append(params, map[string]int{"offset": p.Offset, "size": p.Size})
	}
	prov := map[string]any{
		"tool":             "sm90sim capture",
		"command":          "sm90sim capture -- " + strings.Join(args, " "),
		"date":             time.Now().UTC().Format(time.RFC3339),
		"kernel":           d.Name,
		"launch":           d.Launch,
		"launch_call":      d.Via,
		"params_passed":    d.ParamsPassed,
		"param_layout":     params,
		"func_attributes":  map[string]int{"num_regs": d.Regs},
		"ptx_source":       src,
		"buffers":          c.Buffers,
		"tensormaps_found": len(d.TensorMaps),
	}
	if progErr != nil {
		prov["program_error"] = progErr.Error()
	}
	return prov
}

// replayCapture runs the directory on the GPU and compares every output
// with what the program computed.
func replayCapture(dir string, d *capture.Dump, c *capture.Corpus, prov map[string]any, f *captureFlags, stdout io.Writer) error {
	ptxPath, specPath := filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml")
	plan, err := validation.PlanGPU(ptxPath, specPath, "")
	if err != nil {
		return gpuExit(fmt.Errorf("capture: the captured directory does not load: %w", err))
	}
	// Every buffer comes back, not only the outputs: a replay that writes
	// where the program's launch did not is a wrong capture too.
	plan.Spec.Outputs = nil
	for _, b := range plan.Spec.Buffers {
		if b.TensorMaps == nil {
			plan.Spec.Outputs = append(plan.Spec.Outputs, b.Name)
		}
	}
	res, err := validation.RunGPU(plan, validation.GPUOptions{Library: f.libcuda, SMI: true})
	if err != nil {
		return gpuExit(fmt.Errorf("capture: replaying %s on the GPU: %w", dir, err))
	}
	var bad []string
	for _, name := range plan.Spec.Outputs {
		got := res.Output(name)
		want := capturedAfter(d, name)
		if got == nil || want == nil {
			bad = append(bad, fmt.Sprintf("buffer %s: missing", name))
			continue
		}
		diff := validation.Compare(name, got.DType, got.Data, want, plan.Spec.CompareFor(name))
		if !diff.Equal {
			bad = append(bad, fmt.Sprintf("buffer %s: %d of %d elements differ, first at index %v", name, diff.Mismatches, diff.Elements, diff.FirstDiffs))
		}
	}
	prov["replay"] = map[string]any{"equal": len(bad) == 0, "differences": bad, "gpu": res.Info.Name,
		"driver": res.Info.DriverVersion, "cuda_driver_api": res.Info.CUDADriverAPI,
		"compared": "every buffer after the launch, bitwise, with the program's"}
	if err := capture.WriteProvenance(dir, prov); err != nil {
		return err
	}
	if len(bad) > 0 {
		return kernelErr(fmt.Errorf("capture: replaying %s on the GPU differs from what the program computed (a wrong capture, not a simulator result):\n  %s",
			dir, strings.Join(bad, "\n  ")))
	}
	fmt.Fprintf(stdout, "replay on %s: all %d buffers equal to the program's (%d written by the launch)\n",
		res.Info.Name, len(plan.Spec.Outputs), len(c.Outputs))
	return nil
}

func capturedAfter(d *capture.Dump, name string) []byte {
	var k int
	if _, err := fmt.Sscanf(name, "b%d", &k); err != nil || k < 0 || k >= len(d.Buffers) {
		return nil
	}
	return d.Buffers[k].After
}
