package launch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/npy"
)

// specDir writes files (name -> .npy of descr/shape/data) and a spec into a
// temporary directory and parses the spec from there.
func specDir(t *testing.T, spec string, files map[string]npyFile) *Spec {
	t.Helper()
	dir := t.TempDir()
	for name, f := range files {
		require.NoError(t, npy.Write(filepath.Join(dir, name), f.descr, f.shape, f.data))
	}
	path := filepath.Join(dir, "launch.yaml")
	require.NoError(t, os.WriteFile(path, []byte(spec), 0o644))
	s, err := Load(path)
	require.NoError(t, err)
	return s
}

type npyFile struct {
	descr string
	shape []int
	data  []byte
}

func TestMakeBuffersFiles(t *testing.T) {
	spec := `grid: [1]
block: [1]
buffers:
  in: {file: in.npy}
  h: {file: h.npy, dtype: bf16, shape: [2]}
  b: {file: b.npy}
  out: {dtype: f32, shape: [2, 2]}
params:
  - {buffer: in, offset: 8}
`
	s := specDir(t, spec, map[string]npyFile{
		"in.npy": {"<f4", []int{2, 1}, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40}},
		"h.npy":  {"<u2", []int{2}, []byte{0x80, 0x3f, 0, 0x40}},
		"b.npy":  {"|u1", []int{}, []byte{7}},
	})
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	require.Len(t, bufs, 4)
	assert.Equal(t, &Buffer{Name: "in", DType: F32, Shape: []int{2, 1}, Data: []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40}}, bufs[0])
	assert.Equal(t, BF16, bufs[1].DType)
	assert.Equal(t, &Buffer{Name: "b", DType: U8, Shape: []int{}, Data: []byte{7}}, bufs[2])
	assert.Equal(t, &Buffer{Name: "out", DType: F32, Shape: []int{2, 2}, Data: make([]byte, 16)}, bufs[3])
	assert.Equal(t, 4, bufs[3].NumElems())
}

func TestMakeBuffersErrors(t *testing.T) {
	f4 := npyFile{"<f4", []int{2, 2}, make([]byte, 16)}
	tests := []struct {
		name, buffers, extra string
		files                map[string]npyFile
		want                 string
	}{
		{"missing file", "  a: {file: nope.npy}\n", "", nil,
			"launch.yaml:4:13: error: buffer a: cannot read nope.npy: no such file or directory"},
		{"shape mismatch", "  a: {file: a.npy, shape: [4]}\n", "", map[string]npyFile{"a.npy": f4},
			"launch.yaml:4:27: error: buffer a: a.npy has shape [2 2], the spec says [4]"},
		{"dtype mismatch", "  a: {file: a.npy, dtype: f16}\n", "", map[string]npyFile{"a.npy": f4},
			`launch.yaml:4:27: error: buffer a: a.npy holds "<f4" data, dtype f16 needs "<f2"`},
		{"unsupported descr", "  a: {file: a.npy}\n", "", map[string]npyFile{"a.npy": {"<c8", []int{1}, make([]byte, 8)}},
			`launch.yaml:4:13: error: buffer a: a.npy holds "<c8" data, which no simulator dtype uses (want one of |u1, <u2, <u4, <u8, |i1, <i2, <i4, <i8, <f2, <f4, <f8)`},
		{"empty file array", "  a: {file: a.npy}\n", "", map[string]npyFile{"a.npy": {"<f4", []int{0}, nil}},
			"launch.yaml:4:13: error: buffer a: a.npy is empty (shape [0])"},
		{"offset past file end", "  a: {file: a.npy}\n", "params:\n  - {buffer: a, offset: 17}\n", map[string]npyFile{"a.npy": f4},
			"launch.yaml:6:5: error: param 0: offset 17 is past the end of buffer a (16 bytes)"},
		{"max_ulp on int file", "  a: {file: a.npy}\n", "outputs: [a]\ncompare:\n  a: {max_ulp: 1}\n", map[string]npyFile{"a.npy": {"<i4", []int{4}, make([]byte, 16)}},
			"launch.yaml:7:3: error: compare a: max_ulp applies to float dtypes; s32 outputs compare bit-exact"},
		{"ignore past file end", "  a: {file: a.npy}\n", "outputs: [a]\ncompare:\n  a: {ignore: [4]}\n", map[string]npyFile{"a.npy": f4},
			"launch.yaml:7:3: error: compare a: ignore index 4 is out of range (4 elements)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := specDir(t, "grid: [1]\nblock: [1]\nbuffers:\n"+tc.buffers+tc.extra, tc.files)
			_, err := s.MakeBuffers()
			require.Error(t, err)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, filepath.Join(filepath.Dir(s.Path), tc.want), err.Error())
		})
	}
}

