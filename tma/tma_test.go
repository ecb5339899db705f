package tma

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	m := Tiled(F16, 0x7f4a00000100, []uint64{4096, 4096, 3}, []uint64{8192, 8192 * 4096}, []uint32{64, 128, 1})
	m.Swizzle, m.L2Promotion, m.OOBFill = Swizzle128B, 2, OOBNaN
	m.ElementStrides[1] = 2
	require.Nil(t, m.Validate())
	b := m.Encode()
	got, err := Decode(b[:])
	require.NoError(t, err)
	assert.Equal(t, m, got)
	b[0] ^= 1
	_, err = Decode(b[:])
	assert.ErrorIs(t, err, ErrNotTensorMap)
}

func TestValidateRules(t *testing.T) {
	base := func() TensorMap {
		return Tiled(F16, 0x1000, []uint64{200, 150}, []uint64{512}, []uint32{64, 16})
	}
	for _, tc := range []struct {
		edit func(m *TensorMap)
		want string
	}{
		{func(m *TensorMap) { m.GlobalAddress = 0x1008 }, "global_address: 0x1008: globalAddress must be 16-byte aligned"},
		{func(m *TensorMap) { m.Strides[0] = 500 }, "strides[0]: 500: globalStrides must be a multiple of 16 bytes"},
		{func(m *TensorMap) { m.Strides[0] = 1 << 40 }, "must be less than 2^40"},
		{func(m *TensorMap) { m.Box[1] = 257 }, "box[1]: 257: boxDim must be 1..256"},
		{func(m *TensorMap) { m.Box[0] = 4 }, "box[0]: 4 elements x 2 bytes = 8 bytes: boxDim[0] * element size must be a multiple of 16 bytes"},
		{func(m *TensorMap) { m.Swizzle = Swizzle64B }, "box[0]: 128 bytes: with swizzle 64B, boxDim[0] * element size must be at most 64 bytes"},
		{func(m *TensorMap) { m.ElementStrides[1] = 9 }, "element_strides[1]: 9: elementStrides must be 1..8"},
		{func(m *TensorMap) { m.Dims[0] = 0 }, "dims[0]: 0: globalDim must be 1..2^32"},
		{func(m *TensorMap) { m.Interleave = Interleave16B }, "rank 2: tensorRank must be at least 3 when interleave is not none"},
		{func(m *TensorMap) { m.DType = U16; m.OOBFill = OOBNaN }, "oob_fill: nan fill needs a floating-point data type, not u16"},
		{func(m *TensorMap) { m.Rank = 6 }, "rank 6 is out of range"},
	} {
		m := base()
		tc.edit(&m)
		err := m.Validate()
		require.NotNil(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// A 2D f32 box [4 x 3] on a 5 x 4 tensor, placed so that it hangs over
// every edge in turn; the expected global indices are worked out by hand.
func TestTileBoxOOBEdges(t *testing.T) {
	m := Tiled(F32, 0x1000, []uint64{5, 4}, []uint64{32}, []uint32{4, 3}) // rows of 5 f32, pitch 32 B
	collect := func(c0, c1 int32) []int {
		var got []int
		require.NoError(t, m.TileBox(0x400, []int32{c0, c1}, func(e Elem) error {
			if !e.InBounds {
				got = append(got, -1)
			} else {
				off := int(e.Global - 0x1000)
				got = append(got, off/32*10+off%32/4) // row*10 + col
			}
			return nil
		}))
		return got
	}
	// left edge: columns -2..1, rows 0..2
	assert.Equal(t, []int{-1, -1, 0, 1, -1, -1, 10, 11, -1, -1, 20, 21}, collect(-2, 0))
	// right edge: columns 3..6
	assert.Equal(t, []int{3, 4, -1, -1, 13, 14, -1, -1, 23, 24, -1, -1}, collect(3, 0))
	// top edge: rows -1..1
	assert.Equal(t, []int{-1, -1, -1, -1, 0, 1, 2, 3, 10, 11, 12, 13}, collect(0, -1))
	// bottom edge: rows 2..4 (row 4 is past the 4 rows)
	assert.Equal(t, []int{21, 22, 23, 24, 31, 32, 33, 34, -1, -1, -1, -1}, collect(1, 2))
	assert.Equal(t, 48, m.BoxBytes(), "complete_tx counts the full box, OOB included")
}

// 128B swizzle on absolute addresses: 16-byte chunk c of 128-byte line r
// lands at chunk c ^ (r % 8) (ptx-facts §3); a buffer at 0x480 (not
// 1024-aligned) starts at line 9, so its first row is XORed with 1.
func TestTileBoxSwizzle(t *testing.T) {
	m := Tiled(U8, 0, []uint64{128, 8}, []uint64{128}, []uint32{128, 8})
	m.Swizzle = Swizzle128B
	var at [8][128]uint32
	i := 0
	require.NoError(t, m.TileBox(0x400, []int32{0, 0}, func(e Elem) error {
		at[i/128][i%128] = e.Smem
		i++
		return nil
	}))
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			assert.Equal(t, uint32(0x400+r*128+(c^r)*16), at[r][c*16], "row %d chunk %d", r, c)
		}
	}
	m.Box[1] = 1
	var first []uint32
	require.NoError(t, m.TileBox(0x480, []int32{0, 0}, func(e Elem) error {
		first = append(first, e.Smem)
		return nil
	}))
	assert.Equal(t, uint32(0x490), first[0])
	assert.Equal(t, uint32(0x480), first[16])
	m.Swizzle = Swizzle32B
	m.Box[0], m.Dims[0], m.Box[1] = 32, 32, 8
	var sw32 []uint32
	require.NoError(t, m.TileBox(0x400, []int32{0, 0}, func(e Elem) error {
		sw32 = append(sw32, e.Smem)
		return nil
	}))
	// 32-byte rows: rows 0-3 share line 0 (no XOR), rows 4-7 line 1 (chunk ^ 1)
	assert.Equal(t, uint32(0x400), sw32[0])
	assert.Equal(t, uint32(0x400+4*32+16), sw32[4*32])
	assert.Equal(t, uint32(0x400+4*32), sw32[4*32+16])
}

func TestReplace(t *testing.T) {
	m := Tiled(F16, 0x1000, []uint64{200, 150}, []uint64{512}, []uint32{64, 16})
	b := m.Encode()
	require.NoError(t, Replace(b[:], "global_address", 0, 0x2000))
	require.NoError(t, Replace(b[:], "box_dim", 1, 8))
	require.NoError(t, Replace(b[:], "global_stride", 0, 1024)) // bytes (probe, 2026-11-25)
	require.NoError(t, Replace(b[:], "elemtype", 0, 10))        // PTX .bf16
	require.NoError(t, Replace(b[:], "swizzle_mode", 0, 3))
	got, err := Decode(b[:])
	require.NoError(t, err)
	assert.Equal(t, uint64(0x2000), got.GlobalAddress)
	assert.Equal(t, []uint32{64, 8}, got.Box)
	assert.Equal(t, []uint64{1024}, got.Strides)
	assert.Equal(t, BF16, got.DType)
	assert.Equal(t, Swizzle128B, got.Swizzle)
	var junk [Size]byte
	assert.ErrorIs(t, Replace(junk[:], "rank", 0, 1), ErrNotTensorMap)
}
