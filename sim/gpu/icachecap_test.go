package gpu_test

import (
	"encoding/binary"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// timedReps runs microbenchmark bench's recorded PTX (entry kernel; params
// clk, sink, u32 12345; one CTA of one warp) timed with the built-in H200
// profile and returns its clk: one %clock64 delta per rep.
func timedReps(t *testing.T, bench, kernel string, reps int) []int64 {
	t.Helper()
	src, err := gzfile.ReadFile(filepath.Join("..", "..", "validation", "microbench", bench, "kernel.ptx"))
	require.NoError(t, err)
	p, err := ptx.Load(bench+".ptx", src)
	require.NoError(t, err)
	k, err := exec.Compile(p, kernel, exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	clk, sink := g.Alloc("clk", 8*reps), g.Alloc("sink", 4*32)
	params := binary.LittleEndian.AppendUint64(nil, clk.Base)
	params = binary.LittleEndian.AppendUint64(params, sink.Base)
	params = binary.LittleEndian.AppendUint32(params, 12345)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	_, _, err = gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	return u64s(g.Slice(clk.Base, 8*reps))
}

// medianRep is the median over the recorded launches of rep r's stamp.
func medianRep(runs [][]int64, r int) float64 {
	v := make([]float64, len(runs))
	for i, c := range runs {
		v[i] = float64(c[r])
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// TestICacheCapacityReRuns checks the SM instruction cache's capacity
// (icache_capacity_bytes, sim/sm/icache.go) against the H200 recordings
// (clock_runs.json, five launches; rep 0 finds the code where the launch
// before left it): 32 KiB of straight-line FFMA (icache_ffma_w1) re-run from
// the SM at about half the first pass (GPU 2390 against 4460 from the
// memory), while 64 KiB (flushs_k64: 9027 against 9034) and coldj's ~60
// KiB of functions called in code order (9853 against 9788) re-run as
// slowly as the first pass from the L2: no line of them survives a pass
// (LRU over a cyclic sweep). Without a capacity the model ran both second
// passes from the SM (4098 and 7818 cycles).
func TestICacheCapacityReRuns(t *testing.T) {
	ff := timedReps(t, "icache_ffma_w1", "icache_ffma", 2)
	require.Less(t, float64(ff[1]), 0.6*float64(ff[0]), "icache_ffma_w1 reps %v: 32 KiB fits", ff)

	fs := timedReps(t, "flushs_k64", "flushs_kernel", 2)
	gs := recordedClk(t, "flushs_k64")
	require.Greater(t, float64(fs[1]), 0.9*float64(fs[0]), "flushs_k64 reps %v: 64 KiB does not fit", fs)
	require.InEpsilon(t, medianRep(gs, 1), float64(fs[1]), 0.12, "flushs_k64 rep 1: GPU %v, model %v", medianRep(gs, 1), fs[1])

	cj := timedReps(t, "coldj_k64_s1", "coldj_call", 2)
	gj := recordedClk(t, "coldj_k64_s1")
	require.Greater(t, float64(cj[1]), 0.9*float64(cj[0]), "coldj_k64_s1 reps %v: ~60 KiB does not fit", cj)
	require.InEpsilon(t, medianRep(gj, 1), float64(cj[1]), 0.05, "coldj_k64_s1 rep 1: GPU %v, model %v", medianRep(gj, 1), cj[1])
}
