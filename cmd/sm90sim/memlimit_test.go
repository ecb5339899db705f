package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMemLimitSources(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, p), []byte(s), 0o644))
	}
	write("proc/meminfo", "MemTotal:       24684092 kB\nMemFree:  100 kB\n")
	v, from := memLimit(root)
	assert.Equal(t, uint64(24684092*1024), v)
	assert.Equal(t, "MemTotal", from)
	write("sys/fs/cgroup/memory.max", "max\n")
	v, _ = memLimit(root)
	assert.Equal(t, uint64(24684092*1024), v, "memory.max 'max' is no limit")
	write("sys/fs/cgroup/memory.max", "2147483648\n")
	v, from = memLimit(root)
	assert.Equal(t, uint64(2<<30), v)
	assert.Equal(t, "cgroup memory.max", from)
	write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n") // v1 "unlimited"
	v, _ = memLimit(root)
	assert.Equal(t, uint64(2<<30), v)
}

func TestParseBytes(t *testing.T) {
	for s, want := range map[string]uint64{"512MiB": 512 << 20, "8GiB": 8 << 30, "2G": 2e9, "1000": 1000, "1.5KiB": 1536} {
		v, err := parseBytes(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, v, s)
	}
	for _, s := range []string{"", "lots", "-1G", "0"} {
		_, err := parseBytes(s)
		assert.Error(t, err, s)
	}
}

// A launch that cannot fit in host memory is an input error naming both
// numbers, before anything is allocated (no Go runtime dump).
func TestRunRefusesWhatDoesNotFit(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "huge.yaml")
	require.NoError(t, os.WriteFile(spec, []byte(`kernel: scale
grid: [4, 1, 1]
block: [64, 1, 1]
buffers:
  out: {dtype: u32, shape: [250]}
  a: {dtype: u8, shape: [17179869184]}
  b: {dtype: u8, shape: [17179869184]}
  c: {dtype: u8, shape: [17179869184]}
  d: {dtype: u8, shape: [17179869184]}
  e: {dtype: u8, shape: [17179869184]}
  f: {dtype: u8, shape: [17179869184]}
  g: {dtype: u8, shape: [17179869184]}
  h: {dtype: u8, shape: [17179869184]}
params:
  - {buffer: out}
  - {u32: 250}
outputs: [out]
`), 0o644))
	code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", spec, "--out", dir)
	assert.Equal(t, 2, code)
	assert.Regexp(t, `huge.yaml: error: the launch needs about 25\d\.\d GiB of host memory .* over the [\d.]+ [GMT]iB of (MemTotal|cgroup memory.max|cgroup memory.limit_in_bytes|GOMEMLIMIT)`, stderr)

	code, _, stderr = cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--memory-limit", "1MiB", "--jobs", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "over the 1.0 MiB of --memory-limit")
}
