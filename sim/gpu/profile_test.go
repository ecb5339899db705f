package gpu_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

var updateProfile = flag.Bool("update-profile", false, "rewrite the params sections of calibration/h200.yaml and h100-sxm.yaml from the compiled-in profiles")

const h200Path = "../../calibration/h200.yaml"

// TestBuiltinProfileMatchesFile: the compiled-in H200 profile (what
// `go install` users get) equals calibration/h200.yaml.
func TestBuiltinProfileMatchesFile(t *testing.T) {
	p := checkBuiltinMatchesFile(t, "h200", h200Path)
	c1, err := p.Config()
	require.NoError(t, err)
	assert.Equal(t, gpu.DefaultTimedConfig(), c1)
}

// TestBuiltinH100ProfileMatchesFile: --config h100-sxm equals
// calibration/h100-sxm.yaml.
func TestBuiltinH100ProfileMatchesFile(t *testing.T) {
	p := checkBuiltinMatchesFile(t, "h100-sxm", "../../calibration/h100-sxm.yaml")
	assert.Equal(t, gpu.H100GPCs(), p.GPCs)
	assert.Nil(t, p.L2Sides, "the H100's L2 sides were not measured")
	assert.Equal(t, "NVIDIA H100 80GB HBM3", p.GPU)
	b, _ := gpu.BuiltinProfileNamed("h100-sxm")
	c1, err := p.Config()
	require.NoError(t, err)
	c2, err := b.Config()
	require.NoError(t, err)
	assert.Equal(t, c2, c1)
	assert.NotEqual(t, gpu.DefaultTimedConfig(), c1, "the H100 profile is its own fit")
}

// checkBuiltinMatchesFile compares the built-in profile name with the file
// (clocks, GPC map, every parameter's value and source) and returns the
// file's profile.
func checkBuiltinMatchesFile(t *testing.T, name, path string) *gpu.Profile {
	b, ok := gpu.BuiltinProfileNamed(name)
	require.True(t, ok, name)
	if *updateProfile {
		writeParams(t, b, path)
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	p, err := gpu.ParseProfile(path, data)
	require.NoError(t, err)
	assert.Equal(t, b.GPU, p.GPU)
	assert.Equal(t, b.SMMHz, p.SMMHz)
	assert.Equal(t, b.MemMHz, p.MemMHz)
	assert.Equal(t, b.GPCs, p.GPCs)
	assert.Equal(t, b.L2Sides, p.L2Sides, "l2_sides")
	require.Equal(t, len(b.Params), len(p.Params), "parameter sets differ (regenerate %s with -update-profile)", path)
	for name, v := range b.Params {
		fv, ok := p.Params[name]
		if assert.True(t, ok, "%s lacks %s", path, name) {
			assert.Equal(t, v.Value, fv.Value, name)
			assert.Equal(t, v.Source, fv.Source, name)
		}
	}
	// the provenance of the fit that wrote the params (calibrate
	// --update-builtin writes it: issue 15)
	cal, ok := p.Provenance["calibrate"].(map[string]any)
	if assert.True(t, ok, "%s has no provenance.calibrate (calibrate --update-builtin writes it)", path) {
		for _, k := range []string{"command", "date", "driver", "gpu", "recordings", "residual",
			"sm_clock_mhz", "mem_clock_mhz", "figures_compared", "figures_within_5pct"} {
			assert.Contains(t, cal, k, path)
		}
		assert.Equal(t, p.GPU, cal["gpu"], path)
		assert.Contains(t, cal["command"], "sm90sim calibrate ", path)
		assert.Contains(t, cal["command"], " --update-builtin", path)
		n, _ := cal["figures_compared"].(int)
		w, _ := cal["figures_within_5pct"].(int)
		assert.True(t, n > 0 && w >= 0 && w <= n, "%s: figures %v, within 5%% %v", path, cal["figures_compared"], cal["figures_within_5pct"])
	}
	// every model parameter is in the profile
	for _, prm := range gpu.Params() {
		_, ok := p.Params[prm.Name]
		assert.True(t, ok, prm.Name)
	}
	return p
}

// writeParams replaces everything from the `params:` line on.
func writeParams(t *testing.T, b *gpu.Profile, path string) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Clean(path), gpu.FormatProfileParams(data, b.Params), 0o644))
}

// --config takes either built-in name or a path; an unknown name says
// which names exist.
func TestLoadProfile(t *testing.T) {
	for _, n := range []string{"", "h200", "h100-sxm"} {
		p, err := gpu.LoadProfile(n)
		require.NoError(t, err, n)
		_, err = p.Config()
		require.NoError(t, err, n)
	}
	p, err := gpu.LoadProfile(h200Path)
	require.NoError(t, err)
	assert.NotEmpty(t, p.SHA256)
	_, err = gpu.LoadProfile("h100")
	assert.ErrorContains(t, err, "not a built-in profile (h200, h100-sxm)")
}

func TestProfileErrorsNamePosition(t *testing.T) {
	cases := []struct{ src, want string }{
		{"gpu: x\nclocks: {sm_mhz: 1980, mem_mhz: 3201}\nbogus: 1\n", "p.yaml:3:1: error: unknown key \"bogus\""},
		{"clocks: {sm_mhz: 1980, mem: 3}\n", "p.yaml:1:24: error: unknown key clocks.mem"},
		{"clocks: {sm_mhz: 1980}\nparams:\n  no_such_cycles: {value: 1}\n", "p.yaml:3:3: error: unknown parameter \"no_such_cycles\""},
		{"clocks: {sm_mhz: 1980}\nparams:\n  fp32_latency_cycles: {value: x}\n", "p.yaml:3:32: error: fp32_latency_cycles.value must be a number"},
		{"clocks: {sm_mhz: 1980}\nparams:\n  fp32_latency_cycles: {val: 1}\n", "p.yaml:3:25: error: unknown key fp32_latency_cycles.val"},
		{"gpu: x\n", "clocks.sm_mhz is missing"},
	}
	for _, c := range cases {
		_, err := gpu.ParseProfile("p.yaml", []byte(c.src))
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want)
	}
	p, err := gpu.ParseProfile("p.yaml", []byte("clocks: {sm_mhz: 1755, mem_mhz: 2619}\nparams:\n  fp32_latency_cycles: {value: 5, source: x, residual: 0.01}\n"))
	require.NoError(t, err)
	_, err = p.Config()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "profile lacks parameters")
}