func TestMakeBuffersBadNpy(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.npy"), []byte("not numpy"), 0o644))
	s, err := Parse(filepath.Join(dir, "l.yaml"), []byte("grid: [1]\nblock: [1]\nbuffers:\n  a: {file: a.npy}\n"))
	require.NoError(t, err)
	_, err = s.MakeBuffers()
	assert.EqualError(t, err, filepath.Join(dir, "l.yaml")+":4:13: error: buffer a: a.npy: not a .npy file (bad magic)")
}

// A spec that names x.npy reads x.npy.gz when x.npy is absent (the corpus
// stores large inputs compressed), and a plain x.npy wins over a stale .gz.
func TestMakeBuffersGzipFallback(t *testing.T) {
	dir := t.TempDir()
	img := func(data []byte) []byte {
		b, err := npy.EncodeBytes("<u4", []int{2}, data)
		require.NoError(t, err)
		return b
	}
	gzPath := filepath.Join(dir, "a.npy.gz")
	require.NoError(t, os.WriteFile(gzPath, gzfile.Compress(img([]byte{1, 0, 0, 0, 2, 0, 0, 0})), 0o644))
	s, err := Parse(filepath.Join(dir, "l.yaml"), []byte("grid: [1]\nblock: [1]\nbuffers:\n  a: {file: a.npy}\n"))
	require.NoError(t, err)
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, &Buffer{Name: "a", DType: U32, Shape: []int{2}, Data: []byte{1, 0, 0, 0, 2, 0, 0, 0}}, bufs[0])

	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.npy"), img([]byte{3, 0, 0, 0, 4, 0, 0, 0}), 0o644))
	bufs, err = s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, []byte{3, 0, 0, 0, 4, 0, 0, 0}, bufs[0].Data)

	// A corrupt .gz is an input error naming the compressed file.
	require.NoError(t, os.Remove(filepath.Join(dir, "a.npy")))
	require.NoError(t, os.WriteFile(gzPath, []byte("this is not gzip data"), 0o644))
	_, err = s.MakeBuffers()
	assert.EqualError(t, err, filepath.Join(dir, "l.yaml")+":4:13: error: buffer a: a.npy: "+gzPath+": gzip: invalid header")
}

// A Fortran-order input (np.save of a transposed array) loads in C order:
// shape (3, 2) u2 stored column-major 0 1 2 3 4 5 is 0 3 1 4 2 5.
func TestMakeBuffersFortranOrder(t *testing.T) {
	dir := t.TempDir()
	dict := "{'descr': '<u2', 'fortran_order': True, 'shape': (3, 2), }"
	file := "\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 59) + "\n" + "\x00\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "t.npy"), []byte(file), 0o644))
	s, err := Parse(filepath.Join(dir, "l.yaml"), []byte("grid: [1]\nblock: [1]\nbuffers:\n  t: {file: t.npy, dtype: u16, shape: [3, 2]}\n"))
	require.NoError(t, err)
	bufs, err := s.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, []byte{0, 0, 3, 0, 1, 0, 4, 0, 2, 0, 5, 0}, bufs[0].Data)
}
