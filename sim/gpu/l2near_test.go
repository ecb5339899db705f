package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived (l2_hit_cycles 281, l2_far_extra_cycles 33: near 265, far
// 298; l2_fabric_hit_cycles 300): line 0 lives in slice 0, SM 1's near
// slice is 1. SM 0 brings line 0 from HBM; SM 1's first load finds no near
// copy and the far slice holding it (300, a far sector); its next loads
// hit the copy its first one left (298, the far latency), in the same
// window (the partition's own request) and after the commit (all after
// the HBM fill, which they would wait for: l2fill_test.go).
func TestL2NearCopy(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2HitCycles, tc.L2FarExtraCycles, tc.L2FabricHitCycles = 281, 33, 300
	require.NoError(t, tc.Validate())
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	a, b := newL2View(g), newL2View(g)
	dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
	assert.Equal(t, 1000+dram, first(a.access(1000, 0, 0, 0xf, 0, l2Load)), "cold: HBM")
	g.commit([]*l2View{a, b}, 0)
	assert.Equal(t, engine.Cycle(2200+300), first(b.access(2200, 1, 0, 0xf, 0, l2Load)), "no near copy: across the fabric")
	assert.Equal(t, engine.Cycle(2300+298), first(b.access(2300, 1, 0, 0xf, 0, l2Load)), "the copy just made")
	g.commit([]*l2View{a, b}, 0)
	assert.Equal(t, engine.Cycle(2400+298), first(b.access(2400, 1, 0, 0xf, 0, l2Load)), "the committed copy")
	assert.Equal(t, int64(12), b.hitSectors)
	assert.Equal(t, int64(4), b.farSectors)
	assert.Equal(t, int64(0), b.missSectors)
	assert.True(t, g.slices[1].has(0), "slice 1 holds the copy")
}

// One SM's cyclic chase over lines 0..23 (12 live in each slice: the
// parity of their bits) with slices of 16 lines (one set of 16 ways). With
// copies the SM's near slice (1) takes all 24 lines and keeps none from one
// pass to the next (LRU), while slice 0 holds its 12: a pass after the
// first has 12 HBM loads (the near lines) and 12 fabric hits. Without
// copies each slice holds its 12: 12 near hits and 12 far hits.
func TestL2NearCopyCapacity(t *testing.T) {
	for _, c := range []struct {
		fabric int
		want   engine.Cycle
	}{{300, 0}, {0, 12*265 + 12*298}} {
		tc := DefaultTimedConfig()
		// single-line slices, one HBM latency (the hand derivation)
		tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
		tc.L2HitCycles, tc.L2FarExtraCycles, tc.L2FabricHitCycles = 281, 33, c.fabric
		tc.L2CacheBytes, tc.L2Ways = 2*16*128, 16
		require.NoError(t, tc.Validate())
		dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
		want := c.want
		if c.fabric > 0 {
			want = 12*dram + 12*300
		}
		g := newL2(&tc, 2, [][]int{{0}, {1}})
		v := newL2View(g)
		var sum engine.Cycle
		at := engine.Cycle(0)
		for pass := range 3 {
			sum = 0
			for line := uint64(0); line < 24; line++ {
				at += 10000 // one request a window, far apart: no queueing
				sum += first(v.access(at, 1, line, 0xf, 0, l2Load)) - at
				g.commit([]*l2View{v}, 0)
			}
			_ = pass
		}
		assert.Equal(t, want, sum, "fabric %d: latency of the third pass", c.fabric)
	}
}
