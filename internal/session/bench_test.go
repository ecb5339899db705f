package session_test

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// benchGemm1024 runs a 1024^3 corpus GEMM (the #17 end-to-end figure)
// functionally on one goroutine with the hazard checkers on (noHazard:
// off) b.N times, preparing it outside the timer, and reports GFLOP/s.
func benchGemm1024(b *testing.B, name string, noHazard bool) {
	dir := filepath.Join("..", "..", "validation", "testdata", name)
	var cpu float64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx.gz"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		s.Launch.NoHazardCheck = noHazard
		cfg := gpu.DefaultConfig()
		cfg.Jobs = 1
		b.StartTimer()
		c0 := cpuSeconds()
		_, err = s.Run(cfg)
		cpu += cpuSeconds() - c0
		require.NoError(b, err)
	}
	b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(b.N)*2*1024*1024*1024/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

func BenchmarkCuteTN1024(b *testing.B) { benchGemm1024(b, "cute_wgmma_tma_tn_1024", false) }
func BenchmarkCutlassCoop1024(b *testing.B) {
	benchGemm1024(b, "cutlass_gemm_ws_cooperative_1024", false)
}
func BenchmarkCuteTN1024NoHazard(b *testing.B) {
	benchGemm1024(b, "cute_wgmma_tma_tn_1024", true)
}
func BenchmarkCutlassCoop1024NoHazard(b *testing.B) {
	benchGemm1024(b, "cutlass_gemm_ws_cooperative_1024", true)
}

// cpuSeconds is the process's user+system CPU time (a loaded machine
// disturbs it less than wall time).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
