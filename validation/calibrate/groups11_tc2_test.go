package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The wg11 chains (gen11_tc2.py) against their H200 recordings with the
// built-in profile:
//
//   - pipelined wgmmas of 1..4 warpgroups share the tensor pipe at the
//     one-warpgroup issue interval (N/2 cycles): within 3%;
//   - one warpgroup's chain of wgmmas that ptxas serialized (C7515) runs
//     at 89..211 cycles a wgmma (N 32..256, SS; 88, 120 RS), where the
//     wait_group tails made the model up to 14% slow. One serial SS tail
//     left N 128 at +7.8..+8.05% and N 256 at -4.5..-5.0% (sessions 8 and
//     14: the GPU's period is N/2 + 60 at N 128 and N/2 + 73 at N 32 and
//     64); the difference is the benchmarks' code, not the pipe: nvcc
//     hoisted the A descriptors out of the N 128 loop, the others
//     recompute the warpgroup's A descriptor base from %tid every group
//     (wgmma_desc_r2ur_cycles, sim/sm/wgmmadesc.go,
//     validation/timing/wgtail.md). With it every chain is within 5%.
func TestWG11SharedPipeReproducesRecordings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	for _, name := range []string{"wg11_n128_ss_w1_d1", "wg11_n128_ss_w4_d1", "wg11_n128_ss_w2_d0_ind",
		"wg11_n64_ss_w2_d1", "wg11_n128_rs_w2_d1"} {
		got, want := simulatedFigure(t, by, name, "sm_cycles_per_wgmma")
		assert.InEpsilon(t, want, got, 0.03, name)
	}
	for _, c := range []struct {
		name string
		tol  float64
	}{
		{"wg11_n32_ss_w1_d1_ser", 0.05}, {"wg11_n64_ss_w1_d1_ser", 0.05}, {"wg11_n128_ss_w1_d1_ser", 0.05},
		{"wg11_n256_ss_w1_d1_ser", 0.05}, {"wg11_n64_rs_w1_d1_ser", 0.05}, {"wg11_n128_rs_w1_d1_ser", 0.05},
	} {
		got, want := simulatedFigure(t, by, c.name, "sm_cycles_per_wgmma")
		assert.Greater(t, want, 85.0, "%s recording: a serialized chain is slower than its pipe time", c.name)
		assert.InEpsilon(t, want, got, c.tol, c.name)
	}
}
