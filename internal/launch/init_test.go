package launch

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitmix64(t *testing.T) {
	// The first two outputs of the reference SplitMix64 generator seeded
	// with 0 (state += gamma before each mix), and kb values computed with
	// an independent big-integer implementation.
	assert.Equal(t, uint64(0xE220A8397B1DCDAF), splitmix64(0))
	assert.Equal(t, uint64(0x6E789E6AA1B965F4), splitmix64(0x9E3779B97F4A7C15))
	assert.Equal(t, uint64(0x910A2DEC89025CC1), splitmix64(1))
	assert.Equal(t, uint64(0xA706DD2F4D197E6F), bufferKey(0, 0))
	assert.Equal(t, uint64(0x5E41AB087439611E), bufferKey(1, 0))
	assert.Equal(t, uint64(0xBCD9DBB49673066B), bufferKey(1, 2))
}

func TestUniformArithmetic(t *testing.T) {
	assert.Equal(t, 0.0, uniformUnit(0))
	assert.Equal(t, 1-0x1p-53, uniformUnit(math.MaxUint64))
	assert.Equal(t, 0.5, uniformUnit(1<<63))
	// span == 0 (full 64-bit range) yields r itself.
	assert.Equal(t, uint64(12345), uniformInt(0, math.MaxUint64, 12345))
	assert.Equal(t, uint64(12345), uniformInt(1<<63, 1<<63-1, 12345))
	// low + r mod span, wrapping.
	assert.Equal(t, uint64(3), uniformInt(0, 9, 13))
	assert.Equal(t, uint64(math.MaxUint64), uniformInt(^uint64(4), 5, 4)) // [-5,5], r=4 -> -1
}

func elems(t *testing.T, b *Buffer) []uint64 {
	t.Helper()
	size := b.DType.Size()
	out := make([]uint64, len(b.Data)/size)
	for i := range out {
		var tmp [8]byte
		copy(tmp[:], b.Data[i*size:(i+1)*size])
		out[i] = binary.LittleEndian.Uint64(tmp[:])
	}
	return out
}

// The expected values below come from an independent Python big-integer
// implementation of the formula in doc.go (struct.pack '<e' / '<f' / '<d'
// for the float roundings, bf16 derived by hand from the f64 bits).
func TestInitFormula(t *testing.T) {
	spec := `
grid: [1]
block: [1]
seed: 1
buffers:
  a: {dtype: u8, shape: [2]}
  i: {dtype: u8, shape: [2], init: iota}
  w16: {dtype: f16, shape: [4], init: uniform, low: -1, high: 1}
  w32: {dtype: f32, shape: [4], init: uniform, low: -1, high: 1}
  w64: {dtype: f64, shape: [2], init: uniform, low: -1, high: 1}
  wb: {dtype: bf16, shape: [1], init: uniform, low: -1, high: 1}
`
	s, err := Parse("s.yaml", []byte(spec))
	require.NoError(t, err)
	k2 := bufferKey(1, 2)
	assert.Equal(t, uint64(0xE68E6FC01DF08360), splitmix64(k2^0)) // r_0 of buffer 2
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, []uint64{0x3A69, 0x3703, 0x3A93, 0x3907}, elems(t, bufs[2]))
	// The other dtypes, generated as if they sat at position 2 too, so the
	// same r_i feed them.
	gen := func(name string) []uint64 {
		b := s.Buffer(name)
		return elems(t, &Buffer{DType: b.DType, Data: generate(b, s.Seed, 2)})
	}
	assert.Equal(t, []uint64{0x3F4D1CE0, 0x3EE05492, 0x3F52615F, 0x3F20E68F}, gen("w32"))
	assert.Equal(t, []uint64{0x3FE9A39BF0077C20, 0x3FDC0A9237A0BE54}, gen("w64"))
	assert.Equal(t, []uint64{0x3F4D}, gen("wb"))
	assert.Equal(t, []uint64{0, 0}, elems(t, bufs[0]))
	// Buffer position, not name, keys the stream: w32 at position 3 differs.
	assert.NotEqual(t, gen("w32"), elems(t, bufs[3]))
}

