package launch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/npy"
)

func TestWriteOutputs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	bufs := []*Buffer{
		{Name: "a", DType: BF16, Shape: []int{2}, Data: []byte{0x80, 0x3f, 0, 0}},
		{Name: "b", DType: E4M3, Shape: []int{1, 3}, Data: []byte{1, 2, 3}},
		{Name: "c", DType: F16, Shape: []int{1}, Data: []byte{0, 0x3c}},
	}
	require.NoError(t, WriteOutputs(dir, bufs, []string{"a", "b"}))
	descr, shape, data, err := npy.Read(filepath.Join(dir, "a.npy"))
	require.NoError(t, err)
	assert.Equal(t, "<u2", descr)
	assert.Equal(t, []int{2}, shape)
	assert.Equal(t, bufs[0].Data, data)
	descr, shape, _, err = npy.Read(filepath.Join(dir, "b.npy"))
	require.NoError(t, err)
	assert.Equal(t, "|u1", descr)
	assert.Equal(t, []int{1, 3}, shape)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2)

	// All or nothing: a bad buffer means no file is replaced or left behind.
	bad := []*Buffer{
		{Name: "a", DType: BF16, Shape: []int{1}, Data: []byte{0, 0}},
		{Name: "c", DType: F16, Shape: []int{4}, Data: []byte{0, 0x3c}},
	}
	require.Error(t, WriteOutputs(dir, bad, []string{"a", "c"}))
	_, _, data, err = npy.Read(filepath.Join(dir, "a.npy"))
	require.NoError(t, err)
	assert.Equal(t, bufs[0].Data, data)
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2)

	assert.EqualError(t, WriteOutputs(dir, bufs, []string{"zz"}), `output "zz": no such buffer`)
}
