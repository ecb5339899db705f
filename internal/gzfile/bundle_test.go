package gzfile

import (
	"archive/tar"
	"bytes"
	"compress/zlib"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeBundle stores members as dir/BundleName the way
// tools/microbench/pack.py does (sorted ustar members in a zlib stream,
// with dict as the preset dictionary when it is not nil).
func writeBundle(t *testing.T, dir string, members map[string]string, dict []byte) {
	t.Helper()
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	var names []string
	for n := range members {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(members[n])), Typeflag: tar.TypeReg, Format: tar.FormatUSTAR}))
		_, err := tw.Write([]byte(members[n]))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	var zb bytes.Buffer
	zw, err := zlib.NewWriterLevelDict(&zb, zlib.BestCompression, dict)
	require.NoError(t, err)
	_, err = zw.Write(tb.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, BundleName), zb.Bytes(), 0o644))
}

func TestBundleMembersLinksAndLooseFiles(t *testing.T) {
	root := t.TempDir()
	dict := []byte(`{"metric": "sm__cycles_elapsed.max", "values": [`)
	require.NoError(t, os.WriteFile(filepath.Join(root, DictName), dict, 0o644))
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	writeBundle(t, a, map[string]string{
		"launch.yaml": "kernel: k\n", "kernel.ptx": ".version 8.0\n", "gpu/clk.npy": "NPY",
		"cycles.json": `{"metric": "sm__cycles_elapsed.max", "values": [1]}`,
	}, dict)
	writeBundle(t, b, map[string]string{
		"launch.yaml": "kernel: k2\n", "kernel.ptx.link": "../a/kernel.ptx\n", "kernel.cu.link": "../c/kernel.cu.gz\n",
	}, nil) // no dictionary: a plain zlib stream reads too
	require.NoError(t, os.MkdirAll(filepath.Join(root, "c"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "c", "kernel.cu.gz"), hiGzip, 0o644))

	for p, want := range map[string]string{
		filepath.Join(a, "launch.yaml"):    "kernel: k\n",
		filepath.Join(a, "gpu", "clk.npy"): "NPY", // a member one folder down
		filepath.Join(a, "cycles.json"):    `{"metric": "sm__cycles_elapsed.max", "values": [1]}`,
		filepath.Join(b, "kernel.ptx"):     ".version 8.0\n", // a bundled link to a bundled file
		filepath.Join(b, "kernel.cu"):      "hi\n",           // a bundled link to a loose .gz
		filepath.Join(b, "launch.yaml"):    "kernel: k2\n",
	} {
		got, err := ReadFile(p)
		require.NoError(t, err, p)
		assert.Equal(t, want, string(got), p)
		assert.True(t, Exists(p), p)
	}
	real, err := Resolve(filepath.Join(a, "launch.yaml"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(a, BundleName), real, "Resolve names the bundle")
	real, err = Resolve(filepath.Join(b, "kernel.ptx"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(a, BundleName), real, "a link's target, bundled")

	// Absent members: the plain name's not-exist error, as for loose files.
	for _, p := range []string{filepath.Join(a, "SIM_SKIP"), filepath.Join(a, "gpu", "sink.npy"), filepath.Join(root, "none", "x")} {
		_, err := ReadFile(p)
		var pe *fs.PathError
		require.ErrorAs(t, err, &pe, p)
		assert.Equal(t, p, pe.Path)
		assert.ErrorIs(t, err, fs.ErrNotExist)
		assert.False(t, Exists(p), p)
	}

	// A loose file wins over the bundled one (a re-recording before pack.py).
	require.NoError(t, os.WriteFile(filepath.Join(a, "launch.yaml"), []byte("loose\n"), 0o644))
	got, err := ReadFile(filepath.Join(a, "launch.yaml"))
	require.NoError(t, err)
	assert.Equal(t, "loose\n", string(got))
	require.NoError(t, os.WriteFile(filepath.Join(a, "cycles.json.gz"), hiGzip, 0o644))
	got, err = ReadFile(filepath.Join(a, "cycles.json"))
	require.NoError(t, err)
	assert.Equal(t, "hi\n", string(got))

	names, err := BundleMembers(filepath.Join(a, BundleName))
	require.NoError(t, err)
	assert.Equal(t, []string{"cycles.json", "gpu/clk.npy", "kernel.ptx", "launch.yaml"}, names)
}

func TestBundleErrors(t *testing.T) {
	root := t.TempDir()
	dict := []byte("a dictionary")
	a := filepath.Join(root, "a")
	writeBundle(t, a, map[string]string{"x.json": "{}"}, dict)
	// The dictionary the stream names is missing, then another one.
	_, err := ReadFile(filepath.Join(a, "x.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "preset dictionary")
	require.NoError(t, os.WriteFile(filepath.Join(root, DictName), []byte("another dictionary"), 0o644))
	_, err = ReadFile(filepath.Join(a, "x.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "another preset dictionary")
	assert.False(t, Exists(filepath.Join(a, "x.json")))

	// Links in a loop, and a link to nothing.
	l := filepath.Join(root, "l")
	writeBundle(t, l, map[string]string{"p.link": "q\n", "q.link": "p\n", "r.link": "../none/r\n"}, nil)
	_, err = ReadFile(filepath.Join(l, "p"))
	assert.ErrorIs(t, err, errLinkLoop)
	_, err = ReadFile(filepath.Join(l, "r"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not exist")
	assert.False(t, Exists(filepath.Join(l, "r")))

	// Not a zlib stream.
	require.NoError(t, os.WriteFile(filepath.Join(l, BundleName), []byte("not zlib"), 0o644))
	_, err = ReadFile(filepath.Join(l, "p"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), BundleName)
}
