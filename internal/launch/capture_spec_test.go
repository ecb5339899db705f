package launch

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// The spec forms `sm90sim capture` writes: a tensor map over a sub-range of
// a buffer, a struct field holding a buffer address plus an offset, and raw
// hex bytes with fields laid over them.
var captureSpec = `grid: [1]
block: [128]
buffers:
  a: {dtype: u8, shape: [8192]}
tensormaps:
  tA: {buffer: a, offset: 4096, dtype: f16, dims: [64, 32], strides: [128], box: [64, 32]}
params:
  - {bytes: 256, hex: "` + "0102030405060708" + strings.Repeat("00", 248) + `",
     fields: [{offset: 8, buffer: a, buffer_offset: 256}, {offset: 16, u32: 9}, {offset: 128, tensormap: tA}]}
`

func TestCaptureSpecForms(t *testing.T) {
	s, err := Parse("spec.yaml", []byte(captureSpec))
	require.NoError(t, err)
	tA := s.TensorMap("tA")
	require.NotNil(t, tA)
	assert.Equal(t, uint64(4096), tA.Offset)
	assert.Equal(t, uint64(0x11000), tA.Address(0x10000))

	params := []ptx.Param{{Name: "p0", Offset: 0, Size: 256, Align: 64}}
	blk, err := s.PackParamsMaps(params, func(string) uint64 { return 0x10000 }, func(n string) ([]byte, error) {
		b := make([]byte, 32) // the map's first 32 bytes stand for its encoding here
		copy(b, n)
		return b, nil
	})
	require.NoError(t, err)
	require.Len(t, blk, 256)
	assert.Equal(t, []byte{1, 2, 3, 4, 5, 6, 7, 8}, blk[0:8], "hex bytes not covered by a field stay")
	assert.Equal(t, uint64(0x10100), binary.LittleEndian.Uint64(blk[8:]), "buffer address + buffer_offset")
	assert.Equal(t, uint32(9), binary.LittleEndian.Uint32(blk[16:]))
	assert.Equal(t, make([]byte, 4), blk[20:24], "hex zeros under no field")
	assert.Equal(t, "tA", string(blk[128:130]))
}

func TestCaptureSpecErrors(t *testing.T) {
	head := "grid: [1]\nblock: [1]\nbuffers:\n  a: {dtype: u8, shape: [64]}\n"
	for _, tc := range []struct{ name, spec, want string }{
		{"map offset past end", "tensormaps:\n  t: {buffer: a, offset: 64, dtype: u8, dims: [64], box: [16]}\n", "offset 64 is not inside buffer a"},
		{"buffer_offset without buffer", "params:\n  - {bytes: 8, fields: [{offset: 0, u32: 1, buffer_offset: 4}]}\n", "buffer_offset needs buffer"},
		{"buffer_offset past end", "params:\n  - {bytes: 8, fields: [{offset: 0, buffer: a, buffer_offset: 65}]}\n", "past the end of buffer a"},
		{"hex length", "params:\n  - {bytes: 8, hex: \"00\", fields: [{offset: 0, u32: 1}]}\n", "hex gives 1 bytes, bytes says 8"},
	} {
		_, err := Parse("spec.yaml", []byte(head+tc.spec))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}
