package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// --update-builtin writes the fit into the H100 table and profile file of
// the checkout around the working directory (a copy here): the closed-form
// FFMA latency of chain_fma_f32 on the H100 recordings (4.15 cycles: 4) with
// its source, every other parameter as it was.
func TestCalibrateUpdateBuiltin(t *testing.T) {
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	root := t.TempDir()
	files := gpu.BuiltinFiles["h100-sxm"]
	for _, f := range []string{"go.mod", files.GoTable, files.Profile} {
		b, err := os.ReadFile(filepath.Join(repo, f))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, f), b, 0o644))
	}
	t.Chdir(root)
	code, stdout, stderr := cli("calibrate", "--from-recordings", filepath.Join(repo, "validation/microbench"),
		"--recordings-suffix", "h100", "--suite", "chain_fma_f32", "--group", "fp32_latency",
		"--config", "calibration/h100-sxm.yaml", "--update-builtin", "--progress", "off")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "updated built-in profile h100-sxm: sim/gpu/timed_defaults_h100.go\n")
	assert.Contains(t, stdout, "updated built-in profile h100-sxm: calibration/h100-sxm.yaml\n")
	data, err := os.ReadFile(files.Profile)
	require.NoError(t, err)
	p, err := gpu.ParseProfile(files.Profile, data)
	require.NoError(t, err)
	before, _ := gpu.BuiltinProfileNamed("h100-sxm")
	assert.Equal(t, len(before.Params), len(p.Params))
	assert.Equal(t, 4.0, p.Params["fp32_latency_cycles"].Value)
	assert.Contains(t, p.Params["fp32_latency_cycles"].Source, "closed form, chain_fma_f32")
	assert.Equal(t, before.Params["l2_hit_cycles"], p.Params["l2_hit_cycles"])
	// the provenance: the GPC map's entry as it was, and this fit's
	// calibrate entry (one figure, within 5%: 4.146 against 4.153)
	orig, err := gpu.ParseProfile(files.Profile, mustRead(t, filepath.Join(repo, files.Profile)))
	require.NoError(t, err)
	assert.Equal(t, orig.Provenance["gpc_map"], p.Provenance["gpc_map"])
	cal := p.Provenance["calibrate"].(map[string]any)
	assert.Equal(t, "sm90sim calibrate --from-recordings "+filepath.Join(repo, "validation/microbench")+
		" --recordings-suffix h100 --suite chain_fma_f32 --group fp32_latency --config calibration/h100-sxm.yaml --update-builtin --progress off",
		cal["command"])
	assert.Equal(t, "NVIDIA H100 80GB HBM3", cal["gpu"])
	assert.Equal(t, "580.159.04", cal["driver"])
	assert.Equal(t, 1, cal["figures_compared"])
	assert.Equal(t, 1, cal["figures_within_5pct"])
	assert.Equal(t, filepath.Join(repo, "validation/microbench")+" (summary.h100.json)", cal["recordings"])
	assert.Contains(t, cal, "date")
	assert.Contains(t, cal, "sm_clock_mhz")
	assert.Equal(t, orig.SMMHz, p.SMMHz, "the profile's clocks line is kept")
	src, err := os.ReadFile(files.GoTable)
	require.NoError(t, err)
	assert.Contains(t, string(src), `"fp32_latency_cycles":               {4, "fit: closed form, chain_fma_f32`)

	// a profile file that is no built-in's: refused before the fit
	require.NoError(t, os.WriteFile("mine.yaml", data, 0o644))
	code, _, stderr = cli("calibrate", "--from-recordings", filepath.Join(repo, "validation/microbench"),
		"--suite", "chain_fma_f32", "--config", "mine.yaml", "--update-builtin", "--progress", "off")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--update-builtin: --config mine.yaml names no built-in profile (h200, h100-sxm")
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
