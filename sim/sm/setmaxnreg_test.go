package sm_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// ptxas 13.0 -v (on the device, 2026-11-26) allocated 168 registers per
// thread to both CUTLASS warp-specialized kernels (.maxntid 384,
// .minnctapersm 1, setmaxnreg 232/40); a kernel without setmaxnreg gets 0
// (the caller's other sources apply).
func TestSetmaxnregRegisters(t *testing.T) {
	for _, c := range []struct {
		dir  string
		want int
	}{
		{"cutlass_gemm_ws_pingpong_2x1", 168},
		{"cutlass_gemm_ws_cooperative_2x1", 168},
		{"triton_matmul_tma", 0},
	} {
		path := filepath.Join("..", "..", "validation", "testdata", c.dir, "kernel.ptx")
		src, err := gzfile.ReadFile(path)
		require.NoError(t, err)
		p, err := ptx.Load(path, src)
		require.NoError(t, err)
		var k *exec.Kernel
		for _, f := range p.Funcs {
			if f.Entry {
				k, err = exec.Compile(p, f.Name, exec.DefaultLayout())
				require.NoError(t, err)
			}
		}
		assert.Equal(t, c.want, sm.SetmaxnregRegisters(k, 65536, 256), c.dir)
	}
}
