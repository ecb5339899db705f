package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived: with l2_hit_cycles 281 and l2_far_extra_cycles 33 a hit in
// the near slice takes 265 cycles and one in the far slice 298; a line
// another partition brought in is a hit only from the next window on, and
// a partition's own request is a hit at once (all after the HBM fill, which
// a hit waits for: l2fill_test.go).
func TestL2NearFarAndWindows(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2FabricHitCycles = 0 // no near copies (l2near_test.go has them)
	gpcs := [][]int{{0}, {1}}
	g := newL2(&tc, 2, gpcs)
	a, b := newL2View(g), newL2View(g)
	dram := engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))
	// lines 0 and 1 hash to slices 0 and 1; SM 0 is near slice 0, SM 1 near slice 1
	assert.Equal(t, 0, g.slice(0))
	assert.Equal(t, 1, g.slice(1))
	assert.Equal(t, 1000+dram, first(a.access(1000, 0, 0, 0xf, 0, l2Load)), "cold: HBM")
	assert.Equal(t, engine.Cycle(2100+265), first(a.access(2100, 0, 0, 0xf, 0, l2Load)), "own line, near slice")
	assert.Equal(t, 2100+dram, first(b.access(2100, 1, 0, 0xf, 0, l2Load)), "the other partition's line: not before the window ends")
	g.commit([]*l2View{a, b}, 0)
	assert.Equal(t, engine.Cycle(2200+298), first(b.access(2200, 1, 0, 0xf, 0, l2Load)), "committed, far slice for SM 1")
	assert.Equal(t, int64(4), a.missSectors)
	assert.Equal(t, int64(4), a.hitSectors)
	assert.Equal(t, int64(4), b.hitSectors)
	assert.Equal(t, int64(8), b.farSectors)
}

// first is access's first result (when the data is back).
func first(ready, _ engine.Cycle) engine.Cycle { return ready }

// A store holds its slice for a sector and a line at the store rates (in
// L2 cycles, converted at the SM clock); a load for its bytes at the load
// rate. Hand-derived: the L2 and SM at 1000 MHz, 8192 B per L2 cycle for
// loads (4096 a slice: a 4-sector line takes 1/32 cycle), stores 2048 B
// and 128 lines per L2 cycle (a slice: 1/32 cycle a sector, 1/64 a line,
// so 9/64 a 4-sector line, 3/64 a 1-sector one). 100 requests at cycle 0
// to one slice: the 101st is taken in at 100 x cost: 3.1, 14.1, 4.7.
func TestL2StoreRates(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.SMClockMHz, tc.L2ClockMHz = 1000, 1000
	tc.L2BytesPerL2Cycle = 8192
	tc.L2StoreBytesPerL2Cycle, tc.L2StoreLinesPerL2Cycle = 2048, 128
	require.NoError(t, tc.Validate())
	for _, c := range []struct {
		store   l2Kind
		sectors uint8
		want    engine.Cycle
	}{{l2Load, 0xf, 3}, {l2Store, 0xf, 14}, {l2Store, 0x1, 4}} {
		g := newL2(&tc, 1, [][]int{{0}})
		v := newL2View(g)
		for range 100 {
			v.access(0, 0, 0, c.sectors, 0, c.store)
		}
		_, acc := v.access(0, 0, 0, c.sectors, 0, c.store)
		assert.Equal(t, c.want, acc, "store %v sectors %04b", c.store, c.sectors)
	}
	// a load backlog delays a store's data (the shared port) but not its
	// place in the write queue: the SM is held back by stores alone
	g := newL2(&tc, 1, [][]int{{0}})
	v := newL2View(g)
	for range 100 {
		v.access(0, 0, 0, 0xf, 0, l2Load)
	}
	ready, acc := v.access(0, 0, 0, 0xf, 0, l2Store)
	assert.Equal(t, engine.Cycle(0), acc, "write queue empty")
	assert.Equal(t, engine.Cycle(3)+g.latency(0, 0), ready, "behind 100 loads of 1/32 cycle on the port")
	tc.L2StoreLinesPerL2Cycle = 0
	assert.Error(t, tc.Validate(), "one store rate without the other")
}

