package main

import (
	"encoding/json"
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
	out, png, rep := filepath.Join(dir, "p.yaml"), filepath.Join(dir, "p.png"), filepath.Join(dir, "r.json")
	code, stdout, stderr := cli("calibrate", "--from-recordings", "../../validation/microbench",
		"--suite", "chain_fma_f32", "--suite", "smem_ld32_s1_lat", "--suite", "ldsm_x1_lat",
		"--group", "fp32_latency", "--group", "smem_latency",
		"--config", "../../calibration/h200.yaml", "--out", out, "--plot", png, "--progress", "plain", "--report", rep)
	require.Equal(t, 0, code, stderr)
	// the fit's log lines come through the progress reporter (plain: as they are)
	assert.Contains(t, stderr, "smem_latency   smem_latency_cycles = 23\n")
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
	assert.Equal(t, 1969.0, p.SMMHz, "median SM clock of the H200 recordings (1185 with a clock in summary.json.gz at session 20: median 1969.4 MHz; 1085 at session 16: 1970.3 MHz; 1034 at session 13: 1970.6 MHz; 928 at session 10: 1972.3 MHz)")
	_, err = p.Config()
	require.NoError(t, err)
	st, err := os.Stat(png)
	require.NoError(t, err)
	assert.Positive(t, st.Size())
	// the JSON report: 3 figures (one per benchmark), the two parameters
	var r struct {
		Figures []struct {
			Benchmark string  `json:"benchmark"`
			Measured  float64 `json:"measured"`
		} `json:"figures"`
		Params map[string]struct {
			Value float64 `json:"value"`
			Group string  `json:"group"`
		} `json:"params"`
		Within5 struct{ Before, After, Of int } `json:"within_5_percent"`
		Noise   *struct{}                       `json:"noise"`
	}
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Len(t, r.Figures, 3)
	assert.Equal(t, 4.153, r.Figures[0].Measured)
	assert.Equal(t, 4.0, r.Params["fp32_latency_cycles"].Value)
	assert.Equal(t, "smem_latency", r.Params["smem_latency_cycles"].Group)
	assert.Equal(t, 3, r.Within5.Of)
	assert.Nil(t, r.Noise, "no records applied")
}

// --from-records prints the records against the recordings: the committed
// H100 records of the FFMA chain equal the H100 recording (a deterministic
// chain), so the noise line says 0.00%.
func TestCalibrateRecordsNoise(t *testing.T) {
	code, stdout, stderr := cli("calibrate", "--from-recordings", "../../validation/microbench", "--recordings-suffix", "h100",
		"--from-records", "../../calibration/recordings/h100-sxm", "--suite", "chain_fma_f32", "--group", "fp32_latency",
		"--config", "h100-sxm", "--progress", "off")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `--from-records against the recordings \(run-to-run noise\): \d+ figures, median \|difference\| 0\.00%`, stdout)
	assert.Contains(t, stdout, "chain_fma_f32                cycles_per_op")
}

func TestCalibrateInputErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"calibrate"}, "--from-recordings DIR is required"},
		{[]string{"calibrate", "--gpu", "0", "--from-recordings", "../../validation/microbench", "--suite", "empty_c1", "--ncu", "x"}, "--ncu \"x\""},
		{[]string{"calibrate", "--from-recordings", "testdata"}, "summary.json"},
		{[]string{"calibrate", "--from-recordings", "../../validation/microbench", "--progress", "loud"}, "auto|bar|plain|off"},
		{[]string{"calibrate", "--from-recordings", "../../validation/microbench", "--suite", "nosuch"}, "--suite nosuch"},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--mode", "fast", "--libcuda", "/nonexistent/libcuda.so.1"}, "--mode must be functional or timed"},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--no-sample", "--libcuda", "/nonexistent/libcuda.so.1"}, "--no-sample needs --mode timed"},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--sm-clock-mhz", "1500", "--libcuda", "/nonexistent/libcuda.so.1"}, "--sm-clock-mhz needs --mode timed"},
		{[]string{"validate", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--mode", "timed", "--sm-clock-mhz", "-5", "--libcuda", "/nonexistent/libcuda.so.1"}, "--sm-clock-mhz must be a clock in MHz"},
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
