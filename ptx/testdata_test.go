package ptx

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sm90sim/sm90sim/internal/gzfile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loadFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// TestTestdata loads every hand-written nvcc-style file and every real
// nvcc 13 output (testdata/nvcc) without error.
func TestTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.ptx")
	require.NoError(t, err)
	real, err := filepath.Glob("testdata/nvcc/*.ptx")
	require.NoError(t, err)
	require.NotEmpty(t, real)
	files = append(files, real...)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			p, err := Load(f, []byte(loadFile(t, f)))
			require.NoError(t, err)
			assert.Equal(t, "sm_90a", p.Target)
			assert.Equal(t, "9.0", p.Version)
			assert.Equal(t, 64, p.AddressSize)
		})
	}
}

// TestValidationCorpus loads the PTX recorded on real GPUs, when present.
func TestValidationCorpus(t *testing.T) {
	// Large generated PTX is stored as kernel.ptx.gz, a repeated one as
	// kernel.ptx.link (internal/gzfile).
	files, _ := filepath.Glob("../validation/testdata/*/kernel.ptx")
	gz, _ := filepath.Glob("../validation/testdata/*/kernel.ptx.gz")
	for _, f := range gz {
		files = append(files, strings.TrimSuffix(f, gzfile.Ext))
	}
	link, _ := filepath.Glob("../validation/testdata/*/kernel.ptx.link")
	for _, f := range link {
		files = append(files, strings.TrimSuffix(f, gzfile.LinkExt))
	}
	slices.Sort(files)
	if len(files) == 0 {
		t.Skip("no validation/testdata/*/kernel.ptx yet")
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f)), func(t *testing.T) {
			src, err := gzfile.ReadFile(f)
			require.NoError(t, err)
			_, err = Load(f, src)
			require.NoError(t, err)
		})
	}
}
