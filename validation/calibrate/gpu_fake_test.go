//go:build cgo

package calibrate

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/validation/driver"
)

// TestMeasureGPUGoesOn runs MeasureGPU through the stand-in driver
// (validation/driver/testdata/fakecuda.c: every call succeeds, launches do
// nothing, outputs stay as uploaded): a benchmark whose launch fails or
// whose figures the runner cannot derive gets a record saying why, and the
// run goes on; the others get --runs launches (the spread's n) from one
// context; each record reaches Record as measured. Without a driver the
// run ends at once.
func TestMeasureGPUGoesOn(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc:", err)
	}
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	out, err := exec.Command(gcc, "-shared", "-fPIC", "-O1", "-o", lib,
		filepath.Join("..", "driver", "testdata", "fakecuda.c")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	by := recordedH200(t)
	chain, icap := by["chain_fma_f32"], by["icap_k36"]
	require.NotNil(t, chain)
	require.NotNil(t, icap)
	broken := *chain
	broken.Name, broken.Dir = "broken", t.TempDir() // no kernel.ptx
	var seen []string
	recs, err := MeasureGPU([]*Bench{&broken, icap, chain}, GPURunOptions{Library: lib, Runs: 3,
		Record: func(r BenchRecord) error { seen = append(seen, r.Benchmark); return nil }})
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, []string{"broken", "icap_k36", "chain_fma_f32"}, seen)
	assert.Contains(t, recs[0].Skipped, "kernel.ptx")
	assert.Empty(t, recs[0].Figures)
	assert.Contains(t, recs[1].Skipped, "clock_ncu")
	assert.Empty(t, recs[2].Skipped)
	require.Contains(t, recs[2].FigureSpread, "cycles_per_op")
	assert.Equal(t, 3, recs[2].FigureSpread["cycles_per_op"].N)
	assert.NotContains(t, recs[2].Figures, NCUFigure) // not profiled: no zero launch cycles

	// no driver: nothing can run, the run ends with the error (exit 3)
	recs, err = MeasureGPU([]*Bench{chain}, GPURunOptions{Library: filepath.Join(t.TempDir(), "none.so"), Runs: 1})
	require.Error(t, err)
	assert.True(t, driver.IsNoDevice(err), "%v", err)
	assert.Empty(t, recs)
}
