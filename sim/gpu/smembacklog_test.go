package gpu_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// gmem22Stamps runs the gmem22 probe's kernel entry (tools/microbench/
// gmem22/probe.ptx) with 8 warps and wmask, and returns warp 0's rep-1
// stamps after each of its 16 stores (the built-in H200 profile).
func gmem22Stamps(t *testing.T, entry string, wmask uint32) []int64 {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "tools", "microbench", "gmem22", "probe.ptx"))
	require.NoError(t, err)
	k := compileEntry(t, entry, string(src))
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	out := g.Alloc("out", 16*2*17*8)
	buf := g.Alloc("buf", 16<<20)
	params := binary.LittleEndian.AppendUint64(nil, out.Base)
	params = binary.LittleEndian.AppendUint64(params, buf.Base)
	params = binary.LittleEndian.AppendUint32(params, wmask)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{256, 1, 1}, Params: params, Global: g}
	_, _, err = gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	return u64s(g.Slice(out.Base, 16*2*17*8))[17 : 17+16]
}

// gmem22Recorded reads a variant's warp-0 rep-1 stamps from the H200
// recording (tools/microbench/gmem22/probe_out_h200.txt).
func gmem22Recorded(t *testing.T, variant string) []int64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "tools", "microbench", "gmem22", "probe_out_h200.txt"))
	require.NoError(t, err)
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, variant+" w0 r1: "); ok {
			var v []int64
			for _, f := range strings.Fields(rest)[:16] {
				x, err := strconv.ParseInt(f, 10, 64)
				require.NoError(t, err)
				v = append(v, x)
			}
			return v
		}
	}
	t.Fatalf("no %s in the recording", variant)
	return nil
}

// A warp's shared loads behind its own 32-line global stores (sim/sm/
// smembacklog.go, gmem22.md): on the H200 one warp's store + dependent
// ld.shared pairs run 26 cycles apart for 11 stores and then at the L1's
// 64 (line_lds_w1: 645 cycles to the 16th); the model had 60 a pair from
// the first (the stores' sectors on the shared port at issue: 981).
// After coalesced stores 26 a pair throughout (coal_lds_w1: 454).
func TestSharedLoadsBehindLineStores(t *testing.T) {
	gpuLine, gpuCoal := gmem22Recorded(t, "line_lds_w1"), gmem22Recorded(t, "coal_lds_w1")
	line := gmem22Stamps(t, "_Z5probeILi1ELi1EEvPyPjj", 1)
	coal := gmem22Stamps(t, "_Z5probeILi0ELi1EEvPyPjj", 1)
	t.Logf("line_lds_w1 model %v GPU %v", line, gpuLine)
	t.Logf("coal_lds_w1 model %v GPU %v", coal, gpuCoal)
	assert.InEpsilon(t, float64(gpuLine[15]), float64(line[15]), 0.10, "the 16th pair")
	assert.InEpsilon(t, float64(gpuCoal[15]), float64(coal[15]), 0.10, "the 16th pair, coalesced")
	early := float64(line[10]-line[0]) / 10
	assert.Less(t, early, 40.0, "the first 11 pairs are not held to the L1's pace (GPU 26.5)")
	late := float64(line[15]-line[13]) / 2
	assert.InDelta(t, 64.0, late, 6, "the last pairs at the L1's pace (GPU 64)")
}
