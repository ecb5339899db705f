package main

import (
	"os"
	"testing"
)

// TestMain: the commands that start this binary again (calibrate --gpu's
// family processes, ncu's child) start the test binary under go test;
// with SM90SIM_TEST_CLI set it is the CLI, as the real binary would be.
func TestMain(m *testing.M) {
	if os.Getenv("SM90SIM_TEST_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Setenv("SM90SIM_TEST_CLI", "1")
	os.Exit(m.Run())
}
