// Command sm90sim runs PTX on a simulated NVIDIA Hopper GPU.
//
// Exit codes: 0 success; 1 the kernel failed (fault, trap, deadlock,
// instruction budget) or outputs differ; 2 the input is wrong (malformed PTX,
// unsupported instruction, bad spec, bad usage); 3 a GPU is needed and none
// is there.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/internal/safeio"
)

// Exit codes.
const (
	exitOK     = 0
	exitKernel = 1
	exitInput  = 2
	exitNoGPU  = 3
)

// exitError carries an exit code with the message to print.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func inputErr(err error) error  { return &exitError{exitInput, err} }
func kernelErr(err error) error { return &exitError{exitKernel, err} }

func main() {
	safeio.CleanOnSignal()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// cliArgs are the arguments of the running command line (run's), which
// calibrate records in the profile's provenance.
var cliArgs []string

// run executes the CLI and returns the exit code (testable entry point).
func run(args []string, stdout, stderr io.Writer) int {
	cliArgs = args
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(stderr, ee.err.Error())
		}
		return ee.code
	}
	// cobra usage errors (unknown flag, missing argument)
	fmt.Fprintf(stderr, "sm90sim: error: %v\n", err)
	return exitInput
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "sm90sim",
		Short:         "A simulator of NVIDIA Hopper (SM90) GPUs that runs real PTX",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       report.Version(),
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newRunCmd(stdout))
	root.AddCommand(newBanksCmd(stdout))
	root.AddCommand(newGPUCmd(stdout))
	root.AddCommand(newValidateCmd(stdout))
	root.AddCommand(newCheckCmd(stdout))
	root.AddCommand(newCaptureCmd(stdout, stderr))
	root.AddCommand(newCalibrateCmd(stdout, stderr))
	return root
}
