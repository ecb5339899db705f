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

// BenchmarkIntHash runs the int_hash corpus kernel (full warps, integer
// ALU work) on a 64-CTA slice of its grid and reports warp instructions
// per second on one goroutine.
func BenchmarkIntHash(b *testing.B) {
	dir := filepath.Join("..", "..", "validation", "testdata", "int_hash")
	if d := os.Getenv("SM90SIM_BENCH_DIR"); d != "" {
		dir = d
	}
	var insts int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		s.Launch.Grid = [3]int{64, 1, 1}
		b.StartTimer()
		res, err := s.Run(gpu.DefaultConfig())
		require.NoError(b, err)
		insts += res.Instructions
	}
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
}
