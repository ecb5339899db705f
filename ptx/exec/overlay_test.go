package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// overlayMem is a base memory with a 3-page segment "a" (its end not
// page- or chunk-aligned) and a small segment "b".
func overlayMem(t *testing.T) (*exec.GlobalMem, *exec.Segment, *exec.Segment) {
	t.Helper()
	g := exec.NewGlobalMem()
	a := g.Alloc("a", 3*4096-5)
	b := g.Alloc("b", 40)
	for i := range a.Data {
		a.Data[i] = byte(i * 7)
	}
	return g, a, b
}

func TestViewCopiesOnWriteAndCommitsChangedChunks(t *testing.T) {
	g, a, b := overlayMem(t)
	sh := exec.NewSharedMem(g)
	v := sh.View()
	orig := append([]byte(nil), a.Data...)
	p := v.Slice(a.Base+100, 4)
	require.Len(t, p, 4)
	copy(p, []byte{1, 2, 3, 4})
	assert.Equal(t, orig, a.Data, "a view's writes stay private until Apply")
	assert.Equal(t, []byte{1, 2, 3, 4}, v.Slice(a.Base+100, 4), "and are seen by the view")
	q := v.Slice(a.Base+200, 4) // read, and write the same bytes back
	copy(q, orig[200:204])
	assert.Nil(t, v.Slice(a.Base+uint64(len(a.Data))-2, 4), "out of bounds as in the base")
	assert.Nil(t, v.Slice(b.Base-8, 4), "the guard gap is unmapped")
	assert.Len(t, v.Slice(b.Base+36, 4), 4, "the segment's last bytes")
	log := v.TakeLog()
	assert.Equal(t, 2, log.Pages())
	assert.Equal(t, 16, log.ChangedBytes, "one changed chunk; writing a value back changes nothing")
	require.True(t, sh.Valid(log))
	sh.Apply(log, 1)
	want := append([]byte(nil), orig...)
	copy(want[100:], []byte{1, 2, 3, 4})
	assert.Equal(t, want, a.Data)
	assert.Equal(t, []byte{1, 2, 3, 4}, v.Slice(a.Base+100, 4), "the next unit starts from the committed memory")
}

func TestViewConflictsAreChunkExact(t *testing.T) {
	g, a, _ := overlayMem(t)
	sh := exec.NewSharedMem(g)
	first, reader, neighbour, writer := sh.View(), sh.View(), sh.View(), sh.View()
	_ = reader.Slice(a.Base+4096+32, 4)           // reads chunk 2 of page 1
	_ = neighbour.Slice(a.Base+4096+48, 4)        // reads chunk 3 of page 1
	copy(writer.Slice(a.Base+4096+60, 4), "wxyz") // writes chunk 3
	copy(first.Slice(a.Base+4096+36, 8), "abcdefgh")
	l1 := first.TakeLog()
	require.True(t, sh.Valid(l1))
	sh.Apply(l1, 1)
	assert.False(t, sh.Valid(reader.TakeLog()), "read a chunk commit 1 changed after its copy")
	assert.True(t, sh.Valid(neighbour.TakeLog()), "another chunk of the same page")
	lw := writer.TakeLog()
	require.True(t, sh.Valid(lw), "writes to other chunks of a changed page merge")
	sh.Apply(lw, 2)
	assert.Equal(t, "abcdefgh", string(a.Data[4096+36:4096+44]))
	assert.Equal(t, "wxyz", string(a.Data[4096+60:4096+64]))
}

