package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/validation/calibrate"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// newGPUMeasureCmd is `sm90sim gpu measure` (hidden): calibrate --gpu's
// child, which measures the named benchmarks of one family in this
// process (one context) and writes each record as a JSON line on stdout
// as soon as it is measured. calibrate --gpu runs one per family so that
// nothing the driver keeps in a process (after the GiB chases and the
// whole-GPU copies, the figures of later families moved by up to 78%:
// validation/timing/gpu25.md) carries from one family to the next; the
// recordings were made that way (mb.py, a process per device script).
func newGPUMeasureCmd(stdout io.Writer) *cobra.Command {
	var f calibrateFlags
	var smi bool
	cmd := &cobra.Command{
		Use:    "measure --from-recordings DIR --gpu N BENCHMARK...",
		Short:  "Measure benchmarks of the recordings on the GPU in this process (calibrate --gpu's child; JSON lines)",
		Hidden: true,
		Args:   cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			all, err := calibrate.LoadRecordingsOf(f.from, f.suffix)
			if err != nil {
				return inputErr(err)
			}
			by := map[string]*calibrate.Bench{}
			for _, b := range all {
				by[b.Name] = b
			}
			var bs []*calibrate.Bench
			for _, n := range args {
				b, ok := by[n]
				if !ok {
					return inputErr(fmt.Errorf("gpu measure: no benchmark %q in %s", n, f.from))
				}
				bs = append(bs, b)
			}
			opt, err := gpuRunOptions(&f)
			if err != nil {
				return err
			}
			opt.SkipSMI = !smi
			enc := json.NewEncoder(stdout)
			opt.Record = func(r calibrate.BenchRecord) error { return enc.Encode(r) }
			_, err = calibrate.MeasureGPU(bs, opt)
			return gpuExit(err)
		},
	}
	addGPUMeasureFlags(cmd, &f, 0, "the GPU that measures them")
	cmd.Flags().BoolVar(&smi, "smi", false, "read nvidia-smi at the first benchmark")
	return cmd
}

// familyProcess is MeasureGPU's Family for the CLI: each family's
// benchmarks measured by `sm90sim gpu measure` in a process of its own,
// its records read as it writes them. Its exit status 3 (no driver or
// no such GPU) ends the run as in one process; any other failure (a
// crash) leaves the family's unmeasured benchmarks skipped with its
// stderr's end.
func familyProcess(f *calibrateFlags) (func([]*calibrate.Bench, bool, func(calibrate.BenchRecord) error) error, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return func(fam []*calibrate.Bench, smi bool, emit func(calibrate.BenchRecord) error) error {
		args := []string{"gpu", "measure", "--from-recordings", f.from, "--gpu", strconv.Itoa(f.gpu),
			"--runs", strconv.Itoa(f.runs), "--ncu", f.ncu}
		if f.suffix != "" {
			args = append(args, "--recordings-suffix", f.suffix)
		}
		if f.libcuda != "" {
			args = append(args, "--libcuda", f.libcuda)
		}
		if smi {
			args = append(args, "--smi")
		}
		args = append(args, "--")
		for _, b := range fam {
			args = append(args, b.Name)
		}
		cmd := exec.Command(exe, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		var emitErr error
		for sc.Scan() {
			var r calibrate.BenchRecord
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				emitErr = fmt.Errorf("gpu measure: a line that is not a record: %v", err)
				break
			}
			if emitErr = emit(r); emitErr != nil {
				break
			}
		}
		if emitErr != nil {
			_ = cmd.Process.Kill()
		}
		_, _ = io.Copy(io.Discard, out)
		werr := cmd.Wait()
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = "..." + msg[len(msg)-2000:]
		}
		var ee *exec.ExitError
		switch {
		case emitErr != nil:
			return emitErr
		case errors.As(werr, &ee) && ee.ExitCode() == exitNoGPU:
			return &driver.NoDeviceError{Reason: msg}
		case werr != nil:
			return fmt.Errorf("family process (sm90sim gpu measure): %v: %s", werr, msg)
		}
		return nil
	}, nil
}
