package calibrate

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Evaluate runs benchmarks on several goroutines, each kernel compiled
// once and its memory materialised anew for every run: the figures are
// those of Simulate (a fresh Prepare and the run's own --jobs default)
// for any Jobs, and a second Evaluate of the same kernels (their second
// runs) gives them again.
func TestEvaluateSameForAnyJobs(t *testing.T) {
	all, err := recordingsOf(filepath.Join("..", "microbench"), "")
	require.NoError(t, err)
	bs, err := Select(all, []string{"chain_add_s32", "smem_ld32_s2_lat", "bar_sync_w8", "mbar_pingpong_m1", "tph_2d_none"})
	require.NoError(t, err)
	require.Len(t, bs, 5)
	tc := gpu.DefaultTimedConfig()
	want := map[string]float64{}
	for _, b := range bs {
		s, err := Simulate(b, tc, nil)
		require.NoError(t, err, b.Name)
		for _, fig := range Figures(b) {
			want[b.Name+"\x00"+fig] = s.Figures[fig]
		}
	}
	for _, jobs := range []int{1, 3} {
		f := &Fitter{All: all, Selected: bs, Jobs: jobs}
		for run := 0; run < 2; run++ {
			got, errs := f.Evaluate(tc, bs)
			assert.Empty(t, errs)
			assert.Equal(t, want, got, "jobs %d, run %d", jobs, run+1)
		}
		assert.Equal(t, 2*len(bs), f.evals)
	}
}
