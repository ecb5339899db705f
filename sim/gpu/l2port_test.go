package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The measured H200/H100 map (gpcs.go): the four pairs 124..131 join the
// GPC of 8 SMs (l2bw_*_c8..c66: one bandwidth limit for those 16 SMs);
// the other GPCs keep their own port.
func TestPortGroupsJoinThePairsToTheGPCOfEight(t *testing.T) {
	groups := portGroups(DefaultGPCs())
	assert.Len(t, groups, 8)
	assert.Equal(t, []int{0, 1, 16, 17, 32, 33, 48, 49, 124, 125, 126, 127, 128, 129, 130, 131}, groups[0])
	for i := 1; i < 8; i++ {
		assert.Equal(t, h200GPCs[i], groups[i])
	}
	ports, n := portOf(DefaultGPCs(), 133)
	assert.Equal(t, 9, n, "SM 132 is in no GPC: a port of its own")
	assert.Equal(t, int32(0), ports[130])
	assert.Equal(t, int32(7), ports[123])
	assert.Equal(t, int32(8), ports[132])

	// no small GPC, or only small ones: unchanged
	assert.Equal(t, [][]int{{0, 1, 2}, {3, 4, 5}}, portGroups([][]int{{0, 1, 2}, {3, 4, 5}}))
	assert.Equal(t, [][]int{{0, 1}, {2}}, portGroups([][]int{{0, 1}, {2}}))
}

// Hand-derived: the port passes 12.8 bytes per cycle (L2 and SM clocks
// equal): a 4-sector line in 10 cycles. GPCs {0, 1, 4}, {2}, {3, 5, 6}:
// SM 2's GPC of one joins the first GPC's port; near slices by GPC parity
// (0, 1, 0). Lines 0, 5, 6, 9 are in slice 0 (even popcount), lines 1, 2
// in slice 1, all in L2 (no HBM); a slice takes a line in well under a
// cycle. SM 0 asks for lines 0 and 9 at 1000 (one request, 256 bytes): the
// port is free, near, back at 1265, the port busy until 1020. SM 2 asks
// for line 1 (its near slice) at 1000: its turn at 1020, 20 cycles late,
// back at 1285, port until 1030. SM 3 (the third GPC, its own port) for
// line 6 at 1000: no wait, near, 1265. SM 1 asks for line 5 at 1005: turn
// at 1030, 1005 + 265 + 25 = 1295, port until 1040. A 1-sector load from SM
// 0 at 1010: its turn at 1040, 1010 + 265 + 30 = 1305, port until 1042.5.
// Stores do not pass the port. The port keeps a calendar (l2port.go), so a
// request asked for at an earlier cycle than those before it uses the
// room at its own cycle.
func TestL2PortPassesAGPCsLoadsAtItsBandwidth(t *testing.T) {
	tc := DefaultTimedConfig()
	// single-line slices, one HBM latency (the hand derivation)
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2FabricHitCycles = 0 // no near copies (l2near_test.go)
	tc.L2MergeJoins = 0
	tc.L2ClockMHz = tc.SMClockMHz
	tc.L2PortBytesPerL2Cycle = 12.8
	gpcs := [][]int{{0, 1, 4}, {2}, {3, 5, 6}}
	load := func(lines []uint64, sectors uint8, store bool) *exec.Effect {
		e := &exec.Effect{NumLines: len(lines), GlobalStore: store}
		for i, ln := range lines {
			e.GlobalLines[i], e.LineSectors[i] = ln, sectors
			e.NumSectors += popc4(sectors)
		}
		return e
	}
	m := newMemModel(&tc, 7, newL2(&tc, 7, gpcs), 128*1024)
	for _, ln := range []uint64{0, 1, 2, 5, 6, 9} {
		m.l2.local[localKey(m.l2.g.slice(ln), ln)] = struct{}{}
	}
	assert.Equal(t, engine.Cycle(1265), first(m.access(1000, 0, load([]uint64{0, 9}, 0xf, false), false)))
	assert.Equal(t, engine.Cycle(1285), first(m.access(1000, 2, load([]uint64{1}, 0xf, false), false)), "the small GPC shares GPC 0's port")
	assert.Equal(t, engine.Cycle(1265), first(m.access(1000, 3, load([]uint64{6}, 0xf, false), false)), "another port: no wait")
	assert.Equal(t, engine.Cycle(1295), first(m.access(1005, 1, load([]uint64{5}, 0xf, false), false)))
	assert.Equal(t, engine.Cycle(1305), first(m.access(1010, 0, load([]uint64{0}, 0x1, false), false)))
	// the port's calendar (bins of 8 cycles, 102.4 bytes each): full up
	// to 1040, then the 32 bytes
	assert.InDelta(t, 32, m.l2.ports[0].used[1040/portBinCycles], 1e-9)
	m.access(1000, 0, load([]uint64{2}, 0xf, true), false)
	assert.InDelta(t, 32, m.l2.ports[0].used[1040/portBinCycles], 1e-9, "a store")
	// a request asked for earlier than the ones before it takes the room
	// left at its own cycle, not after them (32 bytes at 900; the slices
	// are a queue in the order asked, l2.go)
	assert.InDelta(t, 900, m.l2.portPass(900, 1, 32), 1e-9)
	assert.InDelta(t, 1042.5, m.l2.portPass(1016, 1, 32), 1e-9, "after the 32 bytes at 1040")

	tc.L2PortBytesPerL2Cycle = 0
	m = newMemModel(&tc, 7, newL2(&tc, 7, gpcs), 128*1024)
	m.l2.local[localKey(0, 0)], m.l2.local[localKey(1, 1)] = struct{}{}, struct{}{}
	m.access(1000, 0, load([]uint64{0}, 0xf, false), false)
	assert.Equal(t, engine.Cycle(1265), first(m.access(1000, 2, load([]uint64{1}, 0xf, false), false)), "no port limit")
}

