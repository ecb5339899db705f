//go:build cgo

package calibrate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// fakeDriver builds the stand-in driver (validation/driver/testdata/
// fakecuda.c) into a library; skips without gcc.
func fakeDriver(t *testing.T) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc:", err)
	}
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	out, err := exec.Command(gcc, "-shared", "-fPIC", "-O1", "-o", lib,
		filepath.Join("..", "driver", "testdata", "fakecuda.c")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return lib
}

// contexts reads the stand-in driver's log: the primary contexts
// retained and released, and the processes that retained them.
func contexts(t *testing.T, log string) (retains, releases int, pids map[string]int) {
	t.Helper()
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	pids = map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		what, pid, _ := strings.Cut(l, " ")
		switch what {
		case "retain":
			retains++
			pids[pid]++
		case "release":
			releases++
		}
	}
	return retains, releases, pids
}

// Hand case: each family's benchmarks together in their order, the
// families in order of their first benchmark.
func TestFamilies(t *testing.T) {
	b := func(name, fam string) *Bench { return &Bench{Name: name, Family: fam} }
	bs := []*Bench{b("a1", "a"), b("b1", "b"), b("a2", "a"), b("c1", "c"), b("b2", "b")}
	var got [][]string
	for _, f := range Families(bs) {
		var names []string
		for _, x := range f {
			names = append(names, x.Name)
		}
		got = append(got, names)
	}
	assert.Equal(t, [][]string{{"a1", "a2"}, {"b1", "b2"}, {"c1"}}, got)
	assert.Empty(t, Families(nil))
}

