package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noDriverLine is the one line printed without a usable driver (or in a
// build without cgo).
const noDriverLine = `^(no CUDA driver found: \S*libcuda\.so\.1: .*|built without cgo: .*)\n$`

func readReport(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// Without a driver every GPU command says so in one line, exits 3 and
// still writes its report.
func TestGPUCommandsWithoutDriver(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "missing", "libcuda.so.1")
	cases := map[string][]string{
		"gpu run":  {"gpu", "run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir},
		"validate": {"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml"},
		"record":   {"validate", "--record", "testdata/ok.ptx", "--spec", "testdata/ok.yaml"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			rep := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
			code, stdout, stderr := cli(append(args, "--libcuda", lib, "--report", rep)...)
			assert.Equal(t, 3, code)
			assert.Empty(t, stdout)
			assert.Regexp(t, noDriverLine, stderr)
			r := readReport(t, rep)
			assert.Equal(t, "error", r["status"])
			assert.Equal(t, strings.TrimSpace(stderr), r["error"])
			assert.Equal(t, "scale", r["kernel"])
		})
	}
	_, err := os.Stat(filepath.Join(dir, "out.npy"))
	assert.True(t, os.IsNotExist(err), "no outputs without a GPU")

	// The environment variable works like --libcuda.
	t.Setenv("SM90SIM_LIBCUDA", lib)
	code, _, stderr := cli("gpu", "run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir)
	assert.Equal(t, 3, code)
	assert.Regexp(t, noDriverLine, stderr)
}

// Input errors are found before any driver work: exit 2.
func TestGPUCommandsInputErrors(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	cases := []struct {
		args  []string
		first string
	}{
		{[]string{"gpu", "run", "testdata/malformed.ptx", "--spec", "testdata/ok.yaml"}, `^testdata/malformed.ptx:25:\d+: error: `},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/badparam.yaml"}, `^testdata/badparam.yaml:8:\d+: error: `},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--ncu", "sometimes"}, `^--ncu "sometimes": want auto or off`},
		{[]string{"gpu", "run", "testdata/ok.ptx"}, `required flag\(s\) "spec" not set`},
	}
	for _, c := range cases {
		code, _, stderr := cli(append(c.args, "--libcuda", lib)...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Regexp(t, c.first, stderr, "%v", c.args)
	}
}

// A binary built with CGO_ENABLED=0 builds, runs the simulator, and says
// "built without cgo" (exit 3) for GPU commands.
func TestBuiltWithoutCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "sm90sim")
	build := exec.Command(goBin, "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, args := range [][]string{
		{"gpu", "run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir()},
		{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml"},
	} {
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%v", args)
		assert.Equal(t, 3, ee.ExitCode(), "%v", args)
		assert.Regexp(t, `^built without cgo: .*\n$`, stderr.String())
	}
	// The simulator needs no cgo.
	cmd := exec.Command(bin, "run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir())
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
}
