package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A timed run twice, and with several goroutines (its 64 CTAs span
// several partitions), gives byte-identical reports (outside host) and
// traces; the report has cycles, time_us and the timing section.
func TestTimedRunDeterministic(t *testing.T) {
	dir := t.TempDir()
	ptxPath := "../../validation/testdata/transpose_smem/kernel.ptx"
	spec := "../../validation/testdata/transpose_smem/launch.yaml"
	var reps, trs [3][]byte
	for i, jobs := range []string{"1", "1", "3"} {
		rep := filepath.Join(dir, "r"+string(rune('0'+i))+".json")
		tr := filepath.Join(dir, "t"+string(rune('0'+i))+".json")
		png := filepath.Join(dir, "p.png")
		code, stdout, stderr := cli("run", ptxPath, "--spec", spec, "--out", dir, "--report", rep,
			"--mode", "timed", "--trace", tr, "--plot", png, "--top", "3", "--jobs", jobs)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "cycles ")
		assert.Contains(t, stdout, "hot lines")
		var r map[string]any
		b, err := os.ReadFile(rep)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &r))
		assert.Equal(t, "timed", r["mode"])
		assert.Positive(t, r["cycles"])
		assert.Positive(t, r["time_us"])
		tm := r["timing"].(map[string]any)
		for _, k := range []string{"profile", "sm_active_cycles", "ipc", "occupancy", "unit_busy_cycles", "stalls", "hot_lines", "memory"} {
			assert.Contains(t, tm, k)
		}
		assert.Greater(t, tm["partitions"], 1.0, "one partition per GPC")
		delete(r, "host")
		reps[i], _ = json.Marshal(r)
		trs[i], err = os.ReadFile(tr)
		require.NoError(t, err)
		var doc map[string]any
		require.NoError(t, json.Unmarshal(trs[i], &doc), "the trace is valid JSON")
		assert.NotEmpty(t, doc["traceEvents"])
		st, err := os.Stat(png)
		require.NoError(t, err)
		assert.Positive(t, st.Size())
	}
	for i := 1; i < 3; i++ {
		assert.Equal(t, string(reps[0]), string(reps[i]))
		assert.Equal(t, trs[0], trs[i])
	}
}

func TestTimedFlagErrors(t *testing.T) {
	ptxPath := "../../validation/testdata/transpose_smem/kernel.ptx"
	spec := "../../validation/testdata/transpose_smem/launch.yaml"
	dir := t.TempDir()
	bad := filepath.Join(dir, "p.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("gpu: x\nclocks: {sm_mhz: 1980}\nwarp_size: 32\n"), 0o644))
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"--mode", "fast"}, "--mode must be functional or timed"},
		{[]string{"--trace", filepath.Join(dir, "t.json")}, "--trace needs --mode timed"},
		{[]string{"--no-sample"}, "--no-sample needs --mode timed"},
		{[]string{"--sm-clock-mhz", "1500"}, "--sm-clock-mhz needs --mode timed"},
		{[]string{"--mode", "timed", "--sm-clock-mhz", "-3"}, "--sm-clock-mhz must be a clock in MHz"},
		{[]string{"--mode", "timed", "--config", bad}, bad + ":3:1: error: unknown key \"warp_size\""},
		{[]string{"--mode", "timed", "--config", "h100"}, "not a built-in profile (h200, h100-sxm)"},
		{[]string{"--mode", "timed", "--trace", filepath.Join(dir, "t.json"), "--trace-cycles", "5:2"}, "--trace-cycles"},
	}
	for _, c := range cases {
		args := append([]string{"run", ptxPath, "--spec", spec, "--out", dir}, c.args...)
		code, _, stderr := cli(args...)
		assert.Equal(t, 2, code, c.args)
		assert.Contains(t, stderr, c.msg)
	}
	_, err := os.Stat(filepath.Join(dir, "t.json"))
	assert.True(t, os.IsNotExist(err), "no trace is left behind by a failed run")
}

// --config h100-sxm selects the built-in H100 profile by name: the report
// names it, with the H100's clock.
func TestTimedBuiltinH100Profile(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	code, _, stderr := cli("run", "../../validation/testdata/transpose_smem/kernel.ptx",
		"--spec", "../../validation/testdata/transpose_smem/launch.yaml", "--out", dir, "--report", rep,
		"--mode", "timed", "--config", "h100-sxm", "--top", "0")
	require.Equal(t, 0, code, stderr)
	var r struct {
		Timing struct {
			Profile struct {
				Name  string  `json:"name"`
				GPU   string  `json:"gpu"`
				SMMHz float64 `json:"sm_mhz"`
			} `json:"profile"`
		} `json:"timing"`
	}
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, "h100-sxm", r.Timing.Profile.Name)
	assert.Equal(t, "NVIDIA H100 80GB HBM3", r.Timing.Profile.GPU)
	assert.Positive(t, r.Timing.Profile.SMMHz)
}
