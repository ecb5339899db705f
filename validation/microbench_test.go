package validation

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestMicrobenchOutputsMatchHardware runs the microbenchmark directories
// (validation/microbench, recorded on an H200 by tools/microbench) in the
// simulator and compares their deterministic outputs (sink, and the chase
// end positions) with the GPU's; the %clock64 outputs are timing data that
// each spec's compare rule ignores. Directories with a SIM_SKIP file (too
// much work for a functional run in CI: the 1 GiB chases, whole-GPU copies
// and 264-CTA throughput runs) are left out, and -short runs none; those
// with a TIMED_OUTPUTS file run in timed mode (the file says why).
func TestMicrobenchOutputsMatchHardware(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	root := "microbench"
	ents, err := os.ReadDir(root)
	require.NoError(t, err)
	n := 0
	for _, e := range ents {
		d := filepath.Join(root, e.Name())
		if !e.IsDir() || !gzfile.Exists(filepath.Join(d, "launch.yaml")) { // loose or bundled
			continue
		}
		if gzfile.Exists(filepath.Join(d, "SIM_SKIP")) {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			start := time.Now()
			s, err := session.Prepare(filepath.Join(d, "kernel.ptx"), filepath.Join(d, "launch.yaml"), "", exec.DefaultLayout())
			require.NoError(t, err)
			rec, err := LoadRecording(d, s.Spec.Outputs)
			require.NoError(t, err)
			if gzfile.Exists(filepath.Join(d, "TIMED_OUTPUTS")) {
				// a loop whose mbarrier phases only timing keeps apart
				// (its TIMED_OUTPUTS file says why): run it in time
				tc, err := gpu.BuiltinProfile().Config()
				require.NoError(t, err)
				_, _, err = gpu.RunTimed(gpu.DefaultConfig(), tc, s.Kernel, s.Launch, gpu.TimedOptions{})
				require.NoError(t, err)
			} else {
				_, err = s.Run(gpu.DefaultConfig())
				require.NoError(t, err)
			}
			for _, o := range s.Spec.Outputs {
				b := s.Buffer(o)
				diff := rec.Outputs[o].Check(o, b.DType, b.Data, s.Spec.Compare[o])
				assert.True(t, diff.Equal, "output %s: %d of %d elements differ, first at %v", o, diff.Mismatches, diff.Compared, diff.FirstDiffs)
			}
			t.Logf("%s: %v", e.Name(), time.Since(start))
		})
	}
	require.NotZero(t, n, "no microbenchmark directories")
}

// TestMicrobenchDirectoriesComplete checks every microbenchmark directory,
// SIM_SKIP ones included, without running it: the spec parses, the PTX
// loads and its entry compiles, and both GPUs' recordings are there with
// ncu cycles from at least 3 launches. A RECORDING_NOTE file says what a
// directory lacks and why: "H200 only" (no .h100 files), "H100 only" (only
// .h100 files: the device tool lent an H100) and "1 launch only"
// (ncu cycles from one launch) are accepted only when it says so.
func TestMicrobenchDirectoriesComplete(t *testing.T) {
	root := "microbench"
	ents, err := os.ReadDir(root)
	require.NoError(t, err)
	n := 0
	for _, e := range ents {
		d := filepath.Join(root, e.Name())
		if !e.IsDir() || !gzfile.Exists(filepath.Join(d, "launch.yaml")) { // loose or bundled
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			spec, err := launch.Load(filepath.Join(d, "launch.yaml"))
			require.NoError(t, err)
			src, err := gzfile.ReadFile(filepath.Join(d, "kernel.ptx")) // or kernel.ptx.gz
			require.NoError(t, err)
			prog, err := ptx.Load(filepath.Join(d, "kernel.ptx"), src)
			require.NoError(t, err)
			_, err = exec.Compile(prog, spec.Kernel, exec.DefaultLayout())
			require.NoError(t, err)
			note, _ := gzfile.ReadFile(filepath.Join(d, "RECORDING_NOTE"))
			files := []string{"provenance.json", "cycles.json", "clock_runs.json", "cycles.h100.json", "clock_runs.h100.json"}
			if strings.Contains(string(note), "H200 only") {
				files = files[:3]
			}
			if strings.Contains(string(note), "H100 only") {
				files = []string{"provenance.h100.json", "cycles.h100.json", "clock_runs.h100.json"}
			}
			minLaunches := 3.0
			if strings.Contains(string(note), "1 launch only") {
				minLaunches = 1
			}
			for _, f := range files {
				b, err := gzfile.ReadFile(filepath.Join(d, f)) // or f.gz (gmm12's per-CTA stamps, sfl_*)
				require.NoError(t, err)
				var v map[string]any
				require.NoError(t, json.Unmarshal(b, &v), f)
				if f == "cycles.json" || f == "cycles.h100.json" {
					assert.Nil(t, v["error"], f)
					assert.GreaterOrEqual(t, v["launches"], minLaunches, f)
				}
			}
		})
	}
	require.NotZero(t, n)
}
