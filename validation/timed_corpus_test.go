package validation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestTimedLeavesFunctionalMemory runs every non-SLOW corpus kernel in
// timed mode and checks its outputs against the GPU's recordings under
// the same rules as the functional test: a timed run leaves the memory a
// functional run leaves. Directories with a TIMED_SKIP file (kernels whose
// result depends on the order CTAs run in: atomics order, %smid, %clock)
// are skipped, the file says why; TIMED_SLOW ones (millions of warp
// instructions: minutes in timed mode) run with SM90SIM_SLOW_CORPUS=1.
func TestTimedLeavesFunctionalMemory(t *testing.T) {
	ents, err := os.ReadDir("testdata")
	require.NoError(t, err)
	for _, e := range ents {
		dir := filepath.Join("testdata", e.Name())
		if _, err := os.Stat(filepath.Join(dir, "launch.yaml")); !e.IsDir() || err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "SLOW")); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "TIMED_SLOW")); err == nil && os.Getenv("SM90SIM_SLOW_CORPUS") == "" {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			if why, err := os.ReadFile(filepath.Join(dir, "TIMED_SKIP")); err == nil {
				t.Skip(strings.TrimSpace(string(why)))
			}
			// kernels two at a time (go test -parallel: GOMAXPROCS): one
			// run's two partitions leave a core idle much of the time
			// (10.8 s -> 9.1 s on the 2-core box, validation/timing/ci30.md)
			t.Parallel()
			s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
			require.NoError(t, err)
			rec, err := LoadRecording(dir, s.Spec.Outputs)
			require.NoError(t, err)
			start := time.Now()
			cfg := gpu.DefaultConfig()
			cfg.Jobs = 2 // partitions on two goroutines (the same bytes as one)
			res, tm, err := gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), s.Kernel, s.Launch,
				gpu.TimedOptions{RegistersPerThread: s.Spec.Registers})
			require.NoError(t, err)
			require.NotNil(t, tm)
			assert.Positive(t, tm.Cycles)
			var total, sel int64
			for _, v := range tm.Stalls {
				total += v
			}
			sel = tm.Stalls["selected"]
			assert.GreaterOrEqual(t, sel+tm.FreeInstructions, res.Instructions, "every issued instruction is a selected warp-cycle or free")
			assert.Positive(t, total)
			assert.Zero(t, tm.AccountingErrors, "warps whose states do not sum to their resident cycles")
			for _, o := range s.Spec.Outputs {
				b := s.Buffer(o)
				d := rec.Outputs[o].Check(o, b.DType, b.Data, s.Spec.Compare[o])
				assert.True(t, d.Equal, "timed run: output %s: %d of %d elements differ, first at %v", o, d.Mismatches, d.Compared, d.FirstDiffs)
			}
			if el := time.Since(start); el > 20*time.Second {
				t.Logf("slow timed run: %v", el)
			}
		})
	}
}
