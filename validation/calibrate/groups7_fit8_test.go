package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-derived: two SMs, CTAs listed out of order; SM 0 runs {100, 200}
// then {210, 260} (gap 10), SM 1 {50, 90} then {300, 400} (gap 210).
func TestFit8RedispDerive(t *testing.T) {
	b := &Bench{Name: "redisp7_x", Family: "redisp7"}
	o := Outputs{"clk": {100, 200, 50, 90, 300, 400, 210, 260}, "smid": {0, 1, 1, 0}}
	got, err := fit8RedispDerive(b, o, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"redispatch_gap_cycles": 110, "redispatch_gap_min": 10, "redispatch_gap_max": 210}, got)
	_, err = fit8RedispDerive(b, Outputs{"clk": {1, 2, 3, 4}, "smid": {0, 1}}, 0)
	assert.Error(t, err, "no SM ran two CTAs")
}

// The closed forms on the H100's recorded figures (summary.h100.json):
// dsmem_remote_32lanes 192.836 - _1lane 189.336 = 3.5 cycles for 124
// bytes: 35.4 -> 35; gmem_chase_hist_4m's two groups 296.406 - 263.68 =
// 32.7 -> 33.
func TestFit8ClosedForms(t *testing.T) {
	rec := map[string]*Bench{
		"dsmem_remote_1lane":   {Measured: map[string]float64{"cycles_per_load": 189.336}},
		"dsmem_remote_32lanes": {Measured: map[string]float64{"cycles_per_load": 192.836}},
		"gmem_chase_hist_4m":   {Measured: map[string]float64{"per_load_near_mean": 263.68, "per_load_far_mean": 296.406, "per_load_far_share": 0.2454}},
	}
	v, _, err := fit8DSMEMBytes(rec)
	require.NoError(t, err)
	assert.Equal(t, 35.0, v)
	v, src, err := fit8L2Far.Direct(rec)
	require.NoError(t, err)
	assert.Equal(t, 33.0, v)
	assert.Contains(t, src, "25% of the loads")
	rec["dsmem_remote_32lanes"].Measured["cycles_per_load"] = 189
	_, _, err = fit8DSMEMBytes(rec)
	assert.Error(t, err)
}
