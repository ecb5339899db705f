package tma

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplaceUnits: the units of tensormap.replace's new values as an H200
// read them (tools/record/tmap_replace_probe.cu, 2026-11-25; the
// loads that settle each are in ptx/exec/tma_replace_test.go).
func TestReplaceUnits(t *testing.T) {
	base := Tiled(U32, 0x10000, []uint64{64, 16, 4}, []uint64{1024, 16384}, []uint32{16, 8, 2})
	edit := func(field string, ord int, v uint64) (TensorMap, error) {
		b := base.Encode()
		if err := Replace(b[:], field, ord, v); err != nil {
			return TensorMap{}, err
		}
		return Decode(b[:])
	}
	for _, tc := range []struct {
		field string
		ord   int
		v     uint64
		check func(t *testing.T, m TensorMap)
	}{
		// probe "S r3 rank := 1, 2d load": a rank-2 map; "S u32 rank := 0": rank 1
		{"rank", 0, 1, func(t *testing.T, m TensorMap) { assert.Equal(t, 2, m.Rank) }},
		{"rank", 0, 0, func(t *testing.T, m TensorMap) { assert.Equal(t, 1, m.Rank) }},
		// "S gdim0 := 20": columns 20.. out of bounds
		{"global_dim", 0, 20, func(t *testing.T, m TensorMap) { assert.Equal(t, uint64(20), m.Dims[0]) }},
		// "S gstride0 := 64 / 2048 / 16": those byte strides; 1032 loaded like 1024
		{"global_stride", 0, 64, func(t *testing.T, m TensorMap) { assert.Equal(t, uint64(64), m.Strides[0]) }},
		{"global_stride", 0, 16, func(t *testing.T, m TensorMap) { assert.Equal(t, uint64(16), m.Strides[0]) }},
		{"global_stride", 0, 1032, func(t *testing.T, m TensorMap) { assert.Equal(t, uint64(1024), m.Strides[0]) }},
		{"global_stride", 1, 4096, func(t *testing.T, m TensorMap) { assert.Equal(t, []uint64{1024, 4096}, m.Strides) }},
		// "S box1 := 4": 4 rows; "S box1 := 0": 256 rows (the load wrote past shared memory)
		{"box_dim", 1, 4, func(t *testing.T, m TensorMap) { assert.Equal(t, uint32(4), m.Box[1]) }},
		{"box_dim", 1, 0, func(t *testing.T, m TensorMap) { assert.Equal(t, uint32(256), m.Box[1]) }},
		// "S estride1 := 3": rows c, c+3, c+6
		{"element_stride", 1, 3, func(t *testing.T, m TensorMap) { assert.Equal(t, uint32(3), m.ElementStrides[1]) }},
		// "S elemtype := 8 / 9 / 10": 4-, 8-, 2-byte elements (the PTX numbering)
		{"elemtype", 0, 8, func(t *testing.T, m TensorMap) { assert.Equal(t, F32FTZ, m.DType) }},
		{"elemtype", 0, 9, func(t *testing.T, m TensorMap) { assert.Equal(t, F64, m.DType) }},
		{"elemtype", 0, 10, func(t *testing.T, m TensorMap) { assert.Equal(t, BF16, m.DType) }},
		{"swizzle_mode", 0, 2, func(t *testing.T, m TensorMap) { assert.Equal(t, Swizzle64B, m.Swizzle) }},
		{"fill_mode", 0, 1, func(t *testing.T, m TensorMap) { assert.Equal(t, OOBNaN, m.OOBFill) }},
		{"interleave_layout", 0, 0, func(t *testing.T, m TensorMap) { assert.Equal(t, InterleaveNone, m.Interleave) }},
		{"interleave_layout", 0, 1, func(t *testing.T, m TensorMap) { assert.Equal(t, Interleave16B, m.Interleave) }},
		{"interleave_layout", 0, 2, func(t *testing.T, m TensorMap) { assert.Equal(t, Interleave32B, m.Interleave) }},
	} {
		m, err := edit(tc.field, tc.ord, tc.v)
		require.NoError(t, err, "%s %d := %d", tc.field, tc.ord, tc.v)
		tc.check(t, m)
	}
	// "S gdim0 := 0" raised ILLEGAL_INSTRUCTION at the load.
	_, err := edit("global_dim", 0, 0)
	assert.ErrorContains(t, err, "a dimension of 0")
	_, err = edit("interleave_layout", 0, 3)
	assert.ErrorContains(t, err, "out of range 0..2")
}

// tf32 rounding of TMA loads (tools/record/tmap_replace_probe.cu, H200):
// nearest even at bit 13, overflow to infinity, subnormals rounded, NaN
// canonical; the flag travels in the encoding and survives .elemtype edits.
func TestRoundTF32(t *testing.T) {
	for _, c := range [][2]uint32{
		{0x3f800000, 0x3f800000}, // 1.0 exact
		{0x3f800fff, 0x3f800000}, // below half: down
		{0x3f801000, 0x3f800000}, // tie, even (bit 13 clear): down
		{0x3f803000, 0x3f804000}, // tie, odd: up
		{0x3f801001, 0x3f802000}, // above half: up
		{0xbf803000, 0xbf804000}, // sign kept
		{0x7f7ff000, 0x7f800000}, // overflow to +inf
		{0xff7ff001, 0xff800000}, // to -inf
		{0x7f800000, 0x7f800000}, // inf stays
		{0x00001fff, 0x00002000}, // subnormal rounded, not flushed
		{0x00000fff, 0x00000000},
		{0x7fc00000, 0x7fffe000}, // every NaN
		{0xff800001, 0x7fffe000},
	} {
		assert.Equal(t, c[1], RoundTF32(c[0]), "%#08x", c[0])
	}
	m := Tiled(TF32, 0x10000, []uint64{64, 64}, []uint64{256}, []uint32{16, 8})
	b := m.Encode()
	d, err := Decode(b[:])
	require.NoError(t, err)
	assert.True(t, d.RoundTF32)
	require.NoError(t, Replace(b[:], "elemtype", 0, 7)) // .f32 keeps the rounding
	d, err = Decode(b[:])
	require.NoError(t, err)
	assert.Equal(t, F32, d.DType)
	assert.True(t, d.RoundTF32)
	u := Tiled(U32, 0x10000, []uint64{64, 64}, []uint64{256}, []uint32{16, 8})
	b = u.Encode()
	d, _ = Decode(b[:])
	assert.False(t, d.RoundTF32)
	require.NoError(t, Replace(b[:], "elemtype", 0, 11))
	d, _ = Decode(b[:])
	assert.True(t, d.RoundTF32)
}
