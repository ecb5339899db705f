package npy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

func TestReadGzip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.npy")
	data := []byte{1, 0, 2, 0, 3, 0}
	img := numpyFile(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }", data)
	require.NoError(t, os.WriteFile(p+".gz", gzfile.Compress(img), 0o644))
	descr, shape, got, err := Read(p)
	require.NoError(t, err)
	assert.Equal(t, "<u2", descr)
	assert.Equal(t, []int{3}, shape)
	assert.Equal(t, data, got)
}

func TestWriteCompressed(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.npy")
	// 16 KiB of zeros: stored as out.npy.gz, readable as out.npy.
	name, err := WriteCompressed(p, "<f4", []int{64, 64}, make([]byte, 16<<10))
	require.NoError(t, err)
	assert.Equal(t, p+".gz", name)
	_, shape, got, err := Read(p)
	require.NoError(t, err)
	assert.Equal(t, []int{64, 64}, shape)
	assert.Equal(t, make([]byte, 16<<10), got)
	// A tiny array saves less than 512 bytes: plain, and the .gz is gone.
	name, err = WriteCompressed(p, "<u2", []int{3}, []byte{1, 0, 2, 0, 3, 0})
	require.NoError(t, err)
	assert.Equal(t, p, name)
	assert.NoFileExists(t, p+".gz")
	want := numpyFile(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }", []byte{1, 0, 2, 0, 3, 0})
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, want, b)
}
