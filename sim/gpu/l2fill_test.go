package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived pending fills (no near copies; near 265, far 298): SM 0
// misses line 0 at cycle 1000, its data is in at 1000 + dram. Until then
// every request for it waits for that fill: SM 0's own second load in the
// same window, SM 1's load after the commit (a far hit: 298 would be
// 1498), and a TMA box that waits counts as one from HBM (its tma extra).
// Past the fill the line hits at its latency, and the commit after a
// window whose requests are all past the fill drops it.
func TestL2PendingFill(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2FabricHitCycles = 0
	require.NoError(t, tc.Validate())
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	a, b := newL2View(g), newL2View(g)
	dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
	require.Greater(t, dram, engine.Cycle(400))
	assert.Equal(t, 1000+dram, first(a.access(1000, 0, 0, 0xf, false)), "cold: HBM")
	assert.Equal(t, 1000+dram, first(a.access(1100, 0, 0, 0xf, false)), "own pending line: its fill")
	assert.Equal(t, int64(4), a.waitSectors)
	g.commit([]*l2View{a, b})
	assert.Equal(t, 1000+dram, first(b.access(1200, 1, 0, 0xf, false)), "the other partition after the commit: the fill")
	assert.Equal(t, engine.Cycle(1000+dram+100+298), first(b.access(1000+dram+100, 1, 0, 0xf, false)), "past the fill: a far hit")
	g.commit([]*l2View{a, b})
	assert.Len(t, g.pending, 1, "a request of the window before the fill")
	b.access(3000, 1, 0, 0xf, false)
	g.commit([]*l2View{a, b})
	assert.Empty(t, g.pending, "every request of the window past the fill")
	assert.Equal(t, int64(0), b.missSectors)
	assert.Equal(t, int64(12), b.hitSectors)

	// a TMA box that waited for the fill takes the TMA's extra from HBM
	m := newMemModel(&tc, 2, newL2(&tc, 2, [][]int{{0}, {1}}), 128*1024)
	box := &exec.Effect{NumLines: 1, NumSectors: 4, GlobalTMA: true}
	box.GlobalLines[0], box.LineSectors[0] = 0, 0xf
	r0 := first(m.access(1000, 0, box, false))
	assert.Equal(t, r0, first(m.access(1100, 0, box, false)), "the waiting box: the first box's time")
}
