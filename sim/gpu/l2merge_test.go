package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived (l2_hit_cycles 281, l2_far_extra_cycles 33: near 265,
// far 298; SMs 0 and 1 in GPC 0, SM 2 in GPC 1, all near slice 0 or 1 by
// GPC parity). SM 0 loads line 0 (slice 0) at 1000: a hit in its near
// slice, back at 1265. SM 1 (same GPC) loads it at 1100, in flight: it
// joins, back at 1265 too, and takes no slice time (a third load of
// another line at 1100 starts at once). SM 2 (other GPC) loads it at 1100:
// its own request, far slice, 1398. SM 1 again at 1265: the head's data is
// back, its own request, 1265+265. A load of a
// sector the head did not ask for does not join.
func TestL2MergeInGPCWhileInFlight(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2MergeJoins, tc.L2MergeForwardBytesPerCycle = 8, 0
	tc.L2FabricHitCycles = 0 // no near copies (l2near_test.go)
	g := newL2(&tc, 3, [][]int{{0, 1}, {2}})
	v := newL2View(g)
	v.local[localKey(g.slice(0), 0)] = struct{}{} // line 0 is in L2 (no HBM)
	v.local[localKey(g.slice(2), 2)] = struct{}{}
	assert.Equal(t, engine.Cycle(1265), first(v.access(1000, 0, 0, 0x3, 0, l2Load)))
	free := v.sliceFree[0]
	assert.Equal(t, engine.Cycle(1265), first(v.access(1100, 1, 0, 0x1, 0, l2Load)), "same GPC, in flight: joins")
	assert.Equal(t, free, v.sliceFree[0], "a joined load takes no slice time")
	assert.Equal(t, int64(1), v.mergedSectors)
	assert.Equal(t, engine.Cycle(1100+265), first(v.access(1100, 1, 0, 0x4, 0, l2Load)), "a sector the head did not ask for")
	assert.Equal(t, engine.Cycle(1100+298), first(v.access(1100, 2, 0, 0x1, 0, l2Load)), "another GPC: its own request")
	assert.Equal(t, engine.Cycle(1265+265), first(v.access(1265, 0, 0, 0x1, 0, l2Load)), "the head's own SM never joins it")
	assert.Equal(t, int64(1), v.mergedSectors)

	// two joins at most (l2_merge_joins_count 2): the third request of
	// another SM goes to the slice itself (near for SM 0's GPC: 265)
	tc.L2MergeJoins = 2
	g = newL2(&tc, 4, [][]int{{0, 1, 2, 3}})
	v = newL2View(g)
	v.local[localKey(g.slice(0), 0)] = struct{}{}
	v.access(1000, 0, 0, 0xf, 0, l2Load)
	assert.Equal(t, engine.Cycle(1265), first(v.access(1010, 1, 0, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(1265), first(v.access(1020, 2, 0, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(1030+265), first(v.access(1030, 3, 0, 0xf, 0, l2Load)), "a third join: its own request")
	assert.Equal(t, engine.Cycle(1030+265), first(v.access(1040, 1, 0, 0xf, 0, l2Load)), "joins the new head")
	assert.Equal(t, int64(12), v.mergedSectors)

	// the GPC forwards joined data at l2_merge_forward_bytes_per_cycle
	// (64: a full line, 4 sectors, 2 cycles), one joined load after
	// another: SMs 1, 2 and 3 join SM 0's line (back at 1265): 1267,
	// 1269, 1271; SM 1 then joins a later line of SM 0's (line 1, far
	// slice: back at 1135+298, the stage free again by then): 2 cycles
	// after it, and SM 2's one-sector join half a cycle after that,
	// rounded up.
	tc.L2MergeForwardBytesPerCycle = 64
	tc.L2MergeJoins = 3
	g = newL2(&tc, 4, [][]int{{0, 1, 2, 3}})
	v = newL2View(g)
	v.local[localKey(g.slice(0), 0)] = struct{}{}
	v.local[localKey(g.slice(1), 1)] = struct{}{}
	v.access(1000, 0, 0, 0xf, 0, l2Load)
	assert.Equal(t, engine.Cycle(1267), first(v.access(1100, 1, 0, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(1269), first(v.access(1100, 2, 0, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(1271), first(v.access(1100, 3, 0, 0xf, 0, l2Load)))
	head := first(v.access(1135, 0, 1, 0xf, 0, l2Load))
	assert.Equal(t, head+2, first(v.access(1140, 1, 1, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(0), head+3-first(v.access(1140, 2, 1, 0x1, 0, l2Load)), "one sector: half a cycle more, rounded up")
	tc.L2MergeJoins, tc.L2MergeForwardBytesPerCycle = 8, 0

	tc.L2MergeJoins = 0
	g = newL2(&tc, 3, [][]int{{0, 1}, {2}})
	v = newL2View(g)
	v.local[localKey(g.slice(0), 0)] = struct{}{}
	v.access(1000, 0, 0, 0xf, 0, l2Load)
	assert.Equal(t, engine.Cycle(1100+265), first(v.access(1100, 1, 0, 0xf, 0, l2Load)), "merging off")
}

// Hand-derived: the 2-SM GPCs share the L2 port of the smallest larger GPC
// (l2port.go) and merge with its SMs (l2merge.go: tmab_col_*'s ncu sector
// counts). GPC 0 = SMs 0-2 (near slice 0), GPC 1 = SMs 3, 4 (near slice
// 1), GPC 2 = SMs 5, 6 (near slice 0): one port group. SM 3 loads line 0
// (slice 0, far for it: 298) at 1000, back at 1298; SM 5 (another 2-SM
// GPC) at 1100 and SM 1 (GPC 0) at 1110 join it (1298, where their own
// requests would be back at 1365 and 1375); with l2_merge_joins_count 2 a
// third join goes to the slice. A join of a request whose data comes from
// HBM counts in joinHBMSectors (mem.go times a TMA box's as a miss).
func TestL2MergePerPortGroup(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2MergeJoins, tc.L2MergeForwardBytesPerCycle = 2, 0
	tc.L2FabricHitCycles = 0
	tc.L2Sides = nil
	g := newL2(&tc, 7, [][]int{{0, 1, 2}, {3, 4}, {5, 6}})
	v := newL2View(g)
	v.local[localKey(g.slice(0), 0)] = struct{}{} // line 0 is in L2
	assert.Equal(t, engine.Cycle(1298), first(v.access(1000, 3, 0, 0xf, 0, l2Load)))
	assert.Equal(t, engine.Cycle(1298), first(v.access(1100, 5, 0, 0xf, 0, l2Load)), "another 2-SM GPC of the port group joins")
	assert.Equal(t, engine.Cycle(1298), first(v.access(1110, 1, 0, 0xf, 0, l2Load)), "the port's GPC of 3 joins")
	assert.Equal(t, engine.Cycle(1120+265), first(v.access(1120, 2, 0, 0xf, 0, l2Load)), "a third join: its own request")
	assert.Equal(t, int64(8), v.mergedSectors)
	assert.Equal(t, int64(0), v.joinHBMSectors, "the head hit in L2")

	// line 8 is not in L2: SM 0's request misses; SM 6 joins it
	v.access(2000, 0, 8, 0x1, 0, l2Load)
	v.access(2010, 6, 8, 0x1, 0, l2Load)
	assert.Equal(t, int64(9), v.mergedSectors)
	assert.Equal(t, int64(1), v.joinHBMSectors, "joined a miss: from HBM")
}
