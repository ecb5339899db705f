package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// One set of two ways (hand-derived): the least recently used line goes.
func TestSetCacheLRUWithinASet(t *testing.T) {
	c := newSetCache(2, 2)
	assert.False(t, c.touch(1))
	assert.False(t, c.touch(2))
	assert.True(t, c.touch(1), "1 is now the most recent")
	assert.False(t, c.touch(3), "evicts 2")
	assert.True(t, c.has(1))
	assert.False(t, c.has(2))
	assert.True(t, c.has(3))
}

// A footprint of the capacity stays resident when the sets are hashed
// (lines 0..n-1 of a cyclic chase), one of twice the capacity does not.
func TestSetCacheCapacity(t *testing.T) {
	c := newSetCache(4096, 16)
	for pass := 0; pass < 2; pass++ {
		for l := uint64(0); l < 3000; l++ {
			c.touch(l * 7)
		}
	}
	hits := 0
	for l := uint64(0); l < 3000; l++ {
		if c.has(l * 7) {
			hits++
		}
	}
	assert.Greater(t, hits, 2900, "73%% of the capacity: nearly all resident")
}
