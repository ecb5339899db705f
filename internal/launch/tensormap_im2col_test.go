package launch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTensorMapsIm2colParse(t *testing.T) {
	spec := `grid: [1]
block: [128]
buffers:
  x: {dtype: u32, shape: [2, 6, 7, 16]}
tensormaps:
  t4: {buffer: x, dtype: u32, dims: [16, 7, 6, 2], strides: [64, 448, 2688], mode: im2col,
       pixel_box_lower: [-1, -2], pixel_box_upper: [-1, 0], channels_per_pixel: 8, pixels_per_column: 32}
  tt: {buffer: x, dtype: u32, dims: [16], box: [8], mode: tiled}
`
	s, err := Parse("spec.yaml", []byte(spec))
	require.NoError(t, err)
	m := s.TensorMaps[0]
	require.NotNil(t, m.Im2col)
	assert.Equal(t, Im2colSpec{PixelBoxLower: []int32{-1, -2}, PixelBoxUpper: []int32{-1, 0}, ChannelsPerPixel: 8, PixelsPerColumn: 32}, *m.Im2col)
	assert.Equal(t, []uint32{1, 1, 1, 1}, m.Box, "an im2col map has no box")
	assert.Nil(t, s.TensorMaps[1].Im2col)

	head := "grid: [1]\nblock: [1]\nbuffers:\n  a: {dtype: u8, shape: [64]}\ntensormaps:\n  t: {buffer: a, dtype: u8, dims: [16, 2, 2], strides: [16, 32], "
	for _, tc := range []struct{ name, spec, want string }{
		{"mode", "box: [16, 1, 1], mode: wide}\n", `unknown value "wide" (want one of: tiled, im2col)`},
		{"box in im2col", "box: [16, 1, 1], mode: im2col, pixel_box_lower: [0], pixel_box_upper: [0], channels_per_pixel: 16, pixels_per_column: 4}\n", `an im2col map has no "box"`},
		{"corner in tiled", "box: [16, 1, 1], pixel_box_lower: [0]}\n", `"pixel_box_lower" belongs to im2col maps`},
		{"missing", "mode: im2col, pixel_box_lower: [0], pixel_box_upper: [0], channels_per_pixel: 16}\n", `needs "pixels_per_column"`},
		{"corner count", "mode: im2col, pixel_box_lower: [0, 0], pixel_box_upper: [0], channels_per_pixel: 16, pixels_per_column: 4}\n", "pixel_box_lower needs 1 entries"},
	} {
		_, err := Parse("spec.yaml", []byte(head+tc.spec))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}
