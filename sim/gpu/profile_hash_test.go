package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Issue 13: the report names the profile's parameters by SHA-256, for a
// built-in profile too: the built-in h200 and h100-sxm hash as their files
// (which TestBuiltin*ProfileMatchesFile keeps equal in value), the two
// GPUs differ, and one parameter's value moves the hash; the clock (reported
// beside it) does not.
func TestParamsSHA256(t *testing.T) {
	for name, path := range map[string]string{"h200": h200Path, "h100-sxm": "../../calibration/h100-sxm.yaml"} {
		b, err := gpu.LoadProfile(name)
		require.NoError(t, err)
		f, err := gpu.LoadProfile(path)
		require.NoError(t, err)
		assert.Len(t, b.ParamsSHA256(), 64)
		assert.Equal(t, f.ParamsSHA256(), b.ParamsSHA256(), name)
		assert.Equal(t, b.ParamsSHA256(), b.AtSMClock(1500).ParamsSHA256(), name)
	}
	h200, _ := gpu.LoadProfile("h200")
	h100, _ := gpu.LoadProfile("h100-sxm")
	assert.NotEqual(t, h200.ParamsSHA256(), h100.ParamsSHA256())
	p, _ := gpu.LoadProfile("h200")
	p.Params = map[string]gpu.ProfileParam{}
	for n, v := range h200.Params {
		p.Params[n] = v
	}
	v := p.Params["fp32_latency_cycles"]
	v.Value++
	p.Params["fp32_latency_cycles"] = v
	assert.NotEqual(t, h200.ParamsSHA256(), p.ParamsSHA256())
}
