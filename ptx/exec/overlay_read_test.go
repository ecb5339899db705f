package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A window view's SliceR reads untouched pages in place (the committed
// bytes, no copy: the window log stays empty) and the view's own copy of
// a page it stored to (its stores), also across a page boundary.
func TestWindowViewReadsInPlace(t *testing.T) {
	g, a, _ := overlayMem(t)
	sh := exec.NewSharedMem(g)
	v := sh.WindowView()
	r := v.SliceR(a.Base+100, 8)
	require.Len(t, r, 8)
	assert.Same(t, &a.Data[100], &r[0], "an untouched page is read in place")
	assert.Equal(t, 0, v.TakeWindowLog().Pages())

	copy(v.SliceW(a.Base+4090, 4), []byte{9, 9, 9, 9})
	r = v.SliceR(a.Base+4088, 16)
	want := append([]byte(nil), a.Data[4088:4104]...)
	copy(want[2:], []byte{9, 9, 9, 9})
	assert.Equal(t, want, r, "a stored page is read from the view's copy")
	r = v.SliceR(a.Base+8192, 8)
	assert.Same(t, &a.Data[8192], &r[0], "the untouched third page still in place")
	assert.Nil(t, v.SliceR(a.Base+uint64(len(a.Data))-2, 4), "out of bounds as in the base")
	log := v.TakeWindowLog()
	sh.Apply(log, 1)
	assert.Equal(t, []byte{9, 9, 9, 9}, a.Data[4090:4094])

	// a plain view (parallel functional runs) copies as Slice does
	p := sh.View()
	r = p.SliceR(a.Base+100, 8)
	assert.NotSame(t, &a.Data[100], &r[0])
}
