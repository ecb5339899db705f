package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived: with l2_hit_cycles 281 and l2_far_extra_cycles 33 a hit in
// the near slice takes 265 cycles and one in the far slice 298; a line
// another partition brought in is a hit only from the next window on, and
// a partition's own request is a hit at once.
func TestL2NearFarAndWindows(t *testing.T) {
	tc := DefaultTimedConfig()
	gpcs := [][]int{{0}, {1}}
	g := newL2(&tc, 2, gpcs)
	a, b := newL2View(g), newL2View(g)
	dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
	// lines 0 and 1 hash to slices 0 and 1; SM 0 is near slice 0, SM 1 near slice 1
	assert.Equal(t, 0, slice(0))
	assert.Equal(t, 1, slice(1))
	assert.Equal(t, 1000+dram, a.access(1000, 0, 0, 0xf, false), "cold: HBM")
	assert.Equal(t, engine.Cycle(1100+265), a.access(1100, 0, 0, 0xf, false), "own line, near slice")
	assert.Equal(t, 1100+dram, b.access(1100, 1, 0, 0xf, false), "the other partition's line: not before the window ends")
	g.commit([]*l2View{a, b})
	assert.Equal(t, engine.Cycle(1200+298), b.access(1200, 1, 0, 0xf, false), "committed, far slice for SM 1")
	assert.Equal(t, int64(4), a.missSectors)
	assert.Equal(t, int64(4), a.hitSectors)
	assert.Equal(t, int64(4), b.hitSectors)
	assert.Equal(t, int64(8), b.farSectors)
}

// Requests commit in (cycle, SM, sequence) order whatever the order of the
// views: the LRU keeps the most recent line.
func TestL2CommitOrder(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2CacheBytes = 2 * 128 * 2 // two lines per slice
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	a, b := newL2View(g), newL2View(g)
	// slice 0 lines: 0, 3, 5 (even parity)
	b.access(10, 1, 0, 0xf, false)
	a.access(20, 0, 3, 0xf, false)
	b.access(30, 1, 5, 0xf, false)
	g.commit([]*l2View{b, a})
	assert.False(t, g.slices[0].has(0), "the oldest line was evicted")
	assert.True(t, g.slices[0].has(3))
	assert.True(t, g.slices[0].has(5))
}
