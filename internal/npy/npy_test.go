package npy

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// numpyFile builds an .npy image the way numpy lays it out, by hand from the
// format spec: magic, version, little-endian header length, dict padded with
// spaces to a 64-byte boundary and ended by '\n', then the data.
func numpyFile(major byte, dict string, data []byte) []byte {
	pre := 10
	if major > 1 {
		pre = 12
	}
	n := pre + len(dict) + 1
	h := dict + strings.Repeat(" ", (64-n%64)%64) + "\n"
	b := []byte("\x93NUMPY")
	b = append(b, major, 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(h)))
	}
	b = append(b, h...)
	return append(b, data...)
}

func TestEncodeMatchesNumpyBytes(t *testing.T) {
	// np.save(f, np.array([1, 2, 3], dtype='<u2')) with numpy 1.x/2.x.
	dict := "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }"
	want := []byte("\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 60) + "\n" + "\x01\x00\x02\x00\x03\x00")
	got, err := EncodeBytes("<u2", []int{3}, []byte{1, 0, 2, 0, 3, 0})
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, 0, (len(got)-6)%64)
}

func TestDecodeNumpyFiles(t *testing.T) {
	data6 := []byte{0, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40}
	tests := []struct {
		name  string
		file  []byte
		descr string
		shape []int
		data  []byte
	}{
		{"v1 f4 2x3", numpyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }", data6), "<f4", []int{1, 3}, data6},
		{"v2", numpyFile(2, "{'descr': '<f2', 'fortran_order': False, 'shape': (6,), }", data6), "<f2", []int{6}, data6},
		{"v3 utf8", numpyFile(3, "{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", data6), "<u4", []int{3}, data6},
		{"scalar", numpyFile(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (), }", data6[:4]), "<i4", []int{}, data6[:4]},
		{"u1 canonical", numpyFile(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (2, 6), }", data6), "|u1", []int{2, 6}, data6},
		{"<u1 canonicalised", numpyFile(1, "{'descr': '<u1', 'fortran_order': False, 'shape': (12,), }", data6), "|u1", []int{12}, data6},
		{"key order, quotes, python2 L", numpyFile(1, `{"shape": (3L, 1L), 'fortran_order': False, 'descr': '<u4'}`, data6), "<u4", []int{3, 1}, data6},
		{"empty", numpyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4), }", nil), "<f8", []int{0, 4}, []byte{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			descr, shape, data, err := Decode(tc.file)
			require.NoError(t, err)
			assert.Equal(t, tc.descr, descr)
			assert.Equal(t, tc.shape, shape)
			assert.Equal(t, tc.data, data)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	d4 := []byte{1, 2, 3, 4}
	tests := []struct {
		name string
		file []byte
		err  string
	}{
		{"magic", []byte("PK\x03\x04garbage..."), "bad magic"},
		{"version", numpyFile(4, "{}", nil)[:20], "unsupported format version 4.0"},
		{"fortran short data", numpyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", d4), "needs 16 data bytes, file has 4"},
		{"big endian", numpyFile(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", d4), "big-endian"},
		{"object", numpyFile(1, "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", d4), "object arrays"},
		{"structured", numpyFile(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", d4), "structured"},
		{"datetime", numpyFile(1, "{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (1,), }", d4), "unsupported dtype"},
		{"short data", numpyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", d4), "needs 8 data bytes, file has 4"},
		{"long data", numpyFile(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (1,), }", d4), "needs 2 data bytes, file has 4"},
		{"missing key", numpyFile(1, "{'descr': '<f4', 'shape': (1,), }", d4), `missing key "fortran_order"`},
		{"truncated header", numpyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", nil)[:40], "truncated header"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := Decode(tc.file)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		descr string
		shape []int
		n     int
	}{
		{"<f2", []int{4, 2}, 16},
		{"|u1", []int{3}, 3},
		{"<u8", []int{}, 8},
		{"<i4", []int{2, 3, 4}, 96},
		{"|V16", []int{2}, 32},
	}
	for _, tc := range tests {
		t.Run(tc.descr, func(t *testing.T) {
			data := make([]byte, tc.n)
			for i := range data {
				data[i] = byte(i*7 + 1)
			}
			img, err := EncodeBytes(tc.descr, tc.shape, data)
			require.NoError(t, err)
			descr, shape, got, err := Decode(img)
			require.NoError(t, err)
			assert.Equal(t, tc.descr, descr)
			assert.Equal(t, tc.shape, shape)
			assert.Equal(t, data, got)
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	_, err := EncodeBytes("<f4", []int{2}, make([]byte, 4))
	assert.ErrorContains(t, err, "needs 8 bytes, got 4")
	_, err = EncodeBytes(">f4", []int{1}, make([]byte, 4))
	assert.ErrorContains(t, err, "big-endian")
	_, err = EncodeBytes("<f4", []int{1 << 62, 1 << 62}, nil)
	assert.ErrorContains(t, err, "too large")
}

func TestWriteReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.npy")
	data := []byte{0, 0x3c, 0, 0xc0}
	require.NoError(t, Write(path, "<f2", []int{2}, data))
	descr, shape, got, err := Read(path)
	require.NoError(t, err)
	assert.Equal(t, "<f2", descr)
	assert.Equal(t, []int{2}, shape)
	assert.Equal(t, data, got)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left behind")

	// A failed encode leaves the old file untouched.
	require.Error(t, Write(path, "<f2", []int{3}, data))
	_, _, got, err = Read(path)
	require.NoError(t, err)
	assert.Equal(t, data, got)

	_, _, _, err = Read(filepath.Join(dir, "missing.npy"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func FuzzDecode(f *testing.F) {
	f.Add(numpyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", []byte{1, 2, 3, 4}))
	f.Fuzz(func(t *testing.T, b []byte) {
		descr, shape, data, err := Decode(b)
		if err != nil {
			return
		}
		img, err := EncodeBytes(descr, shape, data)
		require.NoError(t, err)
		_, _, again, err := Decode(img)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(data, again))
	})
}
