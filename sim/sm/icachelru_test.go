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