// TestMeasureGPUContextPerFamily: in one process MeasureGPU opens one
// context per family, not one per benchmark (counted by the stand-in
// driver), and another after a benchmark fails on the device (its PTX
// refused by the driver: the context may be unusable after a fault),
// not after one that fails before reaching it (no kernel.ptx) or is
// skipped (icap: figures from ncu's launches). Hand count: chain's
// first context serves chain_fma_f32 and dies with the refused PTX;
// a second serves broken and chain_add_s32; bar's is the third.
func TestMeasureGPUContextPerFamily(t *testing.T) {
	lib := fakeDriver(t)
	log := filepath.Join(t.TempDir(), "ctx.log")
	t.Setenv("FAKECUDA_LOG", log)
	by := recordedH200(t)
	chain, add, bar, icap := by["chain_fma_f32"], by["chain_add_s32"], by["bar_sync_w1"], by["icap_k36"]
	require.NotNil(t, add)
	require.NotNil(t, bar)
	refused := *chain
	refused.Name, refused.Dir = "refused", t.TempDir()
	ptx, err := gzfile.ReadFile(filepath.Join(chain.Dir, "kernel.ptx"))
	require.NoError(t, err)
	spec, err := gzfile.ReadFile(filepath.Join(chain.Dir, "launch.yaml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(refused.Dir, "kernel.ptx"), append(ptx, "\n// fakecuda: fail\n"...), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(refused.Dir, "launch.yaml"), spec, 0o644))
	broken := *chain
	broken.Name, broken.Dir = "broken", t.TempDir() // no kernel.ptx

	recs, err := MeasureGPU([]*Bench{chain, bar, &refused, icap, &broken, add}, GPURunOptions{Library: lib, Runs: 2})
	require.NoError(t, err)
	require.Len(t, recs, 6)
	skipped := map[string]string{}
	for _, r := range recs {
		skipped[r.Benchmark] = r.Skipped
	}
	assert.Empty(t, skipped["chain_fma_f32"])
	assert.Empty(t, skipped["chain_add_s32"])
	assert.Empty(t, skipped["bar_sync_w1"])
	assert.Contains(t, skipped["refused"], "cuModuleLoadDataEx")
	assert.Contains(t, skipped["broken"], "kernel.ptx")
	assert.Contains(t, skipped["icap_k36"], "clock_ncu")
	retains, releases, pids := contexts(t, log)
	assert.Equal(t, 3, retains)
	assert.Equal(t, 3, releases)
	assert.Len(t, pids, 1) // all in this process
}

// A Family function measures each family elsewhere (hand cases with
// recorded benchmarks of two families, records made up): it gets the
// families in order (smi only for the first), the records come back in
// the order asked, and a family whose run ends early leaves its
// unmeasured benchmarks skipped with the reason.
func TestMeasureGPUFamilyFunc(t *testing.T) {
	by := recordedH200(t)
	a1, b1, a2 := by["chain_fma_f32"], by["bar_sync_w1"], by["chain_add_s32"]
	require.NotNil(t, b1)
	require.NotEqual(t, a1.Family, b1.Family)
	bs := []*Bench{a1, b1, a2}
	var calls []string
	var seen []string
	recs, err := MeasureGPU(bs, GPURunOptions{
		Record: func(r BenchRecord) error { seen = append(seen, r.Benchmark); return nil },
		Family: func(fam []*Bench, smi bool, emit func(BenchRecord) error) error {
			calls = append(calls, fam[0].Name+map[bool]string{true: "+smi", false: ""}[smi])
			r := BenchRecord{Benchmark: fam[0].Name, Figures: map[string]float64{"x": 1}}
			if fam[0] == a1 {
				r.GPU, r.Driver, r.Clocks = "G", "D", map[string]float64{"mem_mhz": 3201}
			}
			require.NoError(t, emit(r))
			if len(fam) > 1 {
				return os.ErrDeadlineExceeded // the process died before a2
			}
			return nil
		}})
	require.NoError(t, err)
	assert.Equal(t, []string{"chain_fma_f32+smi", "bar_sync_w1"}, calls)
	assert.Equal(t, []string{"chain_fma_f32", "chain_add_s32", "bar_sync_w1"}, seen)
	require.Len(t, recs, 3)
	assert.Equal(t, "chain_fma_f32", recs[0].Benchmark)
	assert.Equal(t, "bar_sync_w1", recs[1].Benchmark)
	assert.Equal(t, "chain_add_s32", recs[2].Benchmark)
	assert.Contains(t, recs[2].Skipped, "ended before this benchmark")
	assert.Contains(t, recs[2].Skipped, os.ErrDeadlineExceeded.Error())
	// the GPU, driver and memory clock of the first record fill the others
	assert.Equal(t, "G", recs[1].GPU)
	assert.Equal(t, 3201.0, recs[1].Clocks["mem_mhz"])

	// no device in a family ends the run
	_, err = MeasureGPU(bs, GPURunOptions{Family: func([]*Bench, bool, func(BenchRecord) error) error {
		return &driver.NoDeviceError{Reason: "none"}
	}})
	assert.True(t, driver.IsNoDevice(err))

	// a family the runner derives nothing of (icap: figures from ncu's
	// launches) gets its records here, without a Family call
	calls = nil
	recs, err = MeasureGPU([]*Bench{by["icap_k36"]}, GPURunOptions{Family: func(fam []*Bench, _ bool, _ func(BenchRecord) error) error {
		calls = append(calls, fam[0].Name)
		return nil
	}})
	require.NoError(t, err)
	assert.Empty(t, calls)
	require.Len(t, recs, 1)
	assert.Contains(t, recs[0].Skipped, "clock_ncu")
}

// TestMeasureGPUGoesOn runs MeasureGPU through the stand-in driver
// (validation/driver/testdata/fakecuda.c: every call succeeds, launches do
// nothing, outputs stay as uploaded): a benchmark whose launch fails or
// whose figures the runner cannot derive gets a record saying why, and the
// run goes on; the others get --runs launches (the spread's n) from one
// context; each record reaches Record as measured. Without a driver the
// run ends at once.
func TestMeasureGPUGoesOn(t *testing.T) {
	lib := fakeDriver(t)
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
	// Record sees them family by family (broken is chain's); the records
	// come back in the order asked
	assert.Equal(t, []string{"broken", "chain_fma_f32", "icap_k36"}, seen)
	assert.Equal(t, []string{"broken", "icap_k36", "chain_fma_f32"}, []string{recs[0].Benchmark, recs[1].Benchmark, recs[2].Benchmark})
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

// A figure that is not finite (the stand-in driver's launches leave the
// %globaltimer outputs zero, so gmem_copy_c1's bytes per cycle divide by
// zero) is why the benchmark has none: a record saying so, not a record
// JSON cannot hold (which ended the run, or a family's process).
func TestMeasureGPUNonFiniteFigure(t *testing.T) {
	lib := fakeDriver(t)
	by := recordedH200(t)
	cp := by["gmem_copy_c1"]
	require.NotNil(t, cp)
	recs, err := MeasureGPU([]*Bench{cp, by["chain_fma_f32"]}, GPURunOptions{Library: lib, Runs: 1,
		Record: func(r BenchRecord) error { return WriteRecords(t.TempDir(), []BenchRecord{r}) }})
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Contains(t, recs[0].Skipped, "bytes_per_cycle_per_sm is +Inf")
	assert.Empty(t, recs[0].Figures)
	assert.Empty(t, recs[1].Skipped)
}

// NeedsNCU: the benchmarks whose only figure is the launch's cycles (hand
// picked: the empty kernel, a cold-load launch) and those whose figures
// come from the launches ncu profiled with its cache flush (an icap and a
// flushj), not those with %clock64 figures besides the launch's cycles
// (wgmma's latency and interval), without them (a chain), or not
// compared (smgst).
func TestNeedsNCU(t *testing.T) {
	by := recordedH200(t)
	for name, want := range map[string]bool{"empty_c1": true, "coldl_c2": true, "icap_k36": true, "flushj_n0": true,
		"chain_fma_f32": false, "wgmma_f16_n64_ss": false, "smgst_bar_l1": false} {
		require.NotNil(t, by[name], name)
		assert.Equal(t, want, NeedsNCU(by[name]), name)
	}
	n := 0
	for _, b := range by {
		if _, skip := GPUFigures(b, true); skip == "" && NeedsNCU(b) {
			n++
		}
	}
	assert.Equal(t, 209, n) // the 3 empty kernels, the 78 ncu-only and the 118 flushed of gpu25.md, and the 4 coop27 (coop27.md: ncu-profiled launches like coop25), tph_cute_tn_gt (cute28.md: its only figure is the launch's cycles), gmm13_l_n4096 / p_n4096 / p_n4096_noc (g4096b31.md) and tph31_flash_c1k32 / c2k32 (flash31.md): ncu-profiled launches
}
