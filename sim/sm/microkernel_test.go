package sm

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// microKernel compiles entry of the recorded microbenchmark dir
// (validation/microbench/DIR/kernel.ptx).
func microKernel(t *testing.T, dir, entry string) *exec.Kernel {
	t.Helper()
	path := filepath.Join("..", "..", "validation", "microbench", dir, "kernel.ptx")
	src, err := gzfile.ReadFile(path)
	require.NoError(t, err, dir)
	p, err := ptx.Load(path, src)
	require.NoError(t, err, dir)
	k, err := exec.Compile(p, entry, exec.DefaultLayout())
	require.NoError(t, err, dir)
	return k
}
