package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
