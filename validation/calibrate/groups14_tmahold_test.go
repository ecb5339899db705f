package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The H200 recordings of family tmah: 32 TMA loads straight-line cost
// 1873 cycles from thread 0 (ptxas's ELECT loop around each, 58 a load)
// and 357 from the elect.sync lane (no loop, 11 a load: the CuTe GEMM's
// shape, tools/microbench/tmah_sass.txt); the built-in H200 profile keeps
// the two apart (tma_load_issue_cycles, tma_load_elected_issue_cycles):
// the elected kernels within 10% (before the elected hold they simulated
// 4x slow: 1450 for 357), the thread-0 ones within 25% (the loop's step
// grows with the loads in flight on the GPU, 46 at 8 loads to 58 at 32,
// which the hold does not model). Beside warp 4's FFMA chains on its
// sub-partition the same 32 ELECT-loop loads take 3438 cycles
// (tmah_ovl_n32_1k): within 5% with the slots the loops lose
// (tma_load_loop_slot_pct, sim/sm/tmaloopslots.go; -45.7% without).
func TestTmahElectedRecorded(t *testing.T) {
	by := recordedH200(t)
	loop, el := by["tmah_blk_n32_1k"], by["tmah_blk_n32_1k_elect"]
	require.NotNil(t, loop)
	require.NotNil(t, el)
	assert.Greater(t, loop.Measured["issue_cycles"]/32, 46.0)
	assert.Less(t, el.Measured["issue_cycles"]/32, 12.0)
	require.NotNil(t, by["tmah_ovl_n32_1k"])
	assert.Greater(t, by["tmah_ovl_n32_1k"].Measured["issue_cycles"], 1.5*loop.Measured["issue_cycles"])
	for _, c := range []struct {
		name string
		eps  float64
	}{
		{"tmah_blk_n32_1k_elect", 0.10},
		{"tmah_stg_n96_1k_elect", 0.10},
		{"tmah_blk_n8_1k", 0.10},
		{"tmah_blk_n32_1k", 0.25},
		{"tmah_ovl_n32_1k", 0.05},
	} {
		got, want := simulatedFigure(t, by, c.name, "issue_cycles")
		assert.InEpsilon(t, want, got, c.eps, c.name)
	}
}

// deriveTmah reads rep 1 (hand-made stamps).
func TestDeriveTmah(t *testing.T) {
	clk := make([]float64, 32)
	copy(clk[16:], []float64{1294, 62, 1648, 0, 0, 0, 0, 99})
	b := &Bench{Name: "x", Meta: map[string]any{"loads": 32.0, "mode": "stp"}}
	f, err := deriveTmah(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"issue_cycles": 1294, "issue_first_cycles": 62, "issue_step_cycles": 39.74193548387097, "done_cycles": 1648}, f)
	copy(clk[16:], []float64{860, 0, 909, 1087, 1312})
	b.Meta = map[string]any{"loads": 96.0, "mode": "stg"}
	f, err = deriveTmah(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"issue_cycles": 860, "done_cycles": 909, "done_last_cycles": 1312}, f)
	copy(clk[16:], []float64{3438, 0, 3764, 0, 0, 3847, 5132})
	b.Meta = map[string]any{"loads": 32.0, "mode": "ovl"}
	f, err = deriveTmah(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"issue_cycles": 3438, "done_cycles": 3764, "w4_loop_cycles": 3847, "w5_loop_cycles": 5132}, f)
	b.Meta["loads"] = 0.0
	f, err = deriveTmah(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"w4_loop_cycles": 3847, "w5_loop_cycles": 5132}, f)
}
