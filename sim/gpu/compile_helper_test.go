package gpu_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// compileEntry parses a test's PTX source and compiles its entry name with
// the default layout.
func compileEntry(t testing.TB, name, src string) *exec.Kernel {
	t.Helper()
	p, err := ptx.Load(name+".ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, name, exec.DefaultLayout())
	require.NoError(t, err)
	return k
}

// timedOne runs entry name of src timed with the built-in profile, one CTA
// of block threads, its parameters one fresh global buffer of each size in
// bufBytes (pointers, in order), and returns the buffers' bytes after the
// run.
func timedOne(t testing.TB, name, src string, block int, bufBytes ...int) [][]byte {
	t.Helper()
	k := compileEntry(t, name, src)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	var params []byte
	segs := make([]*exec.Segment, len(bufBytes))
	for i, n := range bufBytes {
		segs[i] = g.Alloc(fmt.Sprintf("buf%d", i), n)
		params = binary.LittleEndian.AppendUint64(params, segs[i].Base)
	}
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{block, 1, 1}, Params: params, Global: g}
	_, _, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	out := make([][]byte, len(segs))
	for i, s := range segs {
		out[i] = g.Slice(s.Base, bufBytes[i])
	}
	return out
}

// u64s reads b as little-endian 64-bit values.
func u64s(b []byte) []int64 {
	v := make([]int64, len(b)/8)
	for i := range v {
		v[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}

// recordedClk reads the %clock64 stamps (output clk) of each launch of
// microbenchmark bench's H200 recording (validation/microbench/BENCH/
// clock_runs.json), at least one launch.
func recordedClk(t testing.TB, bench string) [][]int64 {
	t.Helper()
	b, err := gzfile.ReadFile(filepath.Join("..", "..", "validation", "microbench", bench, "clock_runs.json"))
	require.NoError(t, err)
	var runs struct {
		Outputs []struct {
			Clk []int64 `json:"clk"`
		} `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal(b, &runs), bench)
	require.NotEmpty(t, runs.Outputs, bench)
	out := make([][]int64, len(runs.Outputs))
	for i, r := range runs.Outputs {
		out[i] = r.Clk
	}
	return out
}
