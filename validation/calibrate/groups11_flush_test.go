package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
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
	tc := gpu.DefaultTimedConfig()
	jumps := func(name string) (got, want float64) {
		b := by[name]
		require.NotNil(t, b, name)
		s, err := Simulate(b, tc, nil)
		require.NoError(t, err, name)
		return s.Figures["jumps_cycles"], b.Measured["jumps_cycles"]
	}
	g0, w0 := jumps("flushj_n0")
	g8, w8 := jumps("flushj_n8")
	assert.InDelta(t, 650, (w8-w0)/8, 30, "the recordings: cycles a far jump from HBM")
	assert.InEpsilon(t, w8, g8, 0.08, "flushj_n8: 9 far jumps")
	assert.InEpsilon(t, (w8-w0)/8, (g8-g0)/8, 0.1, "cycles a far jump")
}
