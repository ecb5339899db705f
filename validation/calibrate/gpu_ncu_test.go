//go:build cgo

package calibrate

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/npy"
)

// fakeNCU is the stand-in ncu (testdata/fakencu/ncu).
func fakeNCU(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "fakencu", "ncu"))
	require.NoError(t, err)
	return p
}

// writeClk writes dir/clk.npy: ten uint64 with clk[9] = v (flushj's
// jumps_cycles).
func writeClk(t *testing.T, dir string, v uint64) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	data := make([]byte, 80)
	binary.LittleEndian.PutUint64(data[72:], v)
	require.NoError(t, npy.Write(filepath.Join(dir, "clk.npy"), "<u8", []int{10}, data))
}

// The ncu pass of a flushed family, by hand: flushj_n0 and flushj_n4
// profiled 3 times each, interleaved (n0 n4 n0 n4 n0 n4: launches 0-5);
// launch 3 (n4's second) failed before its kernel ran, so ncu printed 5
// rows, which go to the ok launches 0 1 2 4 5 in order. The child is a
// copy of a prepared directory (launches.txt, I/clk.npy), ncu's CSV a
// hand-written one (FAKENCU_CSV). n0: cycles 5000, 5100, 5050 (median
// 5050, min 5000, max 5100), clk[9] 900, 1000, 950 (jumps_cycles 950);
// n4: cycles 7000, 7200 (7100), clk[9] 1500, 1700 (1600). The runner's
// own launches (the stand-in driver leaves clk zero) give neither figure.
func TestMeasureGPUFlushedFromNCULaunches(t *testing.T) {
	lib := fakeDriver(t)
	by := recordedH200(t)
	n0, n4, chain := by["flushj_n0"], by["flushj_n4"], by["chain_fma_f32"]
	require.NotNil(t, n0)
	require.NotNil(t, n4)
	require.NotNil(t, chain)
	tmpl := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(tmpl, LaunchesFile), []byte(
		"0 flushj_kernel ok\n1 flushj_kernel ok\n2 flushj_kernel ok\n3 flushj_kernel FAILED: out of memory\n4 flushj_kernel ok\n5 flushj_kernel ok\n"), 0o644))
	for i, v := range map[int]uint64{0: 900, 1: 1500, 2: 1000, 4: 950, 5: 1700} {
		writeClk(t, filepath.Join(tmpl, strconv.Itoa(i)), v)
	}
	csv := filepath.Join(t.TempDir(), "ncu.csv")
	text := `==PROF== Connected to process 1
"ID","Process ID","Kernel Name","Metric Name","Metric Unit","Metric Value"
"0","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.max","cycle","5,000"
"0","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.avg.per_second","Hz","1,980,000,000"
"1","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.max","cycle","7,000"
"2","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.max","cycle","5,100"
"3","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.max","cycle","5,050"
"4","1","flushj_kernel(unsigned long long*)","sm__cycles_elapsed.max","cycle","7,200"
`
	require.NoError(t, os.WriteFile(csv, []byte(text), 0o644))
	t.Setenv("FAKENCU_CSV", csv)
	var asked []string
	opt := GPURunOptions{Library: lib, Runs: 2, NCULaunches: 3, NCUPath: fakeNCU(t),
		NCU: func(b *Bench) bool { return NeedsNCU(b) },
		NCUChild: func(dirs []string, out string) []string {
			asked = dirs
			return []string{"sh", "-c", `mkdir -p "$2" && cp -R "$1"/. "$2"`, "sh", tmpl, out}
		}}
	recs, err := MeasureGPU([]*Bench{n0, n4, chain}, opt)
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, []string{n0.Dir, n4.Dir, n0.Dir, n4.Dir, n0.Dir, n4.Dir}, asked)
	assert.Empty(t, recs[0].Skipped)
	assert.Equal(t, Spread{Min: 5000, Median: 5050, Max: 5100, N: 3}, recs[0].Cycles)
	assert.Equal(t, map[string]float64{NCUFigure: 5050, "jumps_cycles": 950}, recs[0].Figures)
	assert.Equal(t, Spread{Min: 900, Median: 950, Max: 1000, N: 3}, recs[0].FigureSpread["jumps_cycles"])
	assert.Empty(t, recs[1].Skipped)
	assert.Equal(t, "out of memory", recs[1].CyclesError)
	assert.Equal(t, Spread{Min: 7000, Median: 7100, Max: 7200, N: 2}, recs[1].Cycles)
	assert.Equal(t, map[string]float64{NCUFigure: 7100, "jumps_cycles": 1600}, recs[1].Figures)
	// chain is not profiled: its figures from the runner's 2 launches
	assert.Empty(t, recs[2].Skipped)
	assert.Equal(t, 0, recs[2].Cycles.N)
	assert.Equal(t, 2, recs[2].FigureSpread["cycles_per_op"].N)

	// a row whose kernel is not the launch's: the family's launches are
	// not matched, and its figures (all from them) are not derived
	require.NoError(t, os.WriteFile(csv, []byte(`"ID","Kernel Name","Metric Name","Metric Unit","Metric Value"
"0","other_kernel(int)","sm__cycles_elapsed.max","cycle","5000"
"1","flushj_kernel","sm__cycles_elapsed.max","cycle","7000"
"2","flushj_kernel","sm__cycles_elapsed.max","cycle","5100"
"3","flushj_kernel","sm__cycles_elapsed.max","cycle","5050"
"4","flushj_kernel","sm__cycles_elapsed.max","cycle","7200"
`), 0o644))
	recs, err = MeasureGPU([]*Bench{n0, n4}, opt)
	require.NoError(t, err)
	require.Len(t, recs, 2)
	for _, r := range recs {
		assert.Contains(t, r.Skipped, "profiled none", r.Benchmark)
		assert.Contains(t, r.Skipped, `ncu's launch 0 is "other_kernel(int)"`, r.Benchmark)
	}

	// without ncu (--ncu auto) a flushed family is skipped, saying why
	opt.NCU = func(*Bench) bool { return false }
	recs, err = MeasureGPU([]*Bench{n0}, opt)
	require.NoError(t, err)
	assert.Contains(t, recs[0].Skipped, "clock_ncu.json): --ncu needed")
}
