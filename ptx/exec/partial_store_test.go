package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// warpStore notes one warp-store of w bytes per lane at base + the lane's
// offset (row lane/group, column lane%group) into a fresh Effect.
func warpStore(base uint64, w, group, row int) *Effect {
	e := &Effect{}
	for l := range 32 {
		e.noteGlobal(base+uint64(l/group*row+l%group*w), w, true)
	}
	return e
}

// TestPartialStoreLines checks the lines, sectors and partly written lines
// of warp-store shapes the gls microbenchmarks use, derived by hand.
func TestPartialStoreLines(t *testing.T) {
	for _, c := range []struct {
		name                      string
		w, group, row             int
		lines, sectors, partLines int
	}{
		{"coalesced u32: 1 line, 4 whole sectors", 4, 32, 0, 1, 4, 0},
		{"coalesced v4: 4 lines of 4 whole sectors", 16, 32, 0, 4, 16, 0},
		{"v2, 4 lanes a row (epilogue): 8 lines x 1 whole sector", 8, 4, 4096, 8, 8, 0},
		{"u32, 4 lanes a row: 8 lines x 16 of 32 bytes", 4, 4, 4096, 8, 8, 8},
		{"u32, a line per lane: 32 lines x 4 bytes", 4, 1, 128, 32, 32, 32},
		{"v2, 8 lanes a row: 4 lines x 2 whole sectors", 8, 8, 8192, 4, 8, 0},
	} {
		e := warpStore(1<<20, c.w, c.group, c.row)
		assert.Equal(t, c.lines, e.NumLines, c.name)
		assert.Equal(t, c.sectors, e.NumSectors, c.name)
		assert.Equal(t, c.partLines, e.PartialStoreLines(), c.name)
	}
	// gst_sector_w4's shape: lane stride 32 bytes, so each line holds 4
	// lanes' words in 4 distinct sectors, each 4 of 32 bytes
	e := &Effect{}
	for l := range 32 {
		e.noteGlobal(1<<20+uint64(32*l), 4, true)
	}
	assert.Equal(t, 8, e.NumLines)
	assert.Equal(t, 32, e.NumSectors)
	assert.Equal(t, 8, e.PartialStoreLines())
	// loads have no partial lines
	l := &Effect{}
	l.noteGlobal(1<<20, 4, false)
	assert.Equal(t, 0, l.PartialStoreLines())
}
