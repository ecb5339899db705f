package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// tma_hbm_page_cycles (mem.go): a TMA load from HBM pays per 1 KiB block
// (8 lines) its lines are the first to reach. Hand-derived, the same
// request sequence with the cost at 10 and at 0 differs by 10 x the new
// blocks: box A, line 0 (block 0): 1; box B, line 1 (block 0 again, a miss
// of another line): 0; box C, lines 8 and 16 (blocks 1 and 2): 2; box D,
// lines 24..31 (one contiguous KiB, block 3): 1; box C again (L2 hits):
// 0; a load instruction (not TMA) on line 40 (block 5): 0, and then a TMA
// box on line 41 (block 5, first TMA there): 1.
func TestTMAPageCostPerFirstReachedKiB(t *testing.T) {
	run := func(page int) []engine.Cycle {
		tc := DefaultTimedConfig()
		tc.SM.Async.TMAHBMPageCycles = page
		tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 1<<20, 0
		tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
		m := newMemModel(&tc, 1, newL2(&tc, 1, [][]int{{0}}), 128*1024)
		box := func(tma bool, lines ...uint64) *exec.Effect {
			e := &exec.Effect{NumLines: len(lines), NumSectors: 4 * len(lines), GlobalTMA: tma}
			for i, ln := range lines {
				e.GlobalLines[i], e.LineSectors[i] = ln, 0xf
			}
			return e
		}
		var out []engine.Cycle
		at := engine.Cycle(1000)
		for _, e := range []*exec.Effect{box(true, 0), box(true, 1), box(true, 8, 16),
			box(true, 24, 25, 26, 27, 28, 29, 30, 31), box(true, 8, 16), box(false, 40), box(true, 41)} {
			out = append(out, first(m.access(at, 0, e, false))-at)
			at += 10000 // every request alone
		}
		return out
	}
	with, without := run(10), run(0)
	want := []engine.Cycle{10, 0, 20, 10, 0, 0, 10}
	for i := range want {
		assert.Equal(t, want[i], with[i]-without[i], "request %d", i)
	}
}

// A page opened by a TMA load opens again once its lines were evicted from
// L2: box A (line 0, block 0) pays 1; 4 MiB of other boxes (32768 lines,
// 4x the 1 MiB L2) evict line 0; box A again misses L2 and pays 1 (a page
// set kept for the whole run would charge it nothing); box A at once again
// hits L2: 0.
func TestTMAPageReopensAfterEviction(t *testing.T) {
	run := func(page int) []engine.Cycle {
		tc := DefaultTimedConfig()
		tc.SM.Async.TMAHBMPageCycles = page
		tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 1<<20, 0
		tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
		tc.L2CacheBytes = 1 << 20
		m := newMemModel(&tc, 1, newL2(&tc, 1, [][]int{{0}}), 128*1024)
		box := func(lines ...uint64) *exec.Effect {
			e := &exec.Effect{NumLines: len(lines), NumSectors: 4 * len(lines), GlobalTMA: true}
			for i, ln := range lines {
				e.GlobalLines[i], e.LineSectors[i] = ln, 0xf
			}
			return e
		}
		var out []engine.Cycle
		at := engine.Cycle(1000)
		out = append(out, first(m.access(at, 0, box(0), false))-at)
		for b := uint64(0); b < 256; b++ {
			lines := make([]uint64, 128)
			for i := range lines {
				lines[i] = 1024 + 128*b + uint64(i)
			}
			at += 10000
			m.access(at, 0, box(lines...), false)
		}
		m.l2.g.commit([]*l2View{m.l2}, 0) // the window's lines into the L2 (its LRU evicts line 0)
		for k := 0; k < 2; k++ {
			at += 10000
			out = append(out, first(m.access(at, 0, box(0), false))-at)
		}
		return out
	}
	with, without := run(10), run(0)
	want := []engine.Cycle{10, 10, 0}
	for i := range want {
		assert.Equal(t, want[i], with[i]-without[i], "request %d", i)
	}
}

// A TMA load's line from HBM in a page an earlier TMA load opened completes
// no sooner than that load (mem.go tmaOpen; family tmaq: stage s+1's boxes
// read the next 128 bytes of stage s's K-rows). Hand-derived with a 10-cycle
// page cost: box A (one line in each of 64 pages) at cycle 1000 pays 640
// cycles for its pages; box B (another line of the same 64 pages) 100
// cycles later opens none and would be back ~540 cycles before A; it is
// back with A. Box C (64 pages nobody opened, same time as B) pays its own
// 640 and is not held by A. Without a page cost nothing is tracked: B is
// back 100 cycles after A, as issued.
func TestTMALineBehindPageOpening(t *testing.T) {
	run := func(page int) (a, b, c engine.Cycle) {
		tc := DefaultTimedConfig()
		tc.SM.Async.TMAHBMPageCycles = page
		tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 1<<20, 0
		tc.L2MergeJoins, tc.L2FabricHitCycles = 0, 0
		m := newMemModel(&tc, 1, newL2(&tc, 1, [][]int{{0}}), 128*1024)
		box := func(first uint64) *exec.Effect {
			e := &exec.Effect{NumLines: 64, NumSectors: 4 * 64, GlobalTMA: true}
			for i := 0; i < 64; i++ {
				e.GlobalLines[i], e.LineSectors[i] = first+8*uint64(i), 0xf
			}
			return e
		}
		a = first(m.access(1000, 0, box(0), false))
		b = first(m.access(1100, 0, box(1), false))
		c = first(m.access(1100, 0, box(8*64), false))
		return a, b, c
	}
	a, b, c := run(10)
	assert.Equal(t, a, b, "B is back with A, whose pages it waits for")
	a0, b0, c0 := run(0)
	assert.Equal(t, engine.Cycle(100), b0-a0, "no page cost: B as issued")
	assert.Equal(t, engine.Cycle(640), a-a0, "A pays its 64 pages")
	assert.Equal(t, engine.Cycle(640), c-c0, "C pays its own 64 pages, not held by A")
}
