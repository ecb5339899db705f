package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Triton's TMA matmul is one of the two corpus kernels ptxas serializes
// (C7515, validation/timing/async/ptxas_c7515.txt): the run reports it at
// the line that zeroes the accumulators after the K loop, on stderr and
// under `performance`, and exits 0.
func TestPerformanceDiagnostic(t *testing.T) {
	dir := filepath.Join("..", "..", "validation", "testdata", "triton_matmul_tma")
	out := t.TempDir()
	rep := filepath.Join(out, "report.json")
	code, _, stderr := cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"),
		"--out", out, "--report", rep)
	require.Equal(t, 0, code, stderr)
	var line string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, ": performance: ") {
			line = l
		}
	}
	assert.Regexp(t, `kernel\.ptx:313 \(.*tri_tma_matmul\.py:14\): performance: mov\.b32 writes an accumulator register .* \(C7515: .*\[wgmma-serialized\]$`, line)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	var r struct {
		Performance []map[string]any `json:"performance"`
	}
	require.NoError(t, json.Unmarshal(b, &r))
	require.Len(t, r.Performance, 1)
	p := r.Performance[0]
	assert.Equal(t, "wgmma-serialized", p["rule"])
	assert.Equal(t, 313.0, p["line"])
	assert.Equal(t, "matmul_tma_kernel", p["func"])
	assert.Equal(t, 64.0, p["count"])

	// a pipelined kernel reports none: [] (not null)
	dir = filepath.Join("..", "..", "validation", "testdata", "triton_matmul_tma_persistent")
	code, _, stderr = cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"),
		"--out", out, "--report", rep)
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stderr, "performance:")
	b, err = os.ReadFile(rep)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"performance": []`)
}
