package tma

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Interleaved tile boxes (box.go), with values worked out by hand from the
// rule an H200 showed (tools/record/tma_interleave_probe.cu; the GPU's own
// images are replayed by ptx/exec/tma_interleave_test.go).

// ilv is a u32 map with 16-byte interleave at 0x10000: 8 chunks of dimension
// 0, 6 rows of 256 bytes, 5 planes of 2048 bytes, box [4, 3, 2].
func ilv() TensorMap {
	m := Tiled(U32, 0x10000, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2})
	m.Interleave = Interleave16B
	return m
}

type visit struct {
	smem uint32
	g    int // global byte offset from 0x10000, -1 out of bounds
}

func visits(t *testing.T, m *TensorMap, dst uint32, c []int32) []visit {
	t.Helper()
	var out []visit
	require.NoError(t, m.TileBox(dst, c, func(e Elem) error {
		v := visit{e.Smem, -1}
		if e.InBounds {
			v.g = int(e.Global) - 0x10000
		}
		out = append(out, v)
		return nil
	}))
	return out
}

// Dimension 0 counts 16-byte chunks (c0 = 6 starts at byte 96 of the row;
// chunks 8 and 9 are past the 8 of dimension 0), the box of dimension 1
// (Rank-2) is one row whatever its 3, dimension 2 moves 2 planes; rows are
// packed 64 bytes apart.
func TestInterleaveTileBox(t *testing.T) {
	m := ilv()
	require.Nil(t, m.Validate())
	assert.Equal(t, 16, m.ChunkBytes())
	assert.Equal(t, []int{4, 1, 2}, []int{m.BoxElems(0), m.BoxElems(1), m.BoxElems(2)})
	assert.Equal(t, 128, m.BoxBytes(), "complete_tx: 4 chunks x 16 bytes x 2 planes")
	assert.Equal(t, 128, m.SmemBytes())
	got := visits(t, &m, 0x400, []int32{6, 1, 1})
	require.Len(t, got, 32, "4 u32 per chunk")
	var want []visit
	for p, row := range []int{256 + 2048, 256 + 4096} { // (c1, c2) = (1, 1), (1, 2)
		for k := 0; k < 4; k++ {
			for e := 0; e < 4; e++ {
				g := -1
				if 6+k < 8 {
					g = row + (6+k)*16 + 4*e
				}
				want = append(want, visit{uint32(0x400 + 64*p + 16*k + 4*e), g})
			}
		}
	}
	assert.Equal(t, want, got)
	assert.NoError(t, m.CheckCoords([]int32{1, 0, 0}, false), "c0 counts chunks: no 16-byte rule")
	assert.NoError(t, m.CheckCoords([]int32{3, 0, 0}, true))
	assert.ErrorContains(t, m.CheckCoords([]int32{-1, 0, 0}, true), "negative")
	plain := m
	plain.Interleave = InterleaveNone
	assert.ErrorContains(t, plain.CheckCoords([]int32{1, 0, 0}, false), "not a multiple of 16")
}

// Element stride 2 in dimension 0 steps over chunks; 32B interleave makes
// 32-byte chunks; rank 4 moves one element of dimension 2.
func TestInterleaveStridesAndRanks(t *testing.T) {
	m := ilv()
	m.Box[0], m.ElementStrides[0] = 8, 2
	got := visits(t, &m, 0, []int32{0, 0, 0})
	require.Len(t, got, 32)
	for k, g := range []int{0, 32, 64, 96} {
		assert.Equal(t, visit{uint32(16 * k), g}, got[4*k], "chunk %d", k)
	}
	m = ilv()
	m.Interleave, m.Swizzle = Interleave32B, Swizzle32B
	m.Dims[0] = 4
	assert.Equal(t, 256, m.BoxBytes(), "4 chunks x 32 bytes x 2 planes")
	got = visits(t, &m, 0, []int32{1, 0, 0})
	require.Len(t, got, 64)
	// row 0: chunks 1, 2, 3 at bytes 32, 64, 96, chunk 4 out; 32B swizzle
	// flips address bit 4 on 128-byte lines 1, 3, ... (the second row).
	assert.Equal(t, visit{0, 32}, got[0])
	assert.Equal(t, visit{32, 64}, got[8])
	assert.Equal(t, visit{96, -1}, got[24])
	assert.Equal(t, visit{128 + 16, 2048 + 32}, got[32], "plane 1 at shared 128, swizzled")
	r4 := Tiled(F16, 0x10000, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2})
	r4.Interleave = Interleave16B
	require.Nil(t, r4.Validate())
	assert.Equal(t, []int{8, 5, 1, 2}, []int{r4.BoxElems(0), r4.BoxElems(1), r4.BoxElems(2), r4.BoxElems(3)})
	assert.Equal(t, 1280, r4.BoxBytes(), "NC/8HWC8 box: 8 chunks x 5 x 2 x 16 bytes (the H200's complete_tx)")
}

