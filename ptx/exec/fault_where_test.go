package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Buffers are 256-byte aligned with a 256-byte guard after each (Alloc):
// a (100 bytes) at GlobalBase, b (4096 bytes) at GlobalBase+512.
func TestWhereNamesBuffers(t *testing.T) {
	g := NewGlobalMem()
	a := g.Alloc("a", 100)
	b := g.Alloc("b", 4096)
	assert.Equal(t, uint64(GlobalBase+512), b.Base)
	assert.Equal(t, "at `a`+98 (buffer `a` is 100 bytes; the access ends 2 bytes past it)", g.Where(a.Base+98, 4))
	assert.Equal(t, "at `a`+100 (buffer `a` is 100 bytes), between buffers `a` and `b`", g.Where(a.Base+100, 4))
	assert.Equal(t, "at `b`+4096 (buffer `b` is 4096 bytes), past the last buffer", g.Where(b.Base+4096, 4))
	assert.Equal(t, "in no buffer (16 bytes before buffer `a`)", g.Where(a.Base-16, 4))
	assert.Equal(t, "in no buffer", NewGlobalMem().Where(0x1000, 4))
}
