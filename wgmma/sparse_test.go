package wgmma

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every (row, chunk) of a sparse A has one metadata nibble, and the
// threads and bits of one selector never overlap.
func TestMetaPosCoversEachChunkOnce(t *testing.T) {
	for _, ty := range []Type{F16, BF16, TF32, E4M3, S8} {
		chunks := 2 * KFor(ty) / SparseChunk(ty)
		for sel := 0; sel < SparseSelectors(ty); sel++ {
			seen := map[[2]int]bool{}
			for m := 0; m < M; m++ {
				for c := 0; c < chunks; c++ {
					th, sh := MetaPos(ty, sel, m, c)
					require.True(t, th >= 0 && th < 128 && sh >= 0 && sh <= 28, "%s sel %d m %d c %d", ty, sel, m, c)
					assert.Equal(t, m/16, th/32, "%s: warp %d holds rows %d..", ty, th/32, 16*(m/16))
					assert.Equal(t, sel, th%4/2*(SparseSelectors(ty)-1), "%s: selector %d uses its thread pair", ty, sel)
					key := [2]int{th, sh}
					assert.False(t, seen[key], "%s sel %d: nibble %v used twice", ty, sel, key)
					seen[key] = true
				}
			}
			assert.Len(t, seen, M*chunks)
		}
	}
}

func TestExpandRow(t *testing.T) {
	dst := make([]uint32, 8)
	nibs := []uint32{0x4, 0x9} // chunk 0: elements 0, 1; chunk 1: elements 1, 2
	require.Nil(t, ExpandRow(F16, []uint32{1, 2, 3, 4}, dst, func(c int) uint32 { return nibs[c] }, true))
	assert.Equal(t, []uint32{1, 2, 0, 0, 0, 3, 4, 0}, dst)
	nibs = []uint32{0x1, 0xe} // (1, 0) is legal unordered
	require.Nil(t, ExpandRow(F16, []uint32{1, 2, 3, 4}, dst, func(c int) uint32 { return nibs[c] }, false))
	assert.Equal(t, []uint32{2, 1, 0, 0, 0, 0, 3, 4}, dst)
	err := ExpandRow(F16, []uint32{1, 2, 3, 4}, dst, func(c int) uint32 { return nibs[c] }, true)
	require.NotNil(t, err)
	assert.Contains(t, err.Error(), "increasing")
	for _, bad := range []uint32{0x0, 0x5, 0xa, 0xf} {
		assert.NotNil(t, ExpandRow(S8, []uint32{1, 2}, dst[:4], func(int) uint32 { return bad }, false), "%#x", bad)
	}
	tf := make([]uint32, 4)
	nibs = []uint32{0x4, 0xe}
	require.Nil(t, ExpandRow(TF32, []uint32{7, 9}, tf, func(c int) uint32 { return nibs[c] }, false))
	assert.Equal(t, []uint32{7, 0, 0, 9}, tf)
	assert.NotNil(t, ExpandRow(TF32, []uint32{7, 9}, tf, func(int) uint32 { return 0x8 }, false))
}
