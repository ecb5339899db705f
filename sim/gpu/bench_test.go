package gpu_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// benchCorpus runs corpus kernel name b.N times (loading it outside the
// timer) on jobs goroutines (gpu.Config.Jobs), optionally on a smaller
// grid, and returns the warp instructions.
func benchCorpus(b *testing.B, name string, grid *[3]int, jobs int) int64 {
	dir := filepath.Join("..", "..", "validation", "testdata", name)
	var insts int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		if grid != nil {
			s.Launch.Grid = *grid
		}
		b.StartTimer()
		cfg := gpu.DefaultConfig()
		cfg.Jobs = jobs
		res, err := s.Run(cfg)
		require.NoError(b, err)
		insts += res.Instructions
	}
	return insts
}

// BenchmarkIntHash runs the int_hash corpus kernel (full warps, integer
// ALU work) on a 64-CTA slice of its grid and reports warp instructions
// per second on one goroutine (a serial run).
func BenchmarkIntHash(b *testing.B) {
	insts := benchCorpus(b, "int_hash", &[3]int{64, 1, 1}, 1)
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
}

// BenchmarkIntHashParallel is BenchmarkIntHash with one worker per CPU.
func BenchmarkIntHashParallel(b *testing.B) {
	insts := benchCorpus(b, "int_hash", &[3]int{64, 1, 1}, 0)
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
}

// BenchmarkGemmWgmma512 runs the gemm_wgmma_512x256x512 corpus kernel
// (TMA SW128 pipeline, 2 consumer warpgroups of wgmma m64n128k16, 8 CTAs
// of 128x128x512) and reports simulated GFLOP/s.
func BenchmarkGemmWgmma512(b *testing.B) {
	benchCorpus(b, "gemm_wgmma_512x256x512", nil, 1)
	b.ReportMetric(float64(b.N)*2*512*256*512/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkIntHashTimed is BenchmarkIntHash in timed mode (stall
// accounting and hot lines on, no trace): warp instructions per second.
func BenchmarkIntHashTimed(b *testing.B) {
	dir := filepath.Join("..", "..", "validation", "testdata", "int_hash")
	var insts int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		s.Launch.Grid = [3]int{264, 1, 1}
		b.StartTimer()
		res, _, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), s.Kernel, s.Launch, gpu.TimedOptions{HotLines: true})
		require.NoError(b, err)
		insts += res.Instructions
	}
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
}

// BenchmarkGemmWgmma512Timed is BenchmarkGemmWgmma512 in timed mode.
func BenchmarkGemmWgmma512Timed(b *testing.B) {
	benchGemmTimed(b, "gemm_wgmma_512x256x512", 2*512*256*512, 0)
}

// BenchmarkCoopGemm1024Timed runs cutlass_gemm_ws_cooperative_1024 (a
// CUTLASS warp-specialized cooperative tf32 GEMM, TMA multicast, queued
// wgmma with the operand-hazard tracks on) in timed mode on one goroutine
// and reports simulated GFLOP/s (issue 14's speed target is its 4096^3
// sibling).
func BenchmarkCoopGemm1024Timed(b *testing.B) {
	benchGemmTimed(b, "cutlass_gemm_ws_cooperative_1024", 2*1024*1024*1024, 1)
}

// benchGemmTimed runs the corpus GEMM in validation/testdata/NAME in timed
// mode (jobs goroutines; 0: the default) and reports simulated GFLOP/s
// from its flops per launch.
func benchGemmTimed(b *testing.B, name string, flops float64, jobs int) {
	dir := filepath.Join("..", "..", "validation", "testdata", name)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(b, err)
		b.StartTimer()
		cfg := gpu.DefaultConfig()
		if jobs > 0 {
			cfg.Jobs = jobs
		}
		_, _, err = gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), s.Kernel, s.Launch, gpu.TimedOptions{HotLines: true})
		require.NoError(b, err)
	}
	b.ReportMetric(float64(b.N)*flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
