package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived: at 1000 MHz (a cycle a ns) with an interval of 1000 and a
// busy time of 100, a block refreshes during 100 consecutive cycles of
// every 1000: a miss at cycle t waits 100, 99, ..., 1 cycles through the
// window and 0 outside it; over a whole interval the waits sum to
// 100*101/2 = 5050 (mean 5.05, the base latency's reduction
// 100*100/(2*1000) = 5); the 32 lines of a 4 KiB block share the phase,
// and over many blocks a tenth of them refresh at any given cycle.
func TestHBMRefreshWindow(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.SMClockMHz = 1000
	tc.HBMRefreshIntervalNs, tc.HBMRefreshBusyNs = 1000, 100
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	require.NoError(t, tc.Validate())
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
	assert.Equal(t, dram-5, g.dramNear, "the base is the mean less the mean refresh wait")
	for _, line := range []uint64{0, 77, 1 << 20} {
		var sum, busy engine.Cycle
		var waits []engine.Cycle
		for at := engine.Cycle(5000); at < 6000; at++ {
			w := g.refreshWait(at, line)
			sum += w
			if w > 0 {
				busy++
				waits = append(waits, w)
			}
			blk := line &^ 31
			assert.Equal(t, w, g.refreshWait(at, blk+31), "one phase a 4 KiB block")
			assert.Equal(t, w, g.refreshWait(at+1000, line), "periodic")
		}
		assert.Equal(t, engine.Cycle(100), busy)
		assert.Equal(t, engine.Cycle(5050), sum)
		// one window: the waits run down by one a cycle (the window may wrap the sweep's start)
		for i := 1; i < len(waits); i++ {
			d := waits[i-1] - waits[i]
			assert.True(t, d == 1 || (waits[i] == 100 && i > 0), "waits %v", waits)
		}
	}
	hit := 0
	for b := uint64(0); b < 10000; b++ {
		if g.refreshWait(123456, b<<5) > 0 {
			hit++
		}
	}
	assert.InDelta(t, 1000, hit, 150, "a tenth of the blocks refresh at a given cycle")
	tc.HBMRefreshBusyNs = 0
	g = newL2(&tc, 2, [][]int{{0}, {1}})
	assert.Equal(t, engine.Cycle(0), g.refreshWait(5000, 0), "busy 0: no refresh")
	assert.Equal(t, dram, g.dramNear)
}
