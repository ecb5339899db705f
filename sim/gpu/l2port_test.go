package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
// equal): a 4-sector line every 10 cycles. GPCs {0, 1, 4}, {2}, {3, 5, 6}:
// SM 2's GPC of one joins the first GPC's port; near slices by GPC parity
// (0, 1, 0). Lines 0, 5, 6 are in slice 0 (even popcount), line 1 in slice
// 1, all in L2 (no HBM); a slice takes a line in well under a cycle. SM 0
// asks for line 0 at 1000: its port turn at once, near, back at 1265. SM 2
// asks for line 1 (its near slice) at 1000: its turn at 1010, back at
// 1275. SM 1 asks for line 5 at 1000: turn at 1020, 1285. SM 3 (the third
// GPC, its own port) for line 6 at 1000: no wait, near, 1265. A 1-sector
// load at 1000 from SM 0: its turn at 1030 (2.5 cycles of the port), back
// at 1030 + 265. Stores do not pass the port.
func TestL2PortPassesAGPCsLoadsAtItsBandwidth(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2MergeJoins = 0
	tc.L2ClockMHz = tc.SMClockMHz
	tc.L2PortBytesPerL2Cycle = 12.8
	g := newL2(&tc, 7, [][]int{{0, 1, 4}, {2}, {3, 5, 6}})
	v := newL2View(g)
	for _, ln := range []uint64{0, 1, 5, 6} {
		v.local[ln] = struct{}{}
	}
	assert.Equal(t, engine.Cycle(1265), first(v.access(1000, 0, 0, 0xf, false)))
	assert.Equal(t, engine.Cycle(1275), first(v.access(1000, 2, 1, 0xf, false)), "the small GPC shares GPC 0's port")
	assert.Equal(t, engine.Cycle(1285), first(v.access(1000, 1, 5, 0xf, false)))
	assert.Equal(t, engine.Cycle(1265), first(v.access(1000, 3, 6, 0xf, false)), "another port: no wait")
	assert.Equal(t, engine.Cycle(1030+265), first(v.access(1000, 0, 0, 0x1, false)))
	assert.InDelta(t, 1032.5, v.portFree[0], 1e-9)
	v.access(1000, 0, 5, 0xf, true)
	assert.InDelta(t, 1032.5, v.portFree[0], 1e-9, "a store")

	tc.L2PortBytesPerL2Cycle = 0
	g = newL2(&tc, 7, [][]int{{0, 1, 4}, {2}, {3, 5, 6}})
	v = newL2View(g)
	v.local[1] = struct{}{}
	v.local[0] = struct{}{}
	v.access(1000, 0, 0, 0xf, false)
	assert.Equal(t, engine.Cycle(1265), first(v.access(1000, 2, 1, 0xf, false)), "no port limit")
}