// Hand-derived (tcp32.md): the port carries the data back, so a load that
// misses to HBM takes its turn when its data leaves the slice, a HBM round
// trip after the burst that fills the port at its issue. The setup of the
// test above: SM 0's two warm lines at 1000 hold GPC 0's port until 1020;
// SM 1 (the same GPC) asks for cold line 5 at 1000. Its data comes exactly
// when it does with the port idle (a fresh model, the same request), where a
// warm line asked for at that cycle waits its 20 cycles (the test above).
func TestL2PortMissTakesItsTurnWhenItsDataReturns(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.L2FabricHitCycles = 0
	tc.L2MergeJoins = 0
	tc.L2ClockMHz = tc.SMClockMHz
	tc.L2PortBytesPerL2Cycle = 12.8
	gpcs := [][]int{{0, 1, 4}, {2}, {3, 5, 6}}
	load := func(lines []uint64) *exec.Effect {
		e := &exec.Effect{NumLines: len(lines)}
		for i, ln := range lines {
			e.GlobalLines[i], e.LineSectors[i] = ln, 0xf
			e.NumSectors += 4
		}
		return e
	}
	busy := newMemModel(&tc, 7, newL2(&tc, 7, gpcs), 128*1024)
	for _, ln := range []uint64{0, 9} {
		busy.l2.local[localKey(busy.l2.g.slice(ln), ln)] = struct{}{}
	}
	assert.Equal(t, engine.Cycle(1265), first(busy.access(1000, 0, load([]uint64{0, 9}), false)))
	idle := newMemModel(&tc, 7, newL2(&tc, 7, gpcs), 128*1024)
	want := first(idle.access(1000, 1, load([]uint64{5}), false))
	assert.Greater(t, int64(want), int64(1265+300), "line 5 comes from HBM")
	assert.Equal(t, want, first(busy.access(1000, 1, load([]uint64{5}), false)), "no port wait behind the burst")
}
