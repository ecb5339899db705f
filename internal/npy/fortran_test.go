package npy

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// np.save(f, np.arange(6, dtype='<u2').reshape(2, 3).T): the transpose is
// Fortran-contiguous, so numpy writes fortran_order True, shape (3, 2) and
// the memory as it is, 0 1 2 3 4 5 (format.py: header dict with sorted
// keys, padded with spaces so that 10 + len + 1 is a multiple of 64: 58 +
// 59 spaces + '\n' = 118 = 0x76). In C order the array is T[i][j] = 3j + i:
// 0 3 1 4 2 5.
func TestDecodeFortranNumpyBytes(t *testing.T) {
	dict := "{'descr': '<u2', 'fortran_order': True, 'shape': (3, 2), }"
	file := []byte("\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 59) + "\n" +
		"\x00\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00")
	require.Equal(t, 0, (len(file)-12)%64)
	descr, shape, data, err := Decode(file)
	require.NoError(t, err)
	assert.Equal(t, "<u2", descr)
	assert.Equal(t, []int{3, 2}, shape)
	assert.Equal(t, []byte{0, 0, 3, 0, 1, 0, 4, 0, 2, 0, 5, 0}, data)
}

// np.arange(24, dtype='<f4').reshape(2, 3, 4).transpose(2, 1, 0): shape
// (4, 3, 2), Fortran-contiguous, memory 0..23; element [i][j][k] is the
// original [k][j][i] = 12k + 4j + i.
func TestDecodeFortran3D(t *testing.T) {
	mem := make([]byte, 0, 96)
	for v := 0; v < 24; v++ {
		mem = binary.LittleEndian.AppendUint32(mem, math.Float32bits(float32(v)))
	}
	_, shape, data, err := Decode(numpyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (4, 3, 2), }", mem))
	require.NoError(t, err)
	assert.Equal(t, []int{4, 3, 2}, shape)
	var got []float32
	for i := 0; i < 24; i++ {
		got = append(got, math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:])))
	}
	assert.Equal(t, []float32{0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23}, got)
}

// One-dimensional and scalar arrays are laid out the same in both orders
// (numpy writes fortran_order False for them, but True is valid), as are
// empty ones; 16-byte void items move whole.
func TestDecodeFortranTrivial(t *testing.T) {
	d := []byte{1, 2, 3, 4, 5, 6}
	_, _, data, err := Decode(numpyFile(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (6,), }", d))
	require.NoError(t, err)
	assert.Equal(t, d, data)
	_, _, data, err = Decode(numpyFile(1, "{'descr': '<f8', 'fortran_order': True, 'shape': (0, 3), }", nil))
	require.NoError(t, err)
	assert.Empty(t, data)
	v := make([]byte, 64) // shape (2, 2) of |V16: items a b c d stored a c b d
	for i := range v {
		v[i] = byte(i / 16)
	}
	_, _, data, err = Decode(numpyFile(1, "{'descr': '|V16', 'fortran_order': True, 'shape': (2, 2), }", v))
	require.NoError(t, err)
	for i, want := range []byte{0, 2, 1, 3} {
		assert.Equal(t, want, data[16*i], "item %d", i)
		assert.Equal(t, want, data[16*i+15], "item %d", i)
	}
}
