package gpu_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// BenchmarkGemmWgmma512 runs the gemm_wgmma_512x256x512 corpus kernel
// (TMA SW128 pipeline, 2 consumer warpgroups of wgmma m64n128k16, 8 CTAs
// of 128x128x512) in the default mode and reports simulated GFLOP/s.
func BenchmarkGemmWgmma512(b *testing.B) {
	dir := filepath.Join("..", "..", "validation", "testdata", "gemm_wgmma_512x256x512")
	if d := os.Getenv("SM90SIM_BENCH_DIR"); d != "" {
		dir = d
	}
	var flops float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		b.StartTimer()
		_, err = s.Run(gpu.DefaultConfig())
		require.NoError(b, err)
		flops += 2 * 512 * 256 * 512
	}
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