// Requests commit in (cycle, SM, sequence) order whatever the order of the
// views: the LRU keeps the most recent line.
func TestL2CommitOrder(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2CacheBytes = 2 * 128 * 2 // two lines per slice
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	a, b := newL2View(g), newL2View(g)
	// slice 0 lines: 0, 3, 5 (even parity)
	b.access(10, 1, 0, 0xf, 0, l2Load)
	a.access(20, 0, 3, 0xf, 0, l2Load)
	b.access(30, 1, 5, 0xf, 0, l2Load)
	g.commit([]*l2View{b, a}, 0)
	assert.False(t, g.slices[0].has(0), "the oldest line was evicted")
	assert.True(t, g.slices[0].has(3))
	assert.True(t, g.slices[0].has(5))
}

// A store that allocates a line the L2 lacks writes it back to HBM once
// evicted dirty: its bytes take HBM time that a later load miss waits
// behind (dram_bytes_per_ns is the copy's read + write rate); a store to
// a line the L2 holds takes none. Hand derivation: one full line, 128
// bytes at dramPerCycle bytes per cycle, ahead of the load's HBM start;
// with dram_read_bytes_per_ns a read byte costs 1/read rate and a written
// one 2/dramPerCycle - 1/read rate, so a load miss and a write-back of one
// line each still take 2 x 128 / dramPerCycle together. The far load's
// near-slice lookup (l2_lookup_bytes_per_l2_cycle) would start it behind
// the store's slice time: off here, where only HBM time is derived.
func TestStoreAllocationChargesHBM(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2LookupBytesPerL2Cycle = 0
	g := newL2(&tc, 1, [][]int{{0}})
	store, load := uint64(0), uint64(1)
	for g.slice(load) == g.slice(store) {
		load++
	}
	alone, _ := newL2View(g).access(0, 0, load, 0xf, 0, l2Load)
	v := newL2View(g)
	v.access(0, 0, store, 0xf, 0, l2Store)
	behind, _ := v.access(0, 0, load, 0xf, 0, l2Load)
	assert.Equal(t, alone+engine.Cycle(128/g.dramPerCycle), behind, "behind the write-back's 128 bytes")
	// the same through commit: the GPU-wide HBM queue advances by the line
	g.commit([]*l2View{v}, 0)
	assert.InDelta(t, 2*128/g.dramPerCycle, g.dramFree.free, 1e-9, "one load miss and one write-back")
	// a store hitting a held line: no HBM time
	w := newL2View(g)
	free := w.dramFree
	w.access(0, 0, store, 0xf, 0, l2Store)
	assert.Equal(t, free, w.dramFree, "a store hit writes nothing back yet")
}

// A line filled by several partial stores writes back every sector once
// (gemm_wgmma_4096's f32 C: a warp's store covers one sector of each line
// it touches; ncu dram__bytes_write.sum 63.0 MB for the 67.1 MB of C, where
// the model charged only each line's first store, 16.8 MB). Hand-derived:
// sector 0, then sectors 1-3, then sector 0 again, then a load-filled line
// stored into: 32 + 96 + 0 + 64 bytes written back; the load's 128 read.
func TestStoreWriteBackChargesEachSectorOnce(t *testing.T) {
	tc := DefaultTimedConfig()
	g := newL2(&tc, 1, [][]int{{0}})
	a, b := uint64(0), uint64(1)
	v := newL2View(g)
	v.access(0, 0, a, 0x1, 0, l2Store)
	g.commit([]*l2View{v}, 0)
	assert.Equal(t, int64(32), g.dramWrite)
	v.access(10, 0, a, 0xe, 0, l2Store)
	g.commit([]*l2View{v}, 0)
	assert.Equal(t, int64(128), g.dramWrite, "the other three sectors")
	v.access(20, 0, a, 0x1, 0, l2Store)
	g.commit([]*l2View{v}, 0)
	assert.Equal(t, int64(128), g.dramWrite, "sector 0 is dirty already")
	v.access(30, 0, b, 0xf, 0, l2Load)
	g.commit([]*l2View{v}, 0)
	v.access(40, 0, b, 0x5, 0, l2Store)
	g.commit([]*l2View{v}, 0)
	assert.Equal(t, int64(192), g.dramWrite, "a load-filled line's two stored sectors")
	assert.Equal(t, int64(128), g.dramRead)
}
