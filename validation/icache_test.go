package validation

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// The instruction fetch of cold straight-line code. The icache
// microbenchmark (validation/timing/async/icache.cu, recorded on an H100 at
// 1.59 GHz) runs N independent FFMAs twice per warp and times each pass
// with %clock64; the first pass of the first launch minus the second (warm)
// pass is what fetching the code costs: 246 cycles for 512 FFMAs (8 KiB of
// SASS), 1042 for 2048 (32 KiB): linear in the code size (4.24x for 4x).
// The model's per-line cost (icache_line_interval_cycles) is fitted on the
// H200's icache_ffma_* launches under ncu, whose caches are flushed (code
// from HBM, as the evidence kernels run); these first passes find the code
// in L2 (ncu not attached) and cost about half as much per line (H100 here;
// the H200's icache_ffma_w1 clock_runs.json run 0: 2155 cycles for 32 KiB,
// the model 2792). The model has one per-line cost for both sources, so the
// absolute costs are logged, not asserted (a known gap: the code's source,
// L2 or HBM, is not modelled); what is asserted is that the cost grows with
// the code as the hardware's does. The warm pass itself is not compared
// (the hardware issues these FFMAs every 1.5 cycles, the model every cycle:
// register-bank conflicts are not modelled).
func TestICacheColdCode(t *testing.T) {
	dir := filepath.Join("timing", "async")
	data, err := os.ReadFile(filepath.Join(dir, "icache.h100.json"))
	require.NoError(t, err)
	var rec struct {
		Runs []struct {
			N, Grid, Block, Flush, Launch int
			Rep0                          []int64 `json:"rep0"`
			Rep1                          []int64 `json:"rep1"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(data, &rec))
	prof, ok := gpu.BuiltinProfileNamed("h100-sxm")
	require.True(t, ok)
	cold := map[int][2]int64{}
	tc, err := prof.Config()
	require.NoError(t, err)
	for _, n := range []int{512, 2048} {
		var gpuCold int64 = -1
		for _, r := range rec.Runs {
			if r.N == n && r.Grid == 1 && r.Block == 32 && r.Flush == 0 && r.Launch == 0 {
				gpuCold = r.Rep0[0] - r.Rep1[0]
			}
		}
		require.Positive(t, gpuCold, "n=%d", n)
		spec := filepath.Join(t.TempDir(), "launch.yaml")
		require.NoError(t, os.WriteFile(spec, []byte(fmt.Sprintf(`kernel: icache_%d
grid: [1, 1, 1]
block: [32, 1, 1]
buffers:
  clk: {dtype: u64, shape: [2]}
  sink: {dtype: f32, shape: [32]}
params:
  - {buffer: clk}
  - {buffer: sink}
outputs: [clk, sink]
`, n)), 0o644))
		s, err := session.Prepare(filepath.Join(dir, "icache.ptx"), spec, "", exec.DefaultLayout())
		require.NoError(t, err)
		_, _, err = gpu.RunTimed(gpu.DefaultConfig(), tc, s.Kernel, s.Launch, gpu.TimedOptions{})
		require.NoError(t, err)
		clk := s.Buffer("clk").Data
		rep0, rep1 := int64(binary.LittleEndian.Uint64(clk)), int64(binary.LittleEndian.Uint64(clk[8:]))
		simCold := rep0 - rep1
		t.Logf("icache_%d: cold minus warm pass: H100 %d, simulated with h100-sxm %d (passes %d, %d)", n, gpuCold, simCold, rep0, rep1)
		cold[n] = [2]int64{gpuCold, simCold}
	}
	gpuGrowth := float64(cold[2048][0]) / float64(cold[512][0])
	simGrowth := float64(cold[2048][1]) / float64(cold[512][1])
	t.Logf("32 KiB over 8 KiB of cold code: H100 %.2fx, simulated %.2fx", gpuGrowth, simGrowth)
	assert.InEpsilon(t, gpuGrowth, simGrowth, 0.15)
}
