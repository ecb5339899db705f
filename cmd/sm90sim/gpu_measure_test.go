//go:build cgo

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/validation/calibrate"
)

// calibrate --gpu measures each family in a process of its own (sm90sim
// gpu measure, this binary again): through the stand-in driver
// (validation/driver/testdata/fakecuda.c, which logs each primary
// context with its process), chain_fma_f32 and chain_add_s32 share one
// context and bar_sync_w1 and _w16 another, in two processes, neither
// this one; every benchmark gets its record.
func TestCalibrateGPUFamilyProcesses(t *testing.T) {
	dir := t.TempDir()
	lib := fakeCUDA(t, dir)
	log := filepath.Join(dir, "ctx.log")
	t.Setenv("FAKECUDA_LOG", log)
	recDir := filepath.Join(dir, "rec")
	code, _, stderr := cli("calibrate", "--gpu", "0", "--from-recordings", "../../validation/microbench",
		"--suite", "chain_fma_f32", "--suite", "bar_sync_w1", "--suite", "chain_add_s32", "--runs", "2",
		"--libcuda", lib, "--record-to", recDir, "--group", "none", "--jobs", "1", "--progress", "off")
	require.Equal(t, 0, code, stderr)
	recs, err := calibrate.ReadRecords(recDir)
	require.NoError(t, err)
	var names []string
	for _, r := range recs {
		names = append(names, r.Benchmark)
		assert.Empty(t, r.Skipped, r.Benchmark)
	}
	assert.Equal(t, []string{"bar_sync_w1", "bar_sync_w16", "chain_add_s32", "chain_fma_f32"}, names) // --suite is a prefix
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	pids := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if what, pid, _ := strings.Cut(l, " "); what == "retain" {
			pids[pid]++
		}
	}
	assert.Len(t, pids, 2, "%s", data) // a process per family
	for pid, n := range pids {
		assert.Equal(t, 1, n, "one context in process %s", pid)
		assert.NotEqual(t, strconv.Itoa(os.Getpid()), pid)
	}
}

// --ncu needed profiles exactly the benchmarks that derive nothing
// without it, each family's under one ncu process (the stand-in ncu,
// validation/calibrate/testdata/fakencu, in PATH: row i of its CSV has
// 1000 + i cycles) whose child is this binary's `gpu launches` through the
// stand-in driver (which leaves clk zero): coldl_c2 (its only figure the
// launch's cycles) gets rows 0-2, 1000..1002 (median 1001); flushj_n0 (its
// figures from the flushed launches) its own family's 1000..1002 and
// jumps_cycles clk[9] = 0 from those launches' outputs; chain_fma_f32 is not
// profiled. Under auto coldl_c2 and flushj_n0 are skipped, saying why.
func TestCalibrateGPUNCUNeeded(t *testing.T) {
	dir := t.TempDir()
	lib := fakeCUDA(t, dir)
	fake, err := filepath.Abs(filepath.Join("..", "..", "validation", "calibrate", "testdata", "fakencu"))
	require.NoError(t, err)
	t.Setenv("PATH", fake+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, mode := range []string{"needed", "auto"} {
		recDir := filepath.Join(dir, mode)
		code, _, stderr := cli("calibrate", "--gpu", "0", "--from-recordings", "../../validation/microbench",
			"--suite", "coldl_c2", "--suite", "chain_fma_f32", "--suite", "flushj_n0", "--runs", "1", "--ncu", mode,
			"--libcuda", lib, "--record-to", recDir, "--group", "none", "--jobs", "1", "--progress", "off")
		require.Equal(t, 0, code, stderr)
		recs, err := calibrate.ReadRecords(recDir)
		require.NoError(t, err)
		by := map[string]calibrate.BenchRecord{}
		for _, r := range recs {
			by[r.Benchmark] = r
		}
		require.Contains(t, by, "coldl_c2")
		require.Contains(t, by, "chain_fma_f32")
		require.Contains(t, by, "flushj_n0")
		assert.Empty(t, by["chain_fma_f32"].CyclesError, mode)
		assert.Empty(t, by["chain_fma_f32"].Skipped, mode)
		assert.Equal(t, 0, by["chain_fma_f32"].Cycles.N, mode)
		if mode == "needed" {
			want := calibrate.Spread{Min: 1000, Median: 1001, Max: 1002, N: 3}
			for _, n := range []string{"coldl_c2", "flushj_n0"} {
				assert.Empty(t, by[n].Skipped, n)
				assert.Empty(t, by[n].CyclesError, n)
				assert.Equal(t, want, by[n].Cycles, n)
			}
			assert.Equal(t, map[string]float64{calibrate.NCUFigure: 1001}, by["coldl_c2"].Figures)
			assert.Equal(t, map[string]float64{calibrate.NCUFigure: 1001, "jumps_cycles": 0}, by["flushj_n0"].Figures)
			assert.Equal(t, 3, by["flushj_n0"].FigureSpread["jumps_cycles"].N)
		} else {
			assert.Contains(t, by["coldl_c2"].Skipped, "ncu cycles only")
			assert.Contains(t, by["flushj_n0"].Skipped, "--ncu needed")
		}
	}
}

// fakeCUDA builds the stand-in driver (validation/driver/testdata/fakecuda.c)
// as dir/libcuda.so.1 and returns its path; no gcc skips the test.
func fakeCUDA(t *testing.T, dir string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc:", err)
	}
	lib := filepath.Join(dir, "libcuda.so.1")
	out, err := exec.Command(gcc, "-shared", "-fPIC", "-O1", "-o", lib,
		filepath.Join("..", "..", "validation", "driver", "testdata", "fakecuda.c")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return lib
}
