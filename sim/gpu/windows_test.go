package gpu_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// timedRun runs corpus kernel name in timed mode on jobs goroutines and
// returns the timing as JSON and the output buffers.
func timedRun(t *testing.T, name string, jobs int) (string, map[string][]byte) {
	t.Helper()
	return timedRunWith(t, name, jobs, gpu.DefaultTimedConfig())
}

// timedRunWith is timedRun with a timing profile.
func timedRunWith(t *testing.T, name string, jobs int, tc gpu.TimedConfig) (string, map[string][]byte) {
	t.Helper()
	dir := filepath.Join("..", "..", "validation", "testdata", name)
	s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
	require.NoError(t, err)
	cfg := gpu.DefaultConfig()
	cfg.Jobs = jobs
	res, tm, err := gpu.RunTimed(cfg, tc, s.Kernel, s.Launch, gpu.TimedOptions{RegistersPerThread: s.Spec.Registers, HotLines: true})
	require.NoError(t, err)
	tm.Utilization = nil // compared below through the report's keys
	b, err := json.Marshal(struct {
		T *gpu.Timing
		I int64
		S any
	}{tm, res.Instructions, res.Smem})
	require.NoError(t, err)
	out := map[string][]byte{}
	for _, o := range s.Spec.Outputs {
		out[o] = append([]byte(nil), s.Buffer(o).Data...)
	}
	return string(b), out
}

// The partitions of a timed run give the same cycles, counters, hot lines
// and memory on one goroutine as on several: a plain multi-CTA GEMM, a
// persistent one, a cluster launch, and a GEMM whose CTAs of one GPC
// merge their loads of shared tiles (sim/gpu/l2merge.go).
func TestTimedSameForAnyJobs(t *testing.T) {
	for _, name := range []string{"transpose_smem", "triton_matmul_tma_persistent", "cluster_gemm_multicast", "gemm_wgmma_512x256x512"} {
		t.Run(name, func(t *testing.T) {
			want, wantOut := timedRun(t, name, 1)
			assert.Contains(t, want, `"partitions":8`, "one partition per L2 port group of the H200 map (l2port.go)")
			if name == "gemm_wgmma_512x256x512" {
				assert.NotContains(t, want, `"l2_merged_sectors":0`, "loads merged")
			}
			for _, jobs := range []int{2, 5} {
				got, gotOut := timedRun(t, name, jobs)
				assert.Equal(t, want, got, "jobs %d", jobs)
				assert.Equal(t, wantOut, gotOut, "jobs %d", jobs)
			}
		})
	}
}

// HBM refresh (hbmrefresh.go) is a function of a miss's cycle and line
// alone: with it on, the cold loads of 62 CTAs spread over 8 partitions
// (tma_reduce_ops) and a GEMM's TMA boxes time the same on any number of
// goroutines.
func TestTimedRefreshSameForAnyJobs(t *testing.T) {
	tc := gpu.DefaultTimedConfig()
	tc.HBMRefreshBusyNs, tc.HBMRefreshIntervalNs = 300, 3900
	for _, name := range []string{"tma_reduce_ops", "gemm_wgmma_512x256x512"} {
		t.Run(name, func(t *testing.T) {
			want, wantOut := timedRunWith(t, name, 1, tc)
			off, _ := timedRun(t, name, 1)
			assert.NotEqual(t, off, want, "refresh changes the timing")
			for _, jobs := range []int{2, 5} {
				got, gotOut := timedRunWith(t, name, jobs, tc)
				assert.Equal(t, want, got, "jobs %d", jobs)
				assert.Equal(t, wantOut, gotOut, "jobs %d", jobs)
			}
		})
	}
}

// A kernel with atomics that may reach global memory (here a generic
// atom.add) runs as one partition (an atomic's old value must see every
// SM's earlier atomics); one with only shared-memory atomics does not.
func TestGlobalAtomicsRunAsOnePartition(t *testing.T) {
	got, _ := timedRun(t, "cluster_ring_2", 2)
	assert.Contains(t, got, `"partitions":1,`)
	got, _ = timedRun(t, "mbar_pipeline_2", 2)
	assert.Contains(t, got, `"partitions":8,`)
}

func TestWindowNeedsADispatchLatency(t *testing.T) {
	// the window is the shorter of a CTA's dispatch latency and a near L2
	// hit (the fitted values move with every refit: use the profile's)
	tc := gpu.DefaultTimedConfig()
	want := min(tc.DispatchLatencyCycles, tc.L2HitCycles-tc.L2FarExtraCycles/2)
	assert.Equal(t, want, tc.Window())
	tc.DispatchLatencyCycles = 50
	assert.Equal(t, 50, tc.Window(), "a short dispatch latency bounds the window")
	tc.DispatchLatencyCycles = 1000
	assert.Equal(t, tc.L2HitCycles-tc.L2FarExtraCycles/2, tc.Window(), "a near L2 hit bounds the window")
	tc.DispatchLatencyCycles = 0
	assert.ErrorContains(t, tc.Validate(), "bound the windows")
}

// A timed run on several goroutines measures the time they spent running
// windows (the report's host.parallel_speedup and parallel_cpu: they
// printed 0.00 before); a serial run measures nothing.
func TestTimedParallelBusyMeasured(t *testing.T) {
	dir := filepath.Join("..", "..", "validation", "testdata", "transpose_smem")
	for _, jobs := range []int{1, 2} {
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(t, err)
		cfg := gpu.DefaultConfig()
		cfg.Jobs = jobs
		res, _, err := gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), s.Kernel, s.Launch, gpu.TimedOptions{})
		require.NoError(t, err)
		assert.Equal(t, jobs, res.Parallel.Jobs)
		if jobs == 1 {
			assert.Zero(t, res.Parallel.Busy)
		} else {
			assert.Positive(t, res.Parallel.Busy)
		}
	}
}