func TestViewSpansPages(t *testing.T) {
	g, a, _ := overlayMem(t)
	sh := exec.NewSharedMem(g)
	v := sh.View()
	copy(v.Slice(a.Base+4090, 4), "1234") // page 0 alone first
	copy(v.Slice(a.Base+8190, 2), "56")   // page 1 alone
	s := v.Slice(a.Base+4090, 4104)       // 4090..8193: joins pages 0..2
	require.Len(t, s, 4104)
	assert.Equal(t, "1234", string(s[:4]))
	assert.Equal(t, "56", string(s[8190-4090:8192-4090]))
	copy(s[4102:], "zz")                  // 8192, 8193: page 2
	copy(v.Slice(a.Base+4092, 2), "ab")   // through the joined block
	copy(v.Slice(a.Base+8188, 4), "wxyz") // page 1 again
	assert.Equal(t, "12ab", string(v.Slice(a.Base+4090, 4)))
	assert.Equal(t, "wxyz", string(s[8188-4090:8192-4090]), "one block: the span sees later writes")
	assert.Equal(t, "zz", string(v.Slice(a.Base+8192, 2)))
	l := v.TakeLog()
	require.True(t, sh.Valid(l))
	sh.Apply(l, 1)
	assert.Equal(t, "12ab", string(a.Data[4090:4094]))
	assert.Equal(t, "wxyzzz", string(a.Data[8188:8194]))
	assert.Equal(t, byte(4094*7%256), a.Data[4094], "untouched bytes keep their values")
}

func TestViewRefreshAndStale(t *testing.T) {
	g, a, _ := overlayMem(t)
	sh := exec.NewSharedMem(g)
	v, w := sh.View(), sh.View()
	_ = v.Slice(a.Base+16, 4) // chunk 1 of page 0
	copy(w.Slice(a.Base+64, 4), "new!")
	lw := w.TakeLog()
	sh.Apply(lw, 1)
	assert.False(t, v.Stale(), "commit 1 changed a chunk v did not touch")
	require.True(t, v.Refresh())
	assert.Equal(t, "new!", string(v.Slice(a.Base+64, 4)), "refreshed from the committed memory")
	copy(w.Slice(a.Base+16, 4), "xxxx")
	sh.Apply(w.TakeLog(), 2)
	assert.True(t, v.Stale())
	assert.False(t, v.Refresh())
	assert.False(t, sh.Valid(v.TakeLog()))
}

// Stores (SliceW) never conflict: units storing to different words of one
// chunk both commit, the later one's bytes over the earlier one's; a unit
// that reads the chunk after another stored to it does conflict.
func TestViewStoresDoNotConflict(t *testing.T) {
	g, a, _ := overlayMem(t)
	sh := exec.NewSharedMem(g)
	u0, u1, u2, reader := sh.View(), sh.View(), sh.View(), sh.View()
	copy(u0.SliceW(a.Base+32, 4), "AAAA")
	copy(u1.SliceW(a.Base+36, 4), "BBBB")
	copy(u1.SliceW(a.Base+32, 2), "bb")          // the same bytes as u0: the later unit wins
	copy(u2.SliceW(a.Base+64, 4), a.Data[64:68]) // the values it holds
	_ = reader.Slice(a.Base+68, 4)
	for i, v := range []*exec.GlobalMem{u0, u1, u2} {
		l := v.TakeLog()
		require.True(t, sh.Valid(l), "unit %d", i)
		sh.Apply(l, uint64(i+1))
	}
	assert.Equal(t, "bbAABBBB", string(a.Data[32:40]))
	assert.True(t, sh.Valid(reader.TakeLog()), "u2 stored the values the chunk held: nothing changed")

	copy(u0.SliceW(a.Base+48, 4), "CCCC")
	_ = reader.Slice(a.Base+52, 4)
	copy(u1.Slice(a.Base+56, 4), "DDDD") // read-write: a read chunk
	sh.Apply(u0.TakeLog(), 4)
	assert.True(t, reader.Stale(), "reads a chunk commit 4 stored to")
	assert.False(t, sh.Valid(u1.TakeLog()), "read-modify-write of a changed chunk")
	_ = reader.TakeLog()

	copy(u2.SliceW(a.Base+4094, 4), "EEEE") // a store across pages
	copy(u0.SliceW(a.Base+4088, 4), "FFFF")
	sh.Apply(u0.TakeLog(), 5)
	require.True(t, u2.Refresh(), "stored chunks are not read")
	assert.Equal(t, "FFFF", string(u2.Slice(a.Base+4088, 4)), "refreshed")
	assert.Equal(t, "EEEE", string(u2.Slice(a.Base+4094, 4)), "and the unit's stores kept")
	l := u2.TakeLog()
	require.True(t, sh.Valid(l))
	sh.Apply(l, 6)
	assert.Equal(t, "FFFF..EEEE", string(a.Data[4088:4092])+".."+string(a.Data[4094:4098]))
}
