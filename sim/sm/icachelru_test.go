package sm

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestICacheLRU: hand-derived eviction order of a 3-line instruction cache
// (icache_capacity_bytes / icache_line_bytes = 3): the least recently used
// line goes, a request counts as a use, the evicted line's demand goes with
// it, and it streams again only after a request for a line before it at or
// after its eviction.
func TestICacheLRU(t *testing.T) {
	c := icache{ready: map[uint64]engine.Cycle{}, demand: map[uint64]engine.Cycle{}}
	for l := uint64(10); l <= 12; l++ {
		c.demand[l] = engine.Cycle(l)
		c.fill(l, engine.Cycle(l), engine.Cycle(l), 3)
	}
	c.touch(10)           // 11 is now the least recently used
	c.fill(13, 50, 40, 3) // evicts 11 at cycle 40
	_, ok := c.ready[11]
	require.False(t, ok)
	_, ok = c.demand[11]
	require.False(t, ok)
	require.Len(t, c.ready, 3)
	require.Equal(t, engine.Cycle(40), c.evicted[11])
	// 10 was asked for at cycle 10, before 11's eviction: no trigger
	require.False(t, c.triggered(11, 2))
	c.demand[9] = 41 // a request for a line within 3 before 11, after the eviction
	require.True(t, c.triggered(11, 2))
	require.True(t, c.triggered(20, 2)) // never evicted
	c.fill(14, 60, 45, 3)               // evicts 12 (10 and 13 used later)
	_, ok = c.ready[12]
	require.False(t, ok)
	c.fill(15, 70, 46, 0) // no limit: nothing goes
	require.Len(t, c.ready, 4)
}

// TestICacheSets: hand-derived eviction of a set-associative instruction
// cache (icache_ways 2 over 4 lines: 2 sets, line l in set l mod 2): a fill
// evicts the least recently used line of its own set only, however old the
// other set's lines are.
func TestICacheSets(t *testing.T) {
	c := icache{ready: map[uint64]engine.Cycle{}, demand: map[uint64]engine.Cycle{}}
	c.setAssoc(4, 2)
	require.Len(t, c.sets, 2)
	for _, l := range []uint64{1, 3, 0, 2} { // set 1: 1, 3; set 0: 0, 2
		c.fill(l, engine.Cycle(l), engine.Cycle(l), 4)
	}
	c.use1(0)            // set 0's least recently used is now 2
	c.fill(4, 50, 40, 4) // set 0 is full: 2 goes, though 1 and 3 are older
	require.Equal(t, engine.Cycle(40), c.evicted[2])
	for _, l := range []uint64{0, 1, 3, 4} {
		_, ok := c.ready[l]
		require.True(t, ok, "line %d", l)
	}
	c.fill(6, 60, 45, 4) // set 0: 0 (used at 0, before 4) goes
	require.Equal(t, engine.Cycle(45), c.evicted[0])
	require.Len(t, c.ready, 4)
	c.fill(5, 70, 46, 4) // set 1: 1 goes (3 filled after it)
	require.Equal(t, engine.Cycle(46), c.evicted[1])
}

// TestGPCLineWindows: a GPC's fetch path (icache_gpc_bytes_per_cycle 105,
// 128-byte lines, 32-cycle windows: 26 or 27 lines a window, 3360 bytes)
// by hand. A line asked for after a later one is not queued behind it (the
// streams are evaluated lazily, out of time order); a burst past a window's
// room goes into the next windows at the path's pace, 105 / 128 lines a
// cycle over a run of windows.
func TestGPCLineWindows(t *testing.T) {
	ic := &ICacheConfig{LineBytes: 128, GPCBytesPerCycle: 105}
	c := &Code{}
	require.Equal(t, engine.Cycle(1000), c.gpcLine(0, 1000, ic))
	require.Equal(t, engine.Cycle(100), c.gpcLine(0, 100, ic), "an earlier line is not held behind a later one")
	require.Equal(t, engine.Cycle(100), c.gpcLine(1, 100, ic), "another GPC's path")
	// window 10 (cycles 320-351) holds floor(11*3360/128) - floor(10*3360/128)
	// = 288 - 262 = 26 lines, the i-th at 320 + i x 1.22 at the earliest
	for i, want := range []engine.Cycle{330, 330, 330, 330, 330, 330, 330, 330, 330, 331, 333, 334,
		335, 336, 338, 339, 340, 341, 342, 344, 345, 346, 347, 349, 350, 351} {
		require.Equal(t, want, c.gpcLine(2, 330, ic), "line %d", i)
	}
	// the 27th goes to window 11 (27 lines: 315 - 288), the first of it at 352,
	// the next 128 / 105 = 1.22 cycles later
	require.Equal(t, engine.Cycle(352), c.gpcLine(2, 330, ic))
	require.Equal(t, engine.Cycle(354), c.gpcLine(2, 330, ic)) // 353.2 up
	require.Equal(t, engine.Cycle(340), c.gpcLine(0, 340, ic), "GPC 0's window 10 has room")
	off := &ICacheConfig{LineBytes: 128}
	require.Equal(t, engine.Cycle(5), c.gpcLine(0, 5, off), "0: no limit")
}
