package gpu_test

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// BenchmarkTimedJobs runs the timed model on a one-wave CUTLASS GEMM
// (cutlass_gemm_ws_cooperative_1536x1408x1024: 66 clusters over every
// SM) on 1 and 2 goroutines and reports the process's CPU seconds per run
// (user and system): jobs2's excess over jobs1's is what running the
// windows on two goroutines costs beside the speedup (the boundaries'
// hand-offs, partitions changing CPU: validation/timing/par22.md).
func BenchmarkTimedJobs(b *testing.B) {
	dir := filepath.Join("..", "..", "validation", "testdata", "cutlass_gemm_ws_cooperative_1536x1408x1024")
	for _, jobs := range []int{1, 2} {
		b.Run(map[int]string{1: "jobs1", 2: "jobs2"}[jobs], func(b *testing.B) {
			var cpu float64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
				require.NoError(b, err)
				b.StartTimer()
				cfg := gpu.DefaultConfig()
				cfg.Jobs = jobs
				c0 := processCPU()
				_, _, err = gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), s.Kernel, s.Launch, gpu.TimedOptions{})
				cpu += processCPU() - c0
				require.NoError(b, err)
			}
			b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
		})
	}
}

// processCPU is the process's user and system CPU seconds.
func processCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
