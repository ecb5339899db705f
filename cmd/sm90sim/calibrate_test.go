package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// A calibrate run on one benchmark: the closed-form FFMA latency (4.153
// cycles per op on the H200: 4) and the smem latency search, the table,
// the profile written with the base's GPC map kept, and the plot.
func TestCalibrateWritesProfile(t *testing.T) {
	dir := t.TempDir()
	out, png := filepath.Join(dir, "p.yaml"), filepath.Join(dir, "p.png")
	code, stdout, stderr := cli("calibrate", "--from-recordings", "../../validation/microbench",
		"--suite", "chain_fma_f32", "--suite", "smem_ld32_s1_lat", "--suite", "ldsm_x1_lat",
		"--group", "fp32_latency", "--group", "smem_latency",
		"--config", "../../calibration/h200.yaml", "--out", out, "--plot", png)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "chain_fma_f32                cycles_per_op")
	assert.Regexp(t, `fp32_latency_cycles\s+4\s+residual`, stdout)
	assert.Contains(t, stdout, "figures within 5%")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	p, err := gpu.ParseProfile(out, data)
	require.NoError(t, err)
	assert.Equal(t, gpu.DefaultGPCs(), p.GPCs)
	assert.Equal(t, 4.0, p.Params["fp32_latency_cycles"].Value)
	assert.Contains(t, p.Params["fp32_latency_cycles"].Source, "closed form, chain_fma_f32")
	assert.NotNil(t, p.Params["smem_latency_cycles"].Residual)
	assert.Equal(t, 1976.0, p.SMMHz, "median SM clock of the H200 recordings (276 benchmarks since gen3.py)")
	_, err = p.Config()
	require.NoError(t, err)
	st, err := os.Stat(png)
	require.NoError(t, err)
	assert.Positive(t, st.Size())
}

func TestCalibrateInputErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"calibrate"}, "--from-recordings DIR is required"},
		{[]string{"calibrate", "--gpu", "0", "--from-recordings", "../../validation/microbench", "--suite", "empty_c1", "--ncu", "x"}, "--ncu \"x\""},
		{[]string{"calibrate", "--from-recordings", "testdata"}, "summary.json"},
		{[]string{"calibrate", "--from-recordings", "../../validation/microbench", "--suite", "nosuch"}, "--suite nosuch"},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--mode", "fast", "--libcuda", "/nonexistent/libcuda.so.1"}, "--mode must be functional or timed"},
	}
	for _, c := range cases {
		code, _, stderr := cli(c.args...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stderr, c.msg, "%v", c.args)
	}
}

// Without a CUDA driver, --gpu exits 3 like the other GPU commands.
func TestCalibrateGPUWithoutDriver(t *testing.T) {
	code, _, stderr := cli("calibrate", "--gpu", "0", "--from-recordings", "../../validation/microbench", "--suite", "empty_c1",
		"--libcuda", filepath.Join(t.TempDir(), "libcuda.so.1"))
	assert.Equal(t, 3, code, stderr)
	assert.Contains(t, stderr, "no CUDA driver found")
}
