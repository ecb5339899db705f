package gpu_test

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// chain_overhead (validation/microbench/chain_overhead): chain_fma_f32 with
// iters 0, two %clock64 reads around the rep loop's zero-trip test of the
// inner loop; ptxas loads iters by an LDC right before that test
// (sim/sm/paramremat.go). The H200 read 49 cycles in rep 1 in each of its
// five launches (clock_runs.json); without the LDC the model gives 26
// (the ISETP and the branch alone; 14 with the ISETP hoisted).
func TestChainOverheadMatchesRecording(t *testing.T) {
	dir := filepath.Join("..", "..", "validation", "microbench", "chain_overhead")
	runs := recordedClk(t, "chain_overhead")
	gpuRep1 := runs[0][1]
	for _, clk := range runs {
		require.Equal(t, gpuRep1, clk[1], "every launch's rep 1")
	}
	src, err := gzfile.ReadFile(filepath.Join(dir, "kernel.ptx"))
	require.NoError(t, err)
	k := compileEntry(t, "chain_fma_f32", string(src))
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	clk, sink := g.Alloc("clk", 16), g.Alloc("sink", 128)
	var params []byte
	params = binary.LittleEndian.AppendUint64(params, clk.Base)
	params = binary.LittleEndian.AppendUint64(params, sink.Base)
	params = binary.LittleEndian.AppendUint32(params, 0)     // iters
	params = binary.LittleEndian.AppendUint32(params, 12345) // seed
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	_, _, err = gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	rep1 := int64(binary.LittleEndian.Uint64(g.Slice(clk.Base, 16)[8:]))
	assert.InEpsilon(t, float64(gpuRep1), float64(rep1), 0.05, "rep 1: simulated %d cycles, the H200 %d", rep1, gpuRep1)
}
