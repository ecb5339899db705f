package gpu_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

var updateProfile = flag.Bool("update-profile", false, "rewrite the params section of calibration/h200.yaml from DefaultTimedParams")

const h200Path = "../../calibration/h200.yaml"

// TestBuiltinProfileMatchesFile: the compiled-in H200 profile (what
// `go install` users get) equals calibration/h200.yaml.
func TestBuiltinProfileMatchesFile(t *testing.T) {
	if *updateProfile {
		writeParams(t)
	}
	data, err := os.ReadFile(h200Path)
	require.NoError(t, err)
	p, err := gpu.ParseProfile(h200Path, data)
	require.NoError(t, err)
	b := gpu.BuiltinProfile()
	assert.Equal(t, b.SMMHz, p.SMMHz)
	assert.Equal(t, b.MemMHz, p.MemMHz)
	assert.Equal(t, b.GPCs, p.GPCs)
	require.Equal(t, len(b.Params), len(p.Params), "parameter sets differ")
	for name, v := range b.Params {
		fv, ok := p.Params[name]
		if assert.True(t, ok, "calibration/h200.yaml lacks %s", name) {
			assert.Equal(t, v.Value, fv.Value, name)
			assert.Equal(t, v.Source, fv.Source, name)
		}
	}
	c1, err := p.Config()
	require.NoError(t, err)
	assert.Equal(t, gpu.DefaultTimedConfig(), c1)
	// every model parameter is in the profile
	for _, prm := range gpu.Params() {
		_, ok := p.Params[prm.Name]
		assert.True(t, ok, prm.Name)
	}
}

// writeParams replaces everything from the `params:` line on.
func writeParams(t *testing.T) {
	data, err := os.ReadFile(h200Path)
	require.NoError(t, err)
	s := string(data)
	if i := strings.Index(s, "\nparams:"); i >= 0 {
		s = s[:i+1]
	}
	var names []string
	for n := range gpu.DefaultTimedParams {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(s)
	b.WriteString("params:\n")
	for _, n := range names {
		d := gpu.DefaultTimedParams[n]
		res := "null"
		if d.Residual != nil {
			res = fmt.Sprint(*d.Residual)
		}
		fmt.Fprintf(&b, "  %s: {value: %v, source: %q, residual: %s}\n", n, d.Value, d.Source, res)
	}
	require.NoError(t, os.WriteFile(filepath.Clean(h200Path), []byte(b.String()), 0o644))
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
