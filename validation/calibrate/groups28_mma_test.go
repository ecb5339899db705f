package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Family mma28 (H200 only, tools/microbench/gen28_mma.py): the derived
// figures by hand from recorded stamp rows (mma28_f16f32_lat rep 1: 24637
// cycles for 1024 dependent HMMA.16816; mma28_f16f32_w8: 8 warps, 2 a
// sub-partition, the slowest rep 1 12418 cycles for 2 x 1024 mma).
func TestDeriveMma28(t *testing.T) {
	lat := &Bench{Name: "mma28_f16f32_lat", Kind: "latency", Meta: map[string]any{"warps": 1.0, "mma_per_warp": 1024.0, "warps_per_subpartition": 1.0}}
	got, err := deriveMma28(lat, Outputs{"clk": {24650, 24637}}, 0)
	require.NoError(t, err)
	assert.InDelta(t, 24.06, got["latency_cycles"], 0.005)
	w8 := &Bench{Name: "mma28_f16f32_w8", Kind: "throughput", Meta: map[string]any{"warps": 8.0, "mma_per_warp": 1024.0, "warps_per_subpartition": 2.0}}
	got, err = deriveMma28(w8, Outputs{"clk": {1, 12370, 1, 12418, 1, 12400, 1, 12390, 1, 12380, 1, 12375, 1, 12371, 1, 12372}}, 0)
	require.NoError(t, err)
	assert.InDelta(t, 12418.0/2048, got["issue_interval_cycles"], 1e-9)
	_, err = deriveMma28(w8, Outputs{"clk": {1, 2}}, 0)
	assert.Error(t, err)
}

// mma.sync per shape and dtype (sim/sm/mmaform.go, validation/timing/
// mma28.md): the GPU's figures (H200, recorded) and the model's within 5%:
// each form's dependent latency, its interval with 4 warps a sub-partition
// (the table's closed forms) and with 2 (the loop's counter and compare at
// the top of the body, as ptxas puts them: loophoist.go), HMMA.1688 with
// one; f16 -> f16 and bf16 are the same HMMA.16816 as f16 -> f32; DMMA
// shares the FP64 unit with DFMA (f64_dmix_w4 within 9%: 26.47 against
// 24.34). Before the table (one tensor pipe, 24 / 8 cycles, and a free mov
// that waited for the mma before it) f16k8_w16 was +93%, f64_w16 -50%,
// f16f32_w1 +93%. Session 32 (mma32.md): one warp a sub-partition, a
// warp's own mma.sync spaced mma_warp_interval_ratio times the interval
// (f16f32_w1, f64_w1: -5.4% and -7.2% before); the HMMA's issue hold beside
// FFMAs (fmix_w4: -23% before); e4m3 as ptxas's emulation, its SASS parts
// on their pipes (lat and w16 kept).
func TestMmaSyncFormsRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, c := range []struct {
		bench, fig string
		gpu, tol   float64
	}{
		{"mma28_f16f32_lat", "latency_cycles", 24.06, 0.05}, {"mma28_f16f32_w16", "issue_interval_cycles", 6.089, 0.05},
		{"mma28_f16f32_w8", "issue_interval_cycles", 6.063, 0.05}, {"mma28_f16k8_w8", "issue_interval_cycles", 4.061, 0.05},
		{"mma28_f16k8_w1", "issue_interval_cycles", 4.435, 0.05},
		{"mma28_f16f16_w16", "issue_interval_cycles", 6.177, 0.05}, {"mma28_bf16_lat", "latency_cycles", 24.06, 0.05},
		{"mma28_tf32_lat", "latency_cycles", 24.06, 0.05}, {"mma28_tf32_w16", "issue_interval_cycles", 6.09, 0.05},
		{"mma28_s8_lat", "latency_cycles", 24.06, 0.05}, {"mma28_s8_w16", "issue_interval_cycles", 6.058, 0.05},
		{"mma28_f16k8_lat", "latency_cycles", 17.0, 0.05}, {"mma28_f16k8_w16", "issue_interval_cycles", 4.167, 0.05},
		{"mma28_f64_lat", "latency_cycles", 27.02, 0.05}, {"mma28_f64_w16", "issue_interval_cycles", 16.04, 0.05},
		{"mma28_f64_w8", "issue_interval_cycles", 16.05, 0.05}, {"mma28_f64_dmix_w4", "issue_interval_cycles", 26.47, 0.09},
		{"mma28_e4m3_lat", "latency_cycles", 62.18, 0.05}, {"mma28_e4m3_w16", "issue_interval_cycles", 43.91, 0.05},
		{"mma28_f16f32_w1", "issue_interval_cycles", 6.622, 0.05}, {"mma28_f64_w1", "issue_interval_cycles", 17.3, 0.05},
		{"mma28_f16f32_fmix_w4", "issue_interval_cycles", 12.25, 0.05},
	} {
		assert.InDelta(t, c.gpu, by[c.bench].Measured[c.fig], 0.01*c.gpu, c.bench)
		got, want := simulatedFigure(t, by, c.bench, c.fig)
		assert.InEpsilon(t, want, got, c.tol, c.bench)
	}
}
