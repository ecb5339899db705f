package validation

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
)

// What `validate` prints beside the outputs when ncu ran, checked on the
// unpadded transpose against its H200 recording (the GPU's counters).
func TestCompareCountersTranspose(t *testing.T) {
	dir := filepath.Join("testdata", "transpose_smem")
	_, s, err := simulate(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", session.RunOptions{})
	require.NoError(t, err)
	rec, err := LoadRecording(dir, s.Spec.Outputs)
	require.NoError(t, err)
	ds := CompareCounters(rec.Counters.Metrics, &s.Smem, 64)
	require.NotEmpty(t, ds)
	byName := map[string]CounterDiff{}
	for i, d := range ds {
		assert.True(t, d.Equal, "%s: gpu %d sim %d", d.Name, d.GPU, d.Sim)
		if i > 0 {
			assert.Less(t, ds[i-1].Name, d.Name, "sorted by name")
		}
		byName[d.Name] = d
	}
	ld := byName["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]
	assert.Equal(t, uint64(65536), ld.GPU)
	assert.Equal(t, uint64(65536), ld.Sim)
	_, ok := byName["sm__cycles_elapsed.max"]
	assert.False(t, ok, "metrics the simulator does not model are left out")

	r := sampleReport()
	r.Counters = []CounterDiff{
		{Name: "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", GPU: 70, Sim: 64, Equal: true, Rule: "bracket"},
		{Name: "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", GPU: 64, Sim: 64, Equal: true},
		{Name: "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", GPU: 40, Sim: 32},
		{Name: "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum", Equal: true},
	}
	var b bytes.Buffer
	r.WriteTable(&b)
	assert.Contains(t, b.String(), `  smem counter (ncu)                                              gpu  simulator  result
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum            70   64         within the l1tex bracket
  smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum  64   64         equal
  smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum  40   32         DIFFERENT
  smem counters: 3 of 4 equal (zero on both sides not listed; they do not decide the result)
`)
}
