package validation

import (
	"os"
	"path/filepath"
	"strings"
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
// `go test -short`.
func corpusDirs(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("testdata")
	require.NoError(t, err)
	slow := !testing.Short()
	var dirs []string
	for _, e := range ents {
		d := filepath.Join("testdata", e.Name())
		if _, err := os.Stat(filepath.Join(d, "launch.yaml")); !e.IsDir() || err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "SLOW")); err == nil && !slow {
			continue
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// TestCorpusMatchesHardware runs every corpus kernel in the simulator and
// compares each output bit (or the spec's compare rule) and each recorded
// shared-memory counter with what the GPU produced.
func TestCorpusMatchesHardware(t *testing.T) {
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

// metricOf maps an ncu metric name to the simulator's value.
func metricOf(c *smem.Counters, name string) (uint64, bool) {
	b := c.ByOp
	switch name {
	case "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum":
		return b[smem.OpLd].Wavefronts, true
	case "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum":
		return b[smem.OpSt].Wavefronts, true
	case "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum":
		return b[smem.OpLdsm].Wavefronts, true
	case "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum":
		return b[smem.OpStsm].Wavefronts, true
	case "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum":
		return b[smem.OpAtom].Wavefronts, true
	case "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum":
		return b[smem.OpLd].Wavefronts + b[smem.OpLdsm].Wavefronts, true
	case "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum":
		return b[smem.OpSt].Wavefronts + b[smem.OpStsm].Wavefronts, true
	case "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum":
		return b[smem.OpLd].Conflicts + b[smem.OpLdsm].Conflicts, true
	case "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum":
		return b[smem.OpSt].Conflicts + b[smem.OpStsm].Conflicts, true
	case "smsp__sass_inst_executed_op_shared_ld.sum":
		return b[smem.OpLd].Instructions, true
	case "smsp__sass_inst_executed_op_shared_st.sum":
		return b[smem.OpSt].Instructions, true
	case "sm__sass_inst_executed_op_shared_gmma.sum", "smsp__sass_inst_executed_op_shared_gmma.sum":
		// The simulator counts warpgroup MMAs; the SASS counter counts the
		// HGMMA of each of the warpgroup's 4 warps.
		return 4 * b[smem.OpGmma].Instructions, true
	}
	return metricOfSass(c, name)
}

// sassOps maps the op_* suffix of the per-SASS-op counters to its kind.
var sassOps = map[string]smem.OpKind{
	"ld": smem.OpLd, "st": smem.OpSt, "ldsm": smem.OpLdsm, "stsm": smem.OpStsm,
	"atom": smem.OpAtom, "ldgsts": smem.OpLdgsts, "gmma": smem.OpGmma,
}

// metricOfSass covers the per-op SASS counter families: wavefronts and
// bank conflicts of every op kind (smsp__ and sm__ prefixes sum the same
// events), instruction counts, and the all-ops totals.
func metricOfSass(c *smem.Counters, name string) (uint64, bool) {
	tot := c.Total()
	switch name {
	// The non-SASS all-ops totals (l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,
	// l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum) are not mapped: on
	// the H200 they run 5 to 26 wavefronts above the sum of the per-op SASS
	// counters even in kernels with only LDS/STS/LDSM/STSM (ldsm_*, stsm_*),
	// traffic no instruction accounts for.
	case "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared.sum", "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared.sum":
		return tot.Wavefronts, true
	case "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared.sum", "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared.sum":
		return tot.Conflicts, true
	}
	name = strings.TrimSuffix(name, ".sum")
	for _, pre := range []string{"smsp__", "sm__"} {
		for _, f := range []struct {
			prefix string
			field  func(o smem.OpCounters) uint64
		}{
			{pre + "sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_", func(o smem.OpCounters) uint64 { return o.Wavefronts }},
			{pre + "sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_", func(o smem.OpCounters) uint64 { return o.Conflicts }},
			{pre + "sass_inst_executed_op_", func(o smem.OpCounters) uint64 { return o.Instructions }},
		} {
			if op, ok := strings.CutPrefix(name, f.prefix); ok {
				op = strings.TrimPrefix(op, "shared_")
				if k, ok := sassOps[op]; ok {
					return f.field(c.ByOp[k]), true
				}
			}
		}
	}
	return 0, false
}

// l1texExtraPerCTA bounds the wavefronts (and conflicts) the non-SASS
// l1tex__*_op_{ld,st} counters hold above the SASS-level counts: on the
// H200 they exceed them in kernels whose SASS counters match exactly, by 1
// to 7 in the 4-CTA wg_gmma_* kernels and by about 11 per CTA in the
// wg_{s8,u8}_* sweeps (stores into shared memory while the tensor cores of
// other warps read it: every extra wavefront is also counted as a bank
// conflict, so it looks like port contention), traffic no SASS instruction
// accounts for. The simulator models the SASS counts, so these are checked
// as a bracket: sim <= GPU <= sim + 16 per CTA.
const l1texExtraPerCTA = 16

func checkCounters(t *testing.T, rc *Counters, c *smem.Counters, ctas int) {
	if rc == nil || rc.Error != nil {
		return // the recording says why ncu could not read counters
	}
	for name, want := range rc.Metrics {
		got, ok := metricOf(c, name)
		if _, dep := rc.SchedulingDependent[name]; !ok || dep {
			continue
		}
		if why, gap := rc.KnownGaps[name]; gap {
			t.Logf("counter %s: simulator %d, GPU %d: %s", name, got, uint64(want), why)
			continue
		}
		if strings.HasPrefix(name, "l1tex__") && uint64(want) != got {
			assert.True(t, got <= uint64(want) && uint64(want) <= got+uint64(l1texExtraPerCTA*ctas),
				"counter %s: simulator %d, GPU %d: outside [sim, sim + %d per CTA]", name, got, uint64(want), l1texExtraPerCTA)
			continue
		}
		assert.Equal(t, uint64(want), got, "counter %s", name)
	}
}
