package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestMufuTensorRecorded (validation/timing/flash30.md): the mufutc30
// recordings (H200) say that a MUFU-bound loop runs slower while the SM's
// tensor pipe runs wgmma, and the profile's mufu_tensor_extra_cycles is
// their closed form. Recordings: beside SS wgmma, MUFU.EX2 alone
// (1144 -> 1492 cycles a pass of 128) and the mix at two warps a
// sub-partition (2114 -> 2807 a pass of 256 per sub-partition) lose
// 2.7 cycles an EX2, while the wgmma loop keeps its span (66223 cycles
// beside the EX2 loop, 66258 beside a lone FFMA chain). Simulated with the built-in profile, the
// MUFU-bound pair is within 5% of the recording (one run each, ~0.3 s).
func TestMufuTensorRecorded(t *testing.T) {
	by := recordedH200(t)
	fp := func(n string) float64 {
		require.NotNil(t, by[n], n)
		return by[n].Measured["fp_cycles_per_pass"]
	}
	for _, p := range mufuTensorPairs {
		d := (fp(p.with) - fp(p.alone)) / p.ex2
		assert.InDelta(t, 2.7, d, 0.1, "%s vs %s: extra cycles an EX2", p.with, p.alone)
	}
	v, _, err := mufuTensorClosedForm(by)
	require.NoError(t, err)
	assert.Equal(t, gpu.DefaultTimedConfig().SM.MufuTensorExtraCycles, v, "the profile's value is the closed form")
	// session 31 (flash31.md): the dependent FFMA chain loses 1.14 cycles a
	// step beside SS wgmma (373.9 -> 446.9 a pass of 64) and 3.75 beside RS
	// (-> 613.7); fp32_tensor_extra_cycles / _rs_ are their closed forms
	sm := gpu.DefaultTimedConfig().SM
	for i, want := range []float64{sm.Fp32TensorExtraCycles, sm.Fp32TensorRSExtraCycles} {
		p := fp32TensorPairs[i]
		assert.InDelta(t, []float64{1.14, 3.75}[i], (fp(p.with)-fp(p.alone))/p.steps, 0.05, "%s vs %s", p.with, p.alone)
		v, _, err := fp32TensorClosedForm(by, p)
		require.NoError(t, err)
		assert.Equal(t, want, v, "the profile's value is the closed form (%s)", p.with)
	}
	for _, n := range []string{"mufutc30_ss_ex2", "mufutc30_ex2", "mufutc30_ss_ffma4", "mufutc30_rs_ffma4"} {
		got, want := simulatedFigure(t, by, n, "fp_cycles_per_pass")
		assert.InEpsilon(t, want, got, 0.05, "%s fp_cycles_per_pass", n)
	}
}
