package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The L1 keeps 32-byte sectors, each with the cycle its data arrives
// (hand-derived, one SM, one line; L1 hit 32 cycles). A load of sector 0
// at 1000 misses (back at r0 from HBM); a load of sector 1 of the same
// line at 1100 misses too (the line is there, its sector is not: an L2
// round trip, later than an L1 hit); sector 0 again at 1100, before its
// data is back, gets it when the fill lands (r0), not at 1132; after the
// fills both sectors hit in 32 cycles. On the GPU a warp's 8-line loads
// that read 4 different sectors of each line (gls_ld64_epi_w1: 128 sector
// misses in the L1-cold rep) take 2740 cycles in that rep against 1320
// for 8-line loads that reread one sector of 23 lines (gls_ld32_l8_w1):
// sectors, not lines, miss.
func TestL1SectorsMissAndWaitForFill(t *testing.T) {
	tc := DefaultTimedConfig()
	m := newMemModel(&tc, 1, newL2(&tc, 1, [][]int{{0}}), 128*1024)
	ld := func(sectors uint8) *exec.Effect {
		e := &exec.Effect{NumLines: 1, NumSectors: popc4(sectors)}
		e.GlobalLines[0], e.LineSectors[0] = 0, sectors
		return e
	}
	r0 := first(m.access(1000, 0, ld(0b0001), true))
	assert.Greater(t, r0, engine.Cycle(1000+400), "a cold miss: from HBM")
	r1 := first(m.access(1100, 0, ld(0b0010), true))
	assert.Greater(t, r1, engine.Cycle(1100+32+200), "another sector of a present line: an L2 round trip")
	assert.Equal(t, r0, first(m.access(1100, 0, ld(0b0001), true)), "a hit on a sector still on its way waits for it")
	late := max(r0, r1) + 10
	assert.Equal(t, late+32, first(m.access(late, 0, ld(0b0011), true)), "both sectors there: a hit")
	assert.Equal(t, int64(3), m.l1HitSectors, "hit sectors: one (the waiting hit), then two")
}

// An evicted L1 line's sectors go with it: the ninth line of a set (8
// ways; lines 4 granules apart share a set in an L1 of one set) evicts
// the first, which comes back with no sector fetched.
func TestL1EvictionDropsSectors(t *testing.T) {
	c := newL1Cache(8)
	for i := range uint64(9) {
		c.touch(i * 4)
		setSectors(c.fillsOf(i*4), 0xf, 100+i)
	}
	assert.Nil(t, c.fillsOf(0), "line 0: evicted")
	r, ok := sectorsReady(c.fillsOf(32), 0xf)
	assert.True(t, ok)
	assert.Equal(t, uint64(108), r)
	c.touch(0)
	_, ok = sectorsReady(c.fillsOf(0), 0x1)
	assert.False(t, ok, "back in the set: nothing fetched yet")
}