func TestInitIntegers(t *testing.T) {
	spec := `
grid: [1]
block: [1]
seed: 7
buffers:
  x: {dtype: u8, shape: [1]}
  s: {dtype: s32, shape: [4], init: uniform, low: -5, high: 5}
`
	s, err := Parse("s.yaml", []byte(spec))
	require.NoError(t, err)
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, []uint64{3, 2, 0xFFFFFFFB, 0}, elems(t, bufs[1]))

	spec = `
grid: [1]
block: [1]
seed: 3
buffers:
  u: {dtype: u64, shape: [3], init: uniform}
  b: {dtype: s8, shape: [4], init: uniform}
  h: {dtype: u64, shape: [1], init: uniform, low: 0, high: 18446744073709551615}
`
	s, err = Parse("s.yaml", []byte(spec))
	require.NoError(t, err)
	bufs, err = s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, []uint64{0x546F36061B6B1313, 0x51A403998C90B689, 0x9868CDF181095D96}, elems(t, bufs[0]))
	// s8 full range: -128 + (r mod 256), truncated to 8 bits.
	assert.Equal(t, []uint64{0x80, 0x41, 0xB8, 0x65}, elems(t, bufs[1]))
	assert.Equal(t, uint64(0xFFFFFFFFFFFFFFFF), s.Buffers[2].IntHigh)
}

func TestInitIota(t *testing.T) {
	spec := `
grid: [1]
block: [1]
buffers:
  u8: {dtype: u8, shape: [300], init: iota}
  s16: {dtype: s16, shape: [3], init: iota}
  f16: {dtype: f16, shape: [2050], init: iota}
  bf: {dtype: bf16, shape: [258], init: iota}
  e4: {dtype: e4m3, shape: [500], init: iota}
  f64: {dtype: f64, shape: [3], init: iota}
`
	s, err := Parse("s.yaml", []byte(spec))
	require.NoError(t, err)
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	u8 := elems(t, bufs[0])
	assert.Equal(t, uint64(255), u8[255])
	assert.Equal(t, uint64(44), u8[300-256]) // truncated
	assert.Equal(t, []uint64{0, 1, 2}, elems(t, bufs[1]))
	f16 := elems(t, bufs[2])
	assert.Equal(t, uint64(0x3C00), f16[1])
	assert.Equal(t, uint64(0x6800), f16[2048])
	assert.Equal(t, uint64(0x6800), f16[2049]) // 2049: tie -> even 2048
	bf := elems(t, bufs[3])
	assert.Equal(t, uint64(0x4380), bf[256])
	assert.Equal(t, uint64(0x4380), bf[257]) // 257: tie -> even 256
	e4 := elems(t, bufs[4])
	assert.Equal(t, uint64(0x38), e4[1])
	assert.Equal(t, uint64(0x7E), e4[499]) // saturates at 448
	assert.Equal(t, []uint64{0, 0x3FF0000000000000, 0x4000000000000000}, elems(t, bufs[5]))
}

// A buffer large enough to be filled in chunks on several goroutines holds
// the same bytes as one filled element by element in order, at any
// GOMAXPROCS (the chunk borders included).
func TestInitChunksSameBytes(t *testing.T) {
	b := &BufferSpec{DType: F16, Shape: []int{3*generateChunk + 5}, Init: InitUniform, Low: -1, High: 1}
	kb := bufferKey(7, 1)
	want := make([]byte, b.Shape[0]*2)
	for i := range b.Shape[0] {
		u := uniformUnit(splitmix64(kb ^ uint64(i)))
		binary.LittleEndian.PutUint16(want[2*i:], uint16(floatBits(uniformFloat(-1, 1, u), F16)))
	}
	for _, procs := range []int{1, 2, 3, 4} {
		old := runtime.GOMAXPROCS(procs)
		got := generate(b, 7, 1)
		runtime.GOMAXPROCS(old)
		assert.Equal(t, want, got, "GOMAXPROCS %d", procs)
	}
}