// A 128B-swizzled box of 64-byte rows: packed at a 64-byte pitch (no span
// padding), the swizzle on the absolute address (0x480 is line 9: chunks
// XOR 1).
func TestInterleaveNarrowSwizzledRows(t *testing.T) {
	m := Tiled(U32, 0x10000, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2})
	m.Interleave, m.Swizzle = Interleave16B, Swizzle128B
	require.Nil(t, m.Validate(), "the driver takes interleaved boxes narrower and wider than the span")
	assert.Equal(t, 128, m.SmemBytes())
	got := visits(t, &m, 0x480, []int32{0, 1, 1})
	var first []uint32
	for k := 0; k < 8; k++ {
		first = append(first, got[4*k].smem)
	}
	assert.Equal(t, []uint32{0x490, 0x480, 0x4b0, 0x4a0, 0x4d0, 0x4c0, 0x4f0, 0x4e0}, first)
}

// cuTensorMapEncodeTiled's rules for interleaved maps as driver 580.159.04
// applied them (probe cases 31-45, 101-102, 117-140, 158-160, 221-222,
// 243-266).
func TestInterleaveValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(m *TensorMap)
		want string // "" = accepted
	}{
		{func(m *TensorMap) { m.Box[0] = 2 }, "box[0]: 2 elements x 4 bytes = 8 bytes: boxDim[0] * element size must be a multiple of 16 bytes"},
		{func(m *TensorMap) { m.Box[0] = 12 }, ""},
		{func(m *TensorMap) { m.Interleave, m.Swizzle = Interleave32B, Swizzle32B }, ""},
		{func(m *TensorMap) { m.Interleave = Interleave32B }, ""},
		{func(m *TensorMap) { m.Interleave, m.Swizzle = Interleave32B, Swizzle128B }, ""},
		{func(m *TensorMap) { m.Swizzle, m.Box[0] = Swizzle32B, 32 }, ""},
		{func(m *TensorMap) { m.Interleave, m.Swizzle, m.GlobalAddress = Interleave32B, Swizzle32B, 0x10010 }, "32-byte aligned"},
		{func(m *TensorMap) { m.Interleave, m.Swizzle, m.Strides[0] = Interleave32B, Swizzle32B, 272 }, "multiple of 32 bytes"},
		{func(m *TensorMap) { m.ElementStrides[0] = 8 }, ""},
		{func(m *TensorMap) { m.ElementStrides[0] = 9 }, "elementStrides must be 1..8"},
		{func(m *TensorMap) { m.Dims[0] = 1 << 32 }, ""},
		{func(m *TensorMap) { m.Interleave = 3 }, "unknown interleave 3"},
		{func(m *TensorMap) {
			m.Rank, m.Dims, m.Strides, m.Box, m.ElementStrides = 2, m.Dims[:2], m.Strides[:1], m.Box[:2], m.ElementStrides[:2]
		},
			"tensorRank must be at least 3 when interleave is not none"},
		{func(m *TensorMap) {
			m.Im2col = &Im2colParams{LowerCorner: []int32{0}, UpperCorner: []int32{0}, ChannelsPerPixel: 4, PixelsPerColumn: 8}
		}, "im2col maps with an interleaved layout are not modelled"},
	} {
		m := ilv()
		tc.edit(&m)
		err := m.Validate()
		if tc.want == "" {
			assert.Nil(t, err)
			continue
		}
		require.NotNil(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// globalDim[0] above 2^31 faults at the copy (interleaved or not); larger
// outer dimensions are not modelled.
func TestCheckCoordsHugeDims(t *testing.T) {
	m := ilv()
	m.Dims[0] = 1 << 31
	assert.NoError(t, m.CheckCoords([]int32{0, 1, 1}, false))
	m.Dims[0]++
	assert.ErrorContains(t, m.CheckCoords([]int32{0, 1, 1}, false), "globalDim[0] = 2147483649 is above 2^31")
	m.Interleave = InterleaveNone
	assert.ErrorContains(t, m.CheckCoords([]int32{4, 1, 1}, true), "illegal-instruction")
	m.Dims[0], m.Dims[2] = 8, 1<<32
	assert.ErrorContains(t, m.CheckCoords([]int32{4, 1, 1}, false), "globalDim[2] = 4294967296 is above 2^31: not modelled")
}
