package gpu_test

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// mwakeRun runs validation/microbench/mwake_<name> (one CTA) timed and
// returns CTA 0's clk: {smid, t0, cS, cY, cZ, cE, nA, nB, a0..a11,
// b0..b11, cYd, 0 x7} (tools/microbench/gen22_mwake.py).
func mwakeRun(t *testing.T, k *exec.Kernel, mode, d uint32) []int64 {
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	src, clk := g.Alloc("src", 1024), g.Alloc("clk", 40*8)
	var params []byte
	params = binary.LittleEndian.AppendUint64(params, src.Base)
	params = binary.LittleEndian.AppendUint64(params, clk.Base)
	params = binary.LittleEndian.AppendUint32(params, mode)
	params = binary.LittleEndian.AppendUint32(params, d)
	params = binary.LittleEndian.AppendUint32(params, 0) // flags: no hint, one CTA
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{96, 1, 1}, Params: params, Global: g}
	_, _, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	b := g.Slice(clk.Base, 40*8)
	out := make([]int64, 40)
	for i := range out {
		out[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}

// An mbarrier change wakes only the warps whose own phase it completes
// (sim/sm/mbarpoll.go). Family mwake on the H200 (validation/timing/
// tmaq20.md): warp A sleeping in try_wait on X and warp B on Y (a bulk
// copy's barrier) each returned from try_wait exactly once in every mode,
// whatever the third warp did at t0 + D mid-sleep (an arrive on another
// barrier, a non-completing arrive on X or on Y, an expect_tx, another bulk
// copy's complete_tx), and A returned 40 cycles after the arrive that
// completed X, B 363..372 cycles after the copy's issue, in every mode.
// Since session 21 the model's try_wait sleeps without executing and
// returns once too (TestTryWaitReturnsOncePerPhase); here the counts and
// the return times relative to the releases must not depend on the mode.
func TestMwakeOnlyOwnPhaseWakes(t *testing.T) {
	dir := filepath.Join("..", "..", "validation", "microbench", "mwake_m0_d1000")
	for _, clk := range recordedClk(t, "mwake_m0_d1000") {
		require.Equal(t, []int64{1, 1}, clk[6:8], "the H200's try_wait returns in every run")
	}
	src, err := gzfile.ReadFile(filepath.Join(dir, "kernel.ptx"))
	require.NoError(t, err)
	k := compileEntry(t, "mwake", string(src))
	base := mwakeRun(t, k, 0, 1000)
	rel := func(c []int64) (int64, int64) {
		nA, nB := c[6], c[7]
		return c[8+nA-1] - c[5], c[20+nB-1] - c[3] // A after the release arrive, B after the copy's issue
	}
	a0, b0 := rel(base)
	for _, v := range []struct{ mode, d uint32 }{{1, 1000}, {1, 1075}, {2, 1000}, {4, 1000}, {5, 1075}, {6, 1000}, {6, 1075}} {
		c := mwakeRun(t, k, v.mode, v.d)
		what := fmt.Sprintf("mode %d at t0 + %d", v.mode, v.d)
		assert.Equal(t, base[6:8], c[6:8], "%s: try_wait returns of A, B", what)
		a, b := rel(c)
		assert.InDelta(t, a0, a, 10, "%s: A's return after the arrive on X", what)
		if v.mode != 5 { // the second copy from the same source lands sooner (the H200: 247 cycles)
			assert.InDelta(t, b0, b, 10, "%s: B's return after the copy's issue", what)
		}
	}
}

// A try_wait loop returns exactly once per phase (sim/sm/mbarpoll.go
// suspend: a try_wait that would fail sleeps without executing and issues
// again when its phase moved). Family mwake on the H200: in every run of
// every recorded mode the stamp counts nA and nB are 1 (clk[6:8]), and A's
// only return comes ~40 cycles after the arrive that completed X. Until
// session 21 the model's try_wait returned false before the sleep: counts
// 2, A ~154 cycles after the arrive. The bound on A's delay is 20 cycles
// (the model gives 58, the hardware 40 in every run: 18 cycles of the
// wake are unexplained, validation/timing/tryw21.md).
func TestTryWaitReturnsOncePerPhase(t *testing.T) {
	var k *exec.Kernel
	for _, v := range []struct{ mode, d uint32 }{{0, 1000}, {1, 1075}, {2, 1000}, {4, 1075}, {5, 1000}, {6, 1000}} {
		name := fmt.Sprintf("mwake_m%d_d%d", v.mode, v.d)
		dir := filepath.Join("..", "..", "validation", "microbench", name)
		var hwA []int64
		for _, clk := range recordedClk(t, name) {
			require.Equal(t, []int64{1, 1}, clk[6:8], "mode %d: the H200's try_wait returns once", v.mode)
			hwA = append(hwA, clk[8]-clk[5])
		}
		if k == nil {
			src, err := gzfile.ReadFile(filepath.Join(dir, "kernel.ptx"))
			require.NoError(t, err)
			k = compileEntry(t, "mwake", string(src))
		}
		c := mwakeRun(t, k, v.mode, v.d)
		what := fmt.Sprintf("mode %d at t0 + %d", v.mode, v.d)
		assert.Equal(t, []int64{1, 1}, c[6:8], "%s: try_wait returns of A, B (the H200's)", what)
		slices.Sort(hwA)
		t.Logf("%s: A after the arrive: model %d, H200 %v", what, c[8]-c[5], hwA)
		assert.InDelta(t, hwA[len(hwA)/2], c[8]-c[5], 20, "%s: A's return after the arrive on X (the H200's median %v)", what, hwA)
	}
}
