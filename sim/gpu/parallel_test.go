package gpu_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// runState is everything a run leaves that must not depend on Jobs.
type runState struct {
	Err          string
	Instructions int64
	CTAs         int
	Smem         any
	Printf       string
	Memory       map[string][]byte // every global segment, by name
	Sites        []exec.SiteStat
}

// runWith runs a kernel and its spec with jobs workers.
func runWith(t *testing.T, ptxPath, specPath string, jobs int, grid *[3]int) (runState, gpu.ParallelStats) {
	t.Helper()
	s, err := session.Prepare(ptxPath, specPath, "", exec.DefaultLayout())
	require.NoError(t, err)
	if grid != nil {
		s.Launch.Grid = *grid
	}
	if g, lim := s.Launch.Grid, maxUnits(); !s.Launch.ClusterGiven && g[0]*g[1]*g[2] > lim {
		s.Launch.Grid = [3]int{lim, 1, 1}
	}
	cfg := gpu.DefaultConfig()
	cfg.Jobs = jobs
	res, err := s.Run(cfg)
	var st runState
	if err != nil {
		st.Err = err.Error()
	}
	var par gpu.ParallelStats
	if res != nil {
		st.Instructions, st.CTAs, st.Smem, par = res.Instructions, res.CTAs, res.Smem, res.Parallel
	}
	st.Printf = s.Launch.Printf.String()
	st.Memory = map[string][]byte{}
	for _, seg := range s.Launch.Global.Segments() {
		st.Memory[seg.Name] = seg.Data
	}
	st.Sites = s.Launch.SmemSites()
	return st, par
}

// maxUnits bounds the CTAs of the corpus comparison: int_hash's 4096
// independent CTAs say no more than its first 1024 (and the race detector,
// ~20x slower, needs only a few to see races).
func maxUnits() int {
	if raceEnabled {
		return 64
	}
	return 1024
}

// sweepTwins are mma.sync sweep kernels of tools/record/gen_mma_sweep.py
// that TestParallelMatchesSerialOnCorpus leaves out: every kernel of that
// generator has the same shape (grid (16, forms), 4 warps a CTA, inputs
// hashed in the kernel: no global loads, no atomics, each CTA storing its own
// output words), so on the parallel run they prove the same thing, and
// mma_f16, mma_bf16, mma_tf32, mma_f64 and mma_b1 stay. These four were
// 74 of the test's 115 s in session 23's go test -json of .ci/run (loaded
// 2-core box; ci24.md). TestCorpusMatchesHardware still checks their outputs
// against the GPU's.
var sweepTwins = map[string]bool{"mma_i4": true, "mma_i8": true, "mma_fp8": true, "mma_fp8_f16": true}

// TestParallelMatchesSerialOnCorpus runs every corpus kernel (but the SLOW
// ones and sweepTwins) serially and on 4 workers and requires the same memory, printf
// text, error, counters and per-instruction bank statistics. Every CTA (or
// cluster) is a unit of its own, so even small grids run in parallel;
// larger plain grids than maxUnits run on a slice.
func TestParallelMatchesSerialOnCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "validation", "testdata")
	ents, err := os.ReadDir(root)
	require.NoError(t, err)
	var total gpu.ParallelStats
	n := 0
	for _, e := range ents {
		dir := filepath.Join(root, e.Name())
		if _, err := os.Stat(filepath.Join(dir, "launch.yaml")); !e.IsDir() || err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "SLOW")); err == nil || sweepTwins[e.Name()] {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			ptxPath, specPath := filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml")
			serial, _ := runWith(t, ptxPath, specPath, 1, nil)
			par, st := runWith(t, ptxPath, specPath, 4, nil)
			assert.Equal(t, 4, st.Jobs)
			assert.Equal(t, serial, par)
			if st.Reruns() > 0 {
				t.Logf("%d of %d units re-run in order: %+v", st.Reruns(), st.Units, st)
			}
			total.Units += st.Units
			total.Conflicts += st.Conflicts
			total.Stale += st.Stale
			total.Failed += st.Failed
			total.OverBudget += st.OverBudget
		})
	}
	require.NotZero(t, n, "no corpus kernels found")
	t.Logf("corpus: %d kernels, %d units, %d re-run in order (%+v)", n, total.Units, total.Reruns(), total)
}
