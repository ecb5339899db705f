package tma

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nhwc is an im2col map of a u32 NHWC tensor [2][6][7][16] at address 0
// (the 4D map t4 of validation/testdata/tma_im2col): corners (-1, -1) and
// (-1, -1), 8 channels per pixel, 32 pixels per column.
func nhwc() TensorMap {
	m := Tiled(U32, 0, []uint64{16, 7, 6, 2}, []uint64{64, 448, 2688}, []uint32{1, 1, 1, 1})
	m.Im2col = &Im2colParams{LowerCorner: []int32{-1, -1}, UpperCorner: []int32{-1, -1}, ChannelsPerPixel: 8, PixelsPerColumn: 32}
	return m
}

// pixels lists the (n,h,w) read by each pixel of an im2col copy ("-" for an
// OOB pixel) and checks that channel i of a pixel reads c0+i.
func pixels(t *testing.T, m *TensorMap, coords []int32, offs []uint16) []string {
	t.Helper()
	var out []string
	cpp := int(m.Im2col.ChannelsPerPixel)
	k := 0
	require.NoError(t, m.Im2colBox(0x1000, coords, offs, func(e Elem) error {
		px, ch := k/cpp, k%cpp
		k++
		assert.Equal(t, uint32(0x1000+4*k-4), e.Smem, "pixel %d channel %d: dense, no swizzle", px, ch)
		if ch != 0 {
			return nil
		}
		if !e.InBounds {
			out = append(out, "-")
			return nil
		}
		flat := int(e.Global) / 4 // ((n*6 + h)*7 + w)*16 + c
		assert.Equal(t, int(coords[0]), flat%16)
		flat /= 16
		out = append(out, fmt.Sprintf("%d%d%d", flat/42, flat/7%6, flat%7))
		return nil
	}))
	assert.Equal(t, m.BoxBytes()/4, k)
	return out
}

// TestIm2colWalk: hand-derived pixel walks (ptx-facts §5.4; the H200 showed
// the same in validation/testdata/tma_im2col). The W box of t4 is
// [-1, 7-1-1] = [-1, 5] (7 pixels per row), the H box [-1, 4].
func TestIm2colWalk(t *testing.T) {
	m := nhwc()
	require.Nil(t, m.Validate())
	row := func(s ...string) []string { return s }
	oob := func(n int) []string { return make([]string, n) }
	fill := func(s []string) []string {
		for i := range s {
			if s[i] == "" {
				s[i] = "-"
			}
		}
		return s
	}
	cat := func(parts ...[]string) []string {
		var o []string
		for _, p := range parts {
			o = append(o, p...)
		}
		return fill(o)
	}
	// start at the box corner (h, w) = (-1, -1): row h=-1 is outside, then
	// w=-1 outside and w=0..5 inside for rows 0..2, and 4 pixels of row 3.
	assert.Equal(t, cat(oob(7),
		oob(1), row("000", "001", "002", "003", "004", "005"),
		oob(1), row("010", "011", "012", "013", "014", "015"),
		oob(1), row("020", "021", "022", "023", "024", "025"),
		oob(1), row("030", "031", "032")),
		pixels(t, &m, []int32{0, -1, -1, 0}, []uint16{0, 0}))
	// from (h, w) = (3, 2) with offsets (W 1, H 0): reads w+1; after row h=4
	// the walk wraps to the next image (n = 1) at the lower corner.
	assert.Equal(t, cat(row("033", "034", "035", "036"),
		row("040", "041", "042", "043", "044", "045", "046"),
		oob(7),
		row("100", "101", "102", "103", "104", "105", "106"),
		row("110", "111", "112", "113", "114", "115", "116")),
		pixels(t, &m, []int32{8, 2, 3, 0}, []uint16{1, 0}))
	// traversal strides 2 in W and H: w = -1, 1, 3, 5 and h = -1, 1, 3.
	m.ElementStrides = []uint32{1, 2, 2, 1}
	m.Im2col.PixelsPerColumn = 16
	assert.Equal(t, cat(oob(4), oob(1), row("011", "013", "015"), oob(1), row("031", "033", "035"), oob(4)),
		pixels(t, &m, []int32{0, -1, -1, 0}, []uint16{0, 0}))
	// past the last image everything is OOB.
	m.ElementStrides = []uint32{1, 1, 1, 1}
	assert.Equal(t, cat(oob(16)), pixels(t, &m, []int32{0, 0, 4, 1}, []uint16{1, 2}))
}

