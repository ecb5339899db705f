package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived (l2_hit_cycles 281, l2_far_extra_cycles 33: near 265, far
// 298; one HBM latency D; SM 0 in GPC 0 (near slice 0), SM 1 in GPC 1 (near
// slice 1); no merging, no near copies). SM 0 misses line 0 (slice 0) at
// 1000: back at 1000+D. SM 1 finds its tag at 1100, in this window or the
// next: the data is back at 1000+D, not at 1100+298. After the fill, a
// hit is a hit (2000+298, or 1010+D+298 after the commit).
func TestL2HitOnLineInFlightWaitsForFill(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
	g := newL2(&tc, 2, [][]int{{0}, {1}})
	d := g.dram
	assert.Greater(t, d, engine.Cycle(400), "HBM slower than the far hit (the case tested)")
	assert.Equal(t, 0, g.slice(0))

	v := newL2View(g)
	assert.Equal(t, 1000+d, first(v.access(1000, 0, 0, 0xf, 0, l2Load)), "the miss")
	assert.Equal(t, 1000+d, first(v.access(1100, 1, 0, 0xf, 0, l2Load)), "same window: waits for the fill")
	assert.Equal(t, engine.Cycle(2000+298), first(v.access(2000, 1, 0, 0xf, 0, l2Load)), "filled: a hit")

	g = newL2(&tc, 2, [][]int{{0}, {1}})
	v = newL2View(g)
	v.access(1000, 0, 0, 0xf, 0, l2Load)
	g.commit([]*l2View{v}, 0)
	assert.Equal(t, 1000+d, first(v.access(1100, 1, 0, 0xf, 0, l2Load)), "next window: the committed fill")
	assert.Equal(t, 1010+d+298, first(v.access(1010+d, 1, 0, 0xf, 0, l2Load)), "after the fill: a hit")
}

// A TMA box that waits for another box's fill comes from HBM as the first
// one did (mem.go's tma_hbm_extra_cycles on both): the same ready cycle.
func TestTMABoxWaitingForFillTakesTheHBMExtra(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
	m := newMemModel(&tc, 2, newL2(&tc, 2, [][]int{{0}, {1}}), 128*1024)
	box := &exec.Effect{NumLines: 1, NumSectors: 4, GlobalTMA: true}
	box.GlobalLines[0], box.LineSectors[0] = 0, 0xf
	r0 := first(m.access(1000, 0, box, false))
	assert.Equal(t, r0, first(m.access(1100, 1, box, false)), "the waiting box: the first box's time")
	assert.Equal(t, int64(4), m.l2.waitSectors)
}

// bulk_hit_saving_cycles shortens an L2 hit of a plain bulk load
// (cp.async.bulk global -> shared) and of nothing else: a tensor-map box,
// the TMA unit's descriptor fetch (tma_desc.go: an Effect with no Info) and
// a load instruction's hit keep the L2's latency; a miss keeps it too.
func TestBulkHitSavingOnlyForPlainBulkLoads(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.SM.Async.BulkHitSavingCycles = 100
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
	m := newMemModel(&tc, 2, newL2(&tc, 2, [][]int{{0}, {1}}), 128*1024)
	bulk := &exec.InstInfo{Async: exec.AsyncBulkLoad}
	mk := func(info *exec.InstInfo, tma bool, mp uint64) *exec.Effect {
		e := &exec.Effect{Info: info, NumLines: 1, NumSectors: 4, GlobalTMA: tma, TMAMap: mp}
		e.GlobalLines[0], e.LineSectors[0] = 0, 0xf
		return e
	}
	miss := first(m.access(1000, 0, mk(bulk, true, 0), false))
	hit := first(m.access(5000, 0, mk(nil, true, 0), false)) - 5000 // the descriptor fetch's hit
	assert.Equal(t, hit-100, first(m.access(6000, 0, mk(bulk, true, 0), false))-6000, "a plain bulk load's hit")
	assert.Equal(t, hit, first(m.access(7000, 0, mk(bulk, true, 1<<56|64), false))-7000, "a tensor box's hit")
	assert.Equal(t, hit, first(m.access(8000, 0, mk(&exec.InstInfo{}, false, 0), false))-8000, "a load's hit")
	assert.Greater(t, miss-1000, hit, "the first access missed")
}
