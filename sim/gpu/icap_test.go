package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestICacheCapacityIcap checks icache_capacity_bytes (the built-in H200
// profile) against family icap's H200 recordings (clock_runs.json, five
// launches, clk = three passes of one warp over straight-line FFMA): 32 KiB
// run around a 32 KiB pad that is never run (icap_k32_p32) re-runs from
// the SM (GPU rep 2 2464 against 4550 for the first launch's rep 0): the
// jumped-over pad takes no room; 40 KiB (icap_k40) re-runs at the L2's
// stream rate (GPU 5635, rep 2 as slow as rep 0). With the capacity fitted
// before the family (56992 B) the model ran icap_k40's rep 2 from the SM
// (2562 cycles, -54%).
func TestICacheCapacityIcap(t *testing.T) {
	gp := recordedClk(t, "icap_k32_p32")
	require.Less(t, medianRep(gp, 2), 0.6*float64(gp[0][0]), "icap_k32_p32 recorded %v", gp)
	mp := timedReps(t, "icap_k32_p32", "icap_kernel", 3)
	require.Less(t, float64(mp[2]), 0.6*float64(mp[0]), "icap_k32_p32 reps %v: 32 KiB around a pad fits", mp)

	g40 := recordedClk(t, "icap_k40")
	m40 := timedReps(t, "icap_k40", "icap_kernel", 3)
	require.Greater(t, float64(m40[2]), 0.9*float64(m40[0]), "icap_k40 reps %v: 40 KiB does not fit", m40)
	require.InEpsilon(t, medianRep(g40, 2), float64(m40[2]), 0.12, "icap_k40 rep 2: GPU %v, model %v", medianRep(g40, 2), m40[2])
}

// TestICacheWaysIcap checks icache_ways (the built-in H200 profile: 32 KiB
// in 64 sets of 4 lines) against icap_k36's H200 recordings: a loop of 36
// KiB (290 lines) keeps part of its lines a pass (GPU rep 2 4033 cycles
// in ncu's launches, median of five launches' rep 2 in clock_runs.json
// below 0.9 x the first launch's rep 0), where a fully associative LRU of
// any size below the loop keeps none (the model's rep 2 was 5491, +36%,
// at 36864 B fully associative): the 30 sets that hold 4 of the loop's
// lines keep them, the 34 that hold 5 lose every one.
func TestICacheWaysIcap(t *testing.T) {
	g := recordedClk(t, "icap_k36")
	require.Less(t, medianRep(g, 2), 0.9*float64(g[0][0]), "icap_k36 recorded %v", g)
	m := timedReps(t, "icap_k36", "icap_kernel", 3)
	require.Less(t, float64(m[2]), 0.9*float64(m[0]), "icap_k36 reps %v: a share of 36 KiB stays", m)
	require.InEpsilon(t, medianRep(g, 2), float64(m[2]), 0.10, "icap_k36 rep 2: GPU %v, model %v", medianRep(g, 2), m[2])
}
