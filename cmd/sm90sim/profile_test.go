package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --cpuprofile writes a gzip-compressed pprof profile, also when the
// kernel fails; an unwritable path is an input error (exit 2).
func TestRunCPUProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.pprof")
	code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--cpuprofile", prof)
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(prof)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err, "a pprof profile is gzip-compressed")
	body, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.NotEmpty(t, body)

	prof2 := filepath.Join(dir, "fail.pprof")
	code, _, _ = cli("run", "testdata/nope.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--cpuprofile", prof2)
	assert.Equal(t, 2, code)
	_, err = os.Stat(prof2)
	assert.NoError(t, err, "the profile is written also on failure")

	code, _, stderr = cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--cpuprofile", filepath.Join(dir, "no", "such", "dir", "p"))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--cpuprofile")
}