func TestIm2colRules(t *testing.T) {
	for _, tc := range []struct {
		edit func(m *TensorMap)
		want string
	}{
		{func(m *TensorMap) { m.Im2col.LowerCorner[0] = -129 }, "pixel_box[0]: -129: a rank-4 map's pixel box corners must be in [-128, 127]"},
		{func(m *TensorMap) { m.Im2col.UpperCorner = []int32{0} }, "rank 4 needs 2 pixel box corner entries, got 2 and 1"},
		{func(m *TensorMap) { m.Im2col.ChannelsPerPixel = 2 }, "2 channels x 4 bytes = 8 bytes: with interleave none, channelsPerPixel * element size must be a multiple of 16 bytes"},
		{func(m *TensorMap) { m.Im2col.ChannelsPerPixel = 260 }, "channelsPerPixel must be 1..256"},
		{func(m *TensorMap) { m.Im2col.PixelsPerColumn = 1025 }, "pixelsPerColumn must be 1..1024"},
		{func(m *TensorMap) { m.Swizzle, m.Im2col.ChannelsPerPixel = Swizzle32B, 16 }, "64 bytes: with swizzle 32B, channelsPerPixel * element size must be at most 32 bytes"},
	} {
		m := nhwc()
		tc.edit(&m)
		err := m.Validate()
		if assert.NotNil(t, err, tc.want) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
	m := nhwc()
	assert.Equal(t, 32*8*4, m.BoxBytes())
	m.Swizzle = Swizzle64B
	m.Im2col.ChannelsPerPixel = 4
	require.Nil(t, m.Validate())
	assert.Equal(t, 32*64, m.SmemBytes(), "16-byte pixels padded to the 64-byte span")
	b := m.Encode()
	got, err := Decode(b[:])
	require.NoError(t, err)
	assert.Equal(t, m, got)
	assert.ErrorContains(t, m.TileBox(0, []int32{0, 0, 0, 0}, func(Elem) error { return nil }), "tile-mode copy on an im2col tensor map")
	tiled := Tiled(U32, 0, []uint64{16, 7, 6, 2}, []uint64{64, 448, 2688}, []uint32{8, 1, 1, 1})
	assert.ErrorContains(t, tiled.Im2colBox(0, []int32{0, 0, 0, 0}, []uint16{0, 0}, func(Elem) error { return nil }), "needs an im2col tensor map")
}

// TestCheckCoords: the coordinate rules an H200 faults on (tma_store_probe.cu).
func TestCheckCoords(t *testing.T) {
	u32 := Tiled(U32, 0, []uint64{72, 20}, []uint64{288}, []uint32{32, 8})
	f16 := Tiled(F16, 0, []uint64{128, 16}, []uint64{256}, []uint32{64, 8})
	for _, tc := range []struct {
		m      *TensorMap
		c      []int32
		store  bool
		errSub string
	}{
		{&u32, []int32{0, 0}, true, ""},
		{&u32, []int32{4, 0}, true, ""},
		{&u32, []int32{56, 16}, true, ""},
		{&u32, []int32{100, 100}, true, ""},
		{&u32, []int32{-8, -3}, false, ""},
		{&u32, []int32{1, 0}, true, "innermost coordinate 1 x 4-byte elements = 4 bytes is not a multiple of 16"},
		{&u32, []int32{2, 0}, false, "= 8 bytes is not a multiple of 16"},
		{&u32, []int32{-1, 0}, false, "= -4 bytes is not a multiple of 16"},
		{&u32, []int32{-8, -3}, true, "coordinate 0 is negative (-8)"},
		{&u32, []int32{4, -1}, true, "coordinate 1 is negative (-1)"},
		{&f16, []int32{104, 12}, true, ""},
		{&f16, []int32{4, 0}, true, "4 x 2-byte elements = 8 bytes"},
		{&f16, []int32{-8, 0}, false, ""},
	} {
		err := tc.m.CheckCoords(tc.c, tc.store)
		if tc.errSub == "" {
			assert.NoError(t, err, "%v store=%v", tc.c, tc.store)
		} else {
			assert.ErrorContains(t, err, tc.errSub, "%v store=%v", tc.c, tc.store)
		}
	}
}
