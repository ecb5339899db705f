package gzfile

import (
	"crypto/rand"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hiGzip is "hi\n" as one gzip member built by hand from RFC 1952/1951:
// header (ID1 ID2, CM=8 deflate, no flags, MTIME 0, XFL 0, OS 255), one
// final stored deflate block (BFINAL=1 BTYPE=00, LEN 3, NLEN ^3), the data,
// CRC-32 0xed6f7a7a (zlib.crc32(b"hi\n")) and ISIZE 3, little-endian.
var hiGzip = []byte{
	0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff,
	0x01, 0x03, 0x00, 0xfc, 0xff, 'h', 'i', '\n',
	0x7a, 0x7a, 0x6f, 0xed, 0x03, 0, 0, 0,
}

func TestReadFilePlainThenGz(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "k.ptx")
	require.NoError(t, os.WriteFile(p+".gz", hiGzip, 0o644))
	b, err := ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "hi\n", string(b))
	real, err := Resolve(p)
	require.NoError(t, err)
	assert.Equal(t, p+".gz", real)
	assert.True(t, Exists(p))

	// A plain file wins over the .gz next to it.
	require.NoError(t, os.WriteFile(p, []byte("plain"), 0o644))
	b, err = ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "plain", string(b))
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "none.npy")
	_, err := ReadFile(p)
	var pe *fs.PathError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, p, pe.Path, "the error names the plain file")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.False(t, Exists(p))

	require.NoError(t, os.WriteFile(p+".gz", []byte("this is not gzip data"), 0o644))
	_, err = ReadFile(p)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), p+".gz: gzip: "), err.Error())

	truncated := hiGzip[:len(hiGzip)-4]
	require.NoError(t, os.WriteFile(p+".gz", truncated, 0o644))
	_, err = ReadFile(p)
	assert.Error(t, err)
}

func TestCompressIsPlainGzip(t *testing.T) {
	in := []byte(strings.Repeat("abcd", 1000))
	gz := Compress(in)
	// No FNAME/FCOMMENT flags, MTIME 0: the bytes depend on the input only.
	assert.Equal(t, []byte{0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0}, gz[:8])
	assert.Equal(t, gz, Compress(in))
	out, err := Decompress(gz)
	require.NoError(t, err)
	assert.Equal(t, in, out)
}

func TestSaves(t *testing.T) {
	assert.True(t, Saves(make([]byte, 8000), make([]byte, 7000)))   // 1000 >= 512
	assert.True(t, Saves(make([]byte, 80000), make([]byte, 79488))) // 512 (1/8 was the rule until session 23)
	assert.False(t, Saves(make([]byte, 80000), make([]byte, 79489)))
	assert.False(t, Saves(make([]byte, 1000), make([]byte, 600))) // 400 < 512
	assert.True(t, Saves(make([]byte, 1000), make([]byte, 488)))
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.npy")
	zeros := make([]byte, 64<<10)

	// Compressible: goes to out.npy.gz, a stale plain file is removed.
	require.NoError(t, os.WriteFile(p, []byte("stale"), 0o644))
	name, err := WriteFile(p, zeros, true)
	require.NoError(t, err)
	assert.Equal(t, p+".gz", name)
	assert.NoFileExists(t, p)
	b, err := ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, zeros, b)

	// Random bytes do not compress: plain file, the stale .gz is removed.
	random := make([]byte, 4096)
	rand.Read(random)
	name, err = WriteFile(p, random, true)
	require.NoError(t, err)
	assert.Equal(t, p, name)
	assert.NoFileExists(t, p+".gz")
	b, err = ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, random, b)

	// compress=false always writes the plain file.
	name, err = WriteFile(p, zeros, false)
	require.NoError(t, err)
	assert.Equal(t, p, name)
	st, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, int64(len(zeros)), st.Size())
	assert.Equal(t, fs.FileMode(0o644), st.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary files left")
}

// A path naming the .gz file itself is decompressed (gzip magic), and a
// plain file whose name ends in .gz is read as it is.
func TestReadFileNamedGz(t *testing.T) {
	dir := t.TempDir()
	gz := filepath.Join(dir, "kernel.ptx.gz")
	require.NoError(t, os.WriteFile(gz, Compress([]byte(".version 8.0\n")), 0o644))
	b, err := ReadFile(gz)
	require.NoError(t, err)
	require.Equal(t, ".version 8.0\n", string(b))
	plain := filepath.Join(dir, "notes.gz")
	require.NoError(t, os.WriteFile(plain, []byte("text"), 0o644))
	b, err = ReadFile(plain)
	require.NoError(t, err)
	require.Equal(t, "text", string(b))
}

// NAME.link names the file holding NAME's contents, relative to its own
// directory: plain or gzipped, or its plain name when only the packed
// form is there; a plain NAME or NAME.gz wins over the link.
func TestReadFileLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	require.NoError(t, os.MkdirAll(a, 0o755))
	require.NoError(t, os.MkdirAll(b, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(a, "kernel.ptx.gz"), hiGzip, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(a, "kernel.cu"), []byte("src"), 0o644))
	p := filepath.Join(b, "kernel.ptx")
	for _, target := range []string{"../a/kernel.ptx.gz\n", "../a/kernel.ptx"} {
		require.NoError(t, os.WriteFile(p+LinkExt, []byte(target), 0o644))
		got, err := ReadFile(p)
		require.NoError(t, err, target)
		assert.Equal(t, "hi\n", string(got), target)
		real, err := Resolve(p)
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(a, "kernel.ptx.gz"), real)
		assert.True(t, Exists(p))
	}
	cu := filepath.Join(b, "kernel.cu")
	for _, target := range []string{"../a/kernel.cu\n", "../a/kernel.cu.gz\n"} { // the target unpacked
		require.NoError(t, os.WriteFile(cu+LinkExt, []byte(target), 0o644))
		got, err := ReadFile(cu)
		require.NoError(t, err)
		assert.Equal(t, "src", string(got))
	}

	require.NoError(t, os.WriteFile(p+".gz", Compress([]byte("own")), 0o644))
	got, err := ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "own", string(got))

	bad := filepath.Join(b, "x.ptx")
	require.NoError(t, os.WriteFile(bad+LinkExt, []byte("../a/missing.ptx\n"), 0o644))
	_, err = ReadFile(bad)
	assert.ErrorContains(t, err, "x.ptx.link")
	assert.False(t, Exists(bad))
	require.NoError(t, os.WriteFile(bad+LinkExt, []byte("/abs/x.ptx\n"), 0o644))
	_, err = ReadFile(bad)
	assert.ErrorContains(t, err, "relative")
}
