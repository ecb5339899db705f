package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLRUEvictsLeastRecentlyUsed(t *testing.T) {
	c := newLRU(3)
	for _, l := range []uint64{1, 2, 3} {
		c.touch(l)
	}
	c.touch(1) // order now 1, 3, 2 (2 is the oldest)
	c.touch(4) // evicts 2
	assert.True(t, c.has(1))
	assert.False(t, c.has(2))
	assert.True(t, c.has(3))
	assert.True(t, c.has(4))
	c.touch(5) // evicts 3
	assert.False(t, c.has(3))
	assert.Len(t, c.index, 3)
	// a cyclic footprint larger than the capacity never hits under LRU
	d := newLRU(4)
	hits := 0
	for r := 0; r < 3; r++ {
		for l := uint64(0); l < 5; l++ {
			if d.has(l) {
				hits++
			}
			d.touch(l)
		}
	}
	assert.Zero(t, hits)
}
