package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/validation"
	"github.com/sm90sim/sm90sim/validation/calibrate"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// launchOutputs are the outputs `gpu launches` keeps of each launch: the
// timing outputs calibrate derives figures from.
var launchOutputs = []string{"clk", "smid", "gt", "lat"}

// newGPULaunchesCmd is `sm90sim gpu launches` (hidden): the command
// calibrate --gpu's ncu pass profiles. It launches each benchmark
// directory (kernel.ptx, launch.yaml) once, in the order given (one may
// repeat), on pristine inputs, all in one context (another after a
// launch fails), as tools/microbench/mb.py once did under ncu for the
// recordings; it writes OUT/launches.txt (one line a launch: "I KERNEL ok"
// or "I KERNEL FAILED: why") and each ok launch's timing outputs as
// OUT/I/NAME.npy. Only a missing driver or GPU ends it early (exit 3).
func newGPULaunchesCmd() *cobra.Command {
	var out, libcuda string
	var ordinal int
	cmd := &cobra.Command{
		Use:    "launches --out DIR BENCHMARK_DIR...",
		Short:  "Launch benchmark directories once each in this process (calibrate's ncu child)",
		Hidden: true,
		Args:   cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(out, 0o755); err != nil {
				return inputErr(err)
			}
			f, err := os.Create(filepath.Join(out, calibrate.LaunchesFile))
			if err != nil {
				return inputErr(err)
			}
			defer f.Close()
			w := bufio.NewWriter(f)
			defer w.Flush()
			var d *driver.Device
			defer func() {
				if d != nil {
					d.Close()
				}
			}()
			for i, dir := range args {
				kernel, err := launchOnce(dir, filepath.Join(out, strconv.Itoa(i)), libcuda, ordinal, &d)
				if driver.IsNoDevice(err) {
					return gpuExit(err)
				}
				if kernel == "" {
					kernel = "-"
				}
				line := fmt.Sprintf("%d %s ok\n", i, kernel)
				if err != nil {
					line = fmt.Sprintf("%d %s FAILED: %s\n", i, kernel, strings.ReplaceAll(err.Error(), "\n", " "))
				}
				if _, err := w.WriteString(line); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "directory for launches.txt and each launch's timing outputs")
	cmd.Flags().IntVar(&ordinal, "gpu", 0, "the GPU")
	addLibcudaFlag(cmd, &libcuda)
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// launchOnce launches dir's kernel once on *d (opened when nil; closed
// and cleared after a failure on the device) and writes its timing
// outputs under out; it returns the kernel's name.
func launchOnce(dir, out, libcuda string, ordinal int, d **driver.Device) (string, error) {
	plan, err := validation.PlanGPU(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "")
	if err != nil {
		return "", err
	}
	if *d == nil {
		if *d, err = driver.Open(libcuda, ordinal); err != nil {
			return plan.Kernel, err
		}
	}
	res, err := validation.RunGPU(plan, validation.GPUOptions{Library: libcuda, Ordinal: ordinal, Device: *d})
	if err != nil {
		(*d).Close()
		*d = nil
		return plan.Kernel, err
	}
	var keep []string
	for _, b := range res.Outputs {
		if slices.Contains(launchOutputs, b.Name) {
			keep = append(keep, b.Name)
		}
	}
	return plan.Kernel, launch.WriteOutputs(out, res.Outputs, keep)
}
