//go:build cgo

package driver

import (
	"encoding/binary"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openFake builds testdata/fakecuda.c into a shared library and opens it
// as the driver (skips without gcc).
func openFake(t *testing.T) *Device {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc:", err)
	}
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	out, err := exec.Command(gcc, "-shared", "-fPIC", "-O1", "-o", lib, "testdata/fakecuda.c").CombinedOutput()
	require.NoError(t, err, "%s", out)
	d, err := Open(lib, 0)
	require.NoError(t, err)
	t.Cleanup(d.Close)
	return d
}

func words(m [TensorMapBytes]byte, n int) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(m[4*i:])
	}
	return w
}

// The encoders get the arguments in cuda.h's order: the fake driver writes
// back what it received.
func TestEncodeTensorMapArguments(t *testing.T) {
	d := openFake(t)
	tiled := TensorMapArgs{DType: 6, GlobalAddress: 0x7f0012345600, Dims: []uint64{200, 150}, Strides: []uint64{512},
		Box: []uint32{64, 16}, ElementStrides: []uint32{1, 2}, Swizzle: 3, L2Promotion: 2, OOBFill: 1}
	m, err := d.EncodeTensorMap(tiled)
	require.NoError(t, err)
	assert.Equal(t, []uint32{1, 6, 2, 0x12345600, 0x7f00, 200, 150, 512, 64, 16, 1, 2, 0, 3, 2, 1, 0}, words(m, 17))

	im := TensorMapArgs{DType: 2, GlobalAddress: 0x7f8820800000, Dims: []uint64{16, 7, 6, 2}, Strides: []uint64{64, 448, 2688},
		Box: []uint32{1, 1, 1, 1}, ElementStrides: []uint32{1, 2, 2, 1}, Interleave: 0, Swizzle: 1, L2Promotion: 3,
		Im2col: &Im2colArgs{PixelBoxLower: []int32{-1, -2}, PixelBoxUpper: []int32{1, 0}, ChannelsPerPixel: 16, PixelsPerColumn: 32}}
	m, err = d.EncodeTensorMap(im)
	require.NoError(t, err)
	neg := func(v int32) uint32 { return uint32(v) }
	assert.Equal(t, []uint32{2, 2, 4, 0x20800000, 0x7f88, 16, 7, 6, 2, 64, 448, 2688,
		neg(-1), neg(-2), 1, 0, 16, 32, 1, 2, 2, 1, 0, 1, 3, 0, 0}, words(m, 27))

	im.Dims = im.Dims[:2]
	_, err = d.EncodeTensorMap(im)
	assert.ErrorContains(t, err, "cuTensorMapEncodeIm2col: BAD_ARGUMENTS")
}
