package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived: with l2_partition_bytes 4096 the 32 lines of a 4 KiB block
// share a slice (lines 0..31: block 0, parity 0, slice 0; lines 32..63:
// block 1, slice 1; block 3 has two bits set: slice 0); with 128 every
// line has its own parity (line 1: slice 1, line 3: slice 0).
func TestL2PartitionBlocks(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes = 4096
	require.NoError(t, tc.Validate())
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	for _, c := range []struct {
		line uint64
		want int
	}{{0, 0}, {1, 0}, {31, 0}, {32, 1}, {63, 1}, {64, 1}, {96, 0}} {
		assert.Equal(t, c.want, g.slice(c.line), "line %d", c.line)
	}
	tc.L2PartitionBytes = 128
	g = newL2(&tc, 2, [][]int{{0}, {1}})
	assert.Equal(t, 1, g.slice(1))
	assert.Equal(t, 0, g.slice(3))
	tc.L2PartitionBytes = 3000
	assert.Error(t, tc.Validate(), "not a power of two")
}

// Hand-derived: dram_far_extra_cycles 200 splits the HBM latency d into
// d - 100 for a line of the requesting SM's near slice and d + 100 for a
// far one, with near copies (l2_fabric_hit_cycles > 0: a far line's miss
// fills both slices) or without. SM 0 is near slice 0, SM 1 near slice 1;
// line 0 lives in slice 0. Each load is the first of its view (no HBM
// queue ahead of it).
func TestDRAMFarExtra(t *testing.T) {
	for _, fabric := range []int{0, 300} {
		tc := DefaultTimedConfig()
		tc.L2PartitionBytes, tc.DRAMFarExtraCycles, tc.L2FabricHitCycles = 128, 200, fabric
		require.NoError(t, tc.Validate())
		dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
		g := newL2(&tc, 2, [][]int{{0}, {1}})
		assert.Equal(t, 1000+dram-100, first(newL2View(g).access(1000, 0, 0, 0xf, 0, l2Load)), "near miss, fabric %d", fabric)
		assert.Equal(t, 1000+dram+100, first(newL2View(g).access(1000, 1, 0, 0xf, 0, l2Load)), "far miss, fabric %d", fabric)
	}
	tc := DefaultTimedConfig()
	tc.DRAMFarExtraCycles = 1 << 20
	assert.Error(t, tc.Validate(), "half the extra beyond the HBM latency")
}
