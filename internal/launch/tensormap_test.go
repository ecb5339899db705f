package launch

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

const tmapSpec = `grid: [1]
block: [128]
buffers:
  a: {dtype: f16, shape: [64, 4096]}
  maps: {tensormaps: [tA, tB]}
tensormaps:
  tA: {buffer: a, dtype: f16, dims: [4096, 64], strides: [8192], box: [64, 128],
       element_strides: [1, 1], interleave: none, swizzle: 128B, l2_promotion: 256B, oob_fill: nan}
  tB: {buffer: a, dtype: bf16, dims: [4096], box: [32]}
params:
  - {tensormap: tA}
  - {bytes: 256, fields: [{offset: 0, tensormap: tB}, {offset: 128, u32: 7}, {offset: 136, buffer: maps}]}
`

func TestTensorMapsParse(t *testing.T) {
	s, err := Parse("spec.yaml", []byte(tmapSpec))
	require.NoError(t, err)
	require.Len(t, s.TensorMaps, 2)
	a := s.TensorMaps[0]
	assert.Equal(t, "a", a.Buffer)
	assert.Equal(t, uint8(6), a.DType) // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
	assert.Equal(t, []uint64{4096, 64}, a.Dims)
	assert.Equal(t, []uint64{8192}, a.Strides)
	assert.Equal(t, []uint32{64, 128}, a.Box)
	assert.Equal(t, uint8(3), a.Swizzle)
	assert.Equal(t, uint8(3), a.L2Promotion)
	assert.Equal(t, uint8(1), a.OOBFill)
	b := s.TensorMaps[1]
	assert.Equal(t, []uint32{1}, b.ElementStrides, "default element strides")
	assert.Equal(t, []uint64{}, b.Strides)
	assert.Equal(t, Pos{"spec.yaml", 7, 71}, a.FieldPos("box"))
	assert.Equal(t, []string{"tA", "tB"}, s.Buffer("maps").TensorMaps)
	assert.Equal(t, []int{256}, s.Buffer("maps").Shape)

	params := []ptx.Param{{Name: "p0", Offset: 0, Size: 128}, {Name: "p1", Offset: 128, Size: 256}}
	_, err = s.PackParams(params, func(string) uint64 { return 0x1000 })
	assert.ErrorContains(t, err, "cannot encode tensor maps")
	blk, err := s.PackParamsMaps(params, func(string) uint64 { return 0x1000 }, func(n string) ([]byte, error) {
		return []byte(n), nil
	})
	require.NoError(t, err)
	assert.Equal(t, "tA", string(blk[0:2]))
	assert.Equal(t, "tB", string(blk[128:130]))
	assert.Equal(t, uint32(7), binary.LittleEndian.Uint32(blk[256:]))
	assert.Equal(t, uint64(0x1000), binary.LittleEndian.Uint64(blk[264:]))
}

func TestTensorMapsParseErrors(t *testing.T) {
	head := "grid: [1]\nblock: [1]\nbuffers:\n  a: {dtype: u8, shape: [64]}\n"
	for _, tc := range []struct{ name, spec, want string }{
		{"unknown buffer", "tensormaps:\n  t: {buffer: b, dtype: u8, dims: [64], box: [16]}\n", `unknown data buffer "b"`},
		{"bad dtype", "tensormaps:\n  t: {buffer: a, dtype: e4m3, dims: [64], box: [16]}\n", `unknown value "e4m3" (want one of: u8, u16`},
		{"strides count", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [8, 8], box: [16, 1]}\n", "strides needs 1 entries"},
		{"box count", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [64], box: [16, 2]}\n", "box: needs 1 entries"},
		{"swizzle", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [64], box: [16], swizzle: 96B}\n", `unknown value "96B"`},
		{"missing box", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [64]}\n", `needs "box"`},
		{"unknown param map", "params:\n  - {tensormap: x}\n", `unknown tensor map "x" (the spec has no tensormaps)`},
		{"map buffer name", "  m: {tensormaps: [zz]}\n", `buffer m: unknown tensor map "zz"`},
		{"struct overlap", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [64], box: [16]}\nparams:\n  - {bytes: 256, fields: [{offset: 0, tensormap: t}, {offset: 64, u32: 1}]}\n", "overlap"},
		{"struct align", "tensormaps:\n  t: {buffer: a, dtype: u8, dims: [64], box: [16]}\nparams:\n  - {bytes: 256, fields: [{offset: 32, tensormap: t}]}\n", "64-byte aligned"},
	} {
		_, err := Parse("spec.yaml", []byte(head+tc.spec))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}
