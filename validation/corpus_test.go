package validation

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/smem"
)

// corpusDirs lists validation/testdata/* entries that hold a kernel. A
// directory with a SLOW file (the tensor-core sweeps of 1-3 M outputs, the
// 4096^3 GEMM: about 45 s together on two cores) is left out by
// `go test -short`; one with a HUGE file (the 4096^3 CuTe, CUTLASS and
// Triton GEMMs: about a minute each) runs only with SM90SIM_SLOW_CORPUS=1.
func corpusDirs(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("testdata")
	require.NoError(t, err)
	slow := !testing.Short()
	huge := slow && os.Getenv("SM90SIM_SLOW_CORPUS") != ""
	var dirs []string
	for _, e := range ents {
		d := filepath.Join("testdata", e.Name())
		if _, err := os.Stat(filepath.Join(d, "launch.yaml")); !e.IsDir() || err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "SLOW")); err == nil && !slow {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "HUGE")); err == nil && !huge {
			continue
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// TestCorpusMatchesHardware runs every corpus kernel in the simulator and
// compares each output bit (or the spec's compare rule) and each recorded
// shared-memory counter with what the GPU produced. With
// SM90SIM_POISON_REGS=1 the registers a CTA's frames need not clear are
// filled with a pattern (exec.DebugPoisonRegs): the outputs must not change.
func TestCorpusMatchesHardware(t *testing.T) {
	if os.Getenv("SM90SIM_POISON_REGS") != "" {
		exec.DebugPoisonRegs = true
		defer func() { exec.DebugPoisonRegs = false }()
	}
	dirs := corpusDirs(t)
	require.NotEmpty(t, dirs, "the corpus is empty")
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
			require.NoError(t, err)
			rec, err := LoadRecording(dir, s.Spec.Outputs)
			require.NoError(t, err, "a recording without provenance fails")
			res, err := s.Run(gpu.DefaultConfig())
			require.NoError(t, err)
			// Only the two warning rules may fire (README "Hazard
			// warnings"): compilers' patterns the hardware runs correctly.
			for _, w := range s.Launch.Warnings.List() {
				t.Logf("hazard warning: line %d [%s]: %s", w.Line, w.Rule, w.Message)
				assert.Contains(t, []string{exec.RuleCpAsyncWgmmaFence, exec.RuleWgmmaFenceWrite}, w.Rule)
			}
			for _, o := range s.Spec.Outputs {
				b := s.Buffer(o)
				d := rec.Outputs[o].Check(o, b.DType, b.Data, s.Spec.Compare[o])
				assert.True(t, d.Equal, "output %s: %d of %d elements differ, first at %v (max ulp %v), differing %d-byte blocks %v",
					o, d.Mismatches, d.Compared, d.FirstDiffs, ptrU(d.MaxULP), d.BlockBytes, d.DifferingBlocks)
			}
			checkCounters(t, rec.Counters, &res.Smem, s.Spec.Grid[0]*s.Spec.Grid[1]*s.Spec.Grid[2])
		})
	}
}

func ptrU(p *uint64) any {
	if p == nil {
		return nil
	}
	return *p
}

func checkCounters(t *testing.T, rc *Counters, c *smem.Counters, ctas int) {
	if rc == nil || rc.Error != nil {
		return // the recording says why ncu could not read counters
	}
	for _, d := range CompareCounters(rc.Metrics, c, ctas) {
		if _, dep := rc.SchedulingDependent[d.Name]; dep {
			continue
		}
		if why, gap := rc.KnownGaps[d.Name]; gap {
			t.Logf("counter %s: simulator %d, GPU %d: %s", d.Name, d.Sim, d.GPU, why)
			continue
		}
		assert.True(t, d.Equal, "counter %s: simulator %d, GPU %d %s", d.Name, d.Sim, d.GPU, d.Rule)
	}
}
