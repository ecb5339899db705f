package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// copyDir copies the regular files of src (not its subfolders) into a new
// temporary directory; a kernel.ptx stored compressed (kernel.ptx.gz) is
// copied plain, as the tests link and rewrite kernel.ptx.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	ents, err := os.ReadDir(src)
	require.NoError(t, err)
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		name := e.Name()
		b, err := os.ReadFile(filepath.Join(src, name))
		require.NoError(t, err)
		if name == "kernel.ptx.gz" {
			name = "kernel.ptx"
			b, err = gzfile.Decompress(b)
			require.NoError(t, err)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dst, name), b, 0o644))
	}
	return dst
}

// The reproducer: block_reduce_atomics reads st32.npy and st64.npy
// and writes outputs of the same names; with --out at its own directory the
// run used to replace its inputs. Now it exits 2 and leaves them alone.
func TestRunRefusesToOverwriteInputs(t *testing.T) {
	dir := copyDir(t, "../../validation/testdata/block_reduce_atomics")
	before, err := os.ReadFile(filepath.Join(dir, "st32.npy"))
	require.NoError(t, err)
	code, _, stderr := cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", dir)
	assert.Equal(t, 2, code)
	assert.Regexp(t, `--out \(output st32\) .*st32\.npy would overwrite the input of buffer st32 .*st32\.npy`, stderr)
	after, err := os.ReadFile(filepath.Join(dir, "st32.npy"))
	require.NoError(t, err)
	assert.Equal(t, before, after)
	ents, _ := os.ReadDir(dir)
	assert.Len(t, ents, 7, "nothing written into the directory")

	// a relative path through another spelling and a hard link are the same file
	require.NoError(t, os.Link(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "k2.ptx")))
	code, _, stderr = cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", t.TempDir(), "--report", filepath.Join(dir, ".", "k2.ptx"))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "would overwrite the PTX")

	// nor the CPU profile (created before the run starts)
	code, _, stderr = cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", t.TempDir(), "--cpuprofile", filepath.Join(dir, "kernel.ptx"))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--cpuprofile")
	ptxNow, _ := os.ReadFile(filepath.Join(dir, "kernel.ptx"))
	assert.NotEmpty(t, ptxNow)

	// the report may not be the spec either
	code, _, stderr = cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", t.TempDir(), "--report", filepath.Join(dir, "launch.yaml"))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "would overwrite the launch spec")
}

func TestBanksRefusesJSONOverPTX(t *testing.T) {
	dir := copyDir(t, "testdata")
	ptx := filepath.Join(dir, "ok.ptx")
	before, _ := os.ReadFile(ptx)
	code, _, stderr := cli("banks", ptx, "--spec", filepath.Join(dir, "ok.yaml"), "--json", ptx)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--json")
	after, _ := os.ReadFile(ptx)
	assert.Equal(t, before, after)
}

// capture: a captured buffer file or kernel.ptx may not replace what the
// program was given.
func TestGuardCapture(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog")
	require.NoError(t, os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755))
	input := filepath.Join(dir, "k", "x.npy")
	require.NoError(t, os.MkdirAll(filepath.Dir(input), 0o755))
	require.NoError(t, os.WriteFile(input, []byte("x"), 0o644))
	assert.NoError(t, guardCapture([]string{prog, "--n", "4"}, filepath.Join(dir, "k"), []string{"y.npy"}))
	err := guardCapture([]string{prog, input}, filepath.Join(dir, "k"), []string{"x.npy"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "would overwrite the argument of the program")
}
