package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The flushj far jumps (gen11_flush.py) against their H200 recordings with
// the built-in profile. On the GPU each far jump to code no SM has fetched
// since ncu's flush costs about 650 cycles ((flushj_n8 - flushj_n0) / 8
// jumps_cycles: 6009 - 803), against about 320 when the code is in the L2
// (--cache-control none, validation/timing/flush.md). Before
// icache_dram_cycles the model paid the L2 hit only (294 a jump, n8 -56%).
func TestFlushFarJumpsReproduceRecordings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	g0, w0 := simulatedFigure(t, by, "flushj_n0", "jumps_cycles")
	g8, w8 := simulatedFigure(t, by, "flushj_n8", "jumps_cycles")
	assert.InDelta(t, 650, (w8-w0)/8, 30, "the recordings: cycles a far jump from HBM")
	assert.InEpsilon(t, w8, g8, 0.08, "flushj_n8: 9 far jumps")
	assert.InEpsilon(t, (w8-w0)/8, (g8-g0)/8, 0.1, "cycles a far jump")
}

// flushs_k64_c132 (132 SMs streaming the same 64 KiB of code from the L2 at
// once) against its H200 recording with the built-in profile: the slowest
// SMs re-run it at ~22 cycles a line, one SM (flushs_k64) at 17.3. Without
// icache_gpc_bytes_per_cycle (each SM's stream alone) the model ran both at
// one SM's pace, -22.6% (validation/timing/icg32.md).
func TestGPCFetchShareReproducesRecordings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	g1, w1 := simulatedFigure(t, by, "flushs_k64", "cycles_warm")
	g132, w132 := simulatedFigure(t, by, "flushs_k64_c132", "cycles_warm")
	assert.InEpsilon(t, w132, g132, 0.05, "flushs_k64_c132 warm: 132 SMs streaming at once")
	assert.InEpsilon(t, w132/w1, g132/g1, 0.05, "132 SMs' pace against one SM's")
	// the H100's own recording (11267 cycles, 104.7 B/cycle: icg33.md)
	h1, cfg := recordedH100(t)
	b := h1["flushs_k64_c132"]
	require.NotNil(t, b)
	s, err := Simulate(b, cfg, nil)
	require.NoError(t, err)
	assert.InEpsilon(t, b.Measured["cycles_warm"], s.Figures["cycles_warm"], 0.05, "H100 flushs_k64_c132 warm")
}
