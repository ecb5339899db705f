package calibrate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// The recordings: one thread's TMA loads issue 46 cycles apart on both
// GPUs, whatever the box, swizzle or multicast (tools/microbench/
// tmai_sass_sep_n2.txt: ptxas's ELECT loop around every UTMALDG), and
// the built-in H200 profile reproduces that step within 5% and the first
// load's stamp (50) within 5% (the hold tma_load_issue_cycles; without it
// each load issued in 2 cycles). The multicast step stays within 15%: its
// simulated loads also wait 4 cycles for the PTX add of their mbarrier's
// address and issue 52 cycles apart.
func TestTmaiIssueStepRecorded(t *testing.T) {
	for _, sfx := range []string{"", "h100"} {
		bs, err := LoadRecordingsOf("../microbench", sfx)
		require.NoError(t, err)
		n := 0
		for _, b := range bs {
			if b.Family != "tmai" || b.meta("loads") < 2 {
				continue
			}
			assert.InDelta(t, 46, b.Measured["issue_step_cycles"], 1, "%s %s", b.Name, sfx)
			n++
		}
		assert.Equal(t, 23, n, sfx)
	}
	by := recordedH200(t)
	for _, name := range []string{"tmai_sep_n8_1k_none", "tmai_one_n4_4k_128b"} {
		got, want := simulatedFigure(t, by, name, "issue_step_cycles")
		assert.InEpsilon(t, want, got, 0.05, name)
		got, want = simulatedFigure(t, by, name, "issue_cycles")
		assert.InEpsilon(t, want, got, 0.05, name)
	}
	got, want := simulatedFigure(t, by, "tmai_mc_n8_4k_128b", "issue_step_cycles")
	assert.InEpsilon(t, want, got, 0.15)
}

// deriveTmai reads rep 1 of CTA 0 (hand-made stamps).
func TestDeriveTmai(t *testing.T) {
	clk := make([]float64, 64)
	copy(clk[16:], []float64{50, 96, 142, 188, 0, 0, 0, 0, 362, 408, 452, 496})
	b := &Bench{Name: "x", Meta: map[string]any{"loads": 4.0, "mode": "sep"}}
	f, err := deriveTmai(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"issue_cycles": 50, "issue_step_cycles": 46, "done_cycles": 362, "done_last_cycles": 496}, f)
	b.Meta["mode"] = "one"
	f, err = deriveTmai(b, Outputs{"clk": clk}, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"issue_cycles": 50, "issue_step_cycles": 46, "done_last_cycles": 362}, f)
}

// The recordings behind sim/sm/mbarpoll.go (mbar_tx_poll_cycles) and
// against the completion slot tma.go had until session 15 (tma_min_cycles,
// 185 cycles a new mbarrier): on both GPUs the last of one thread's 8 one-KiB loads on 8
// mbarriers is seen done 729 cycles after t0 (357 after its issue, each
// wait after the first 44 cycles: the loads had landed), where the slot
// needs 7 x 185 after the first; and the first wait's stamp is the last
// issue's + k x 150 + 24 cycles (k = 1 for 4 loads, 2 for 2: a suspended
// try_wait rechecks every ~150 cycles).
func TestTmaiRecordingsPollNotSlot(t *testing.T) {
	for _, sfx := range []string{"", "h100"} {
		bs, err := LoadRecordingsOf("../microbench", sfx)
		require.NoError(t, err)
		by := map[string]*Bench{}
		for _, b := range bs {
			by[b.Name] = b
		}
		n8 := by["tmai_sep_n8_1k_none"]
		require.NotNil(t, n8, sfx)
		assert.InDelta(t, 729, n8.Measured["done_last_cycles"], 2, sfx)
		assert.Less(t, n8.Measured["done_last_cycles"]-n8.Measured["done_cycles"], 7*185.0/2, sfx)
		n4, n2 := by["tmai_sep_n4_1k_none"], by["tmai_sep_n2_1k_none"]
		require.NotNil(t, n4, sfx)
		require.NotNil(t, n2, sfx)
		last4 := n4.Measured["issue_cycles"] + 3*n4.Measured["issue_step_cycles"]
		last2 := n2.Measured["issue_cycles"] + n2.Measured["issue_step_cycles"]
		assert.InDelta(t, 150+24, n4.Measured["done_cycles"]-last4, 3, sfx)
		assert.InDelta(t, 300+24, n2.Measured["done_cycles"]-last2, 3, sfx)
	}
}

// With mbar_tx_poll_cycles on (the built-in profile's closed form, 149),
// the simulated first wait of tmai_sep_n4_1k_none ends a whole number of
// rechecks after its try_wait, as on the GPU (done - last issue = 150 + 24
// there): between k periods and k periods plus the wake and the wait's
// exit.
func TestTmaiPollQuantizesFirstWait(t *testing.T) {
	b := recordedH200(t)["tmai_sep_n4_1k_none"]
	require.NotNil(t, b)
	tc := gpu.DefaultTimedConfig()
	require.InDelta(t, 149, tc.SM.MbarTxPollCycles, 3, "on in the built-in profile: (792.7 - 495.5) / 2")
	s, err := Simulate(b, tc, nil)
	require.NoError(t, err)
	f := s.Figures
	wait := f["done_cycles"] - (f["issue_cycles"] + 3*f["issue_step_cycles"])
	k := math.Floor(wait / 149)
	assert.GreaterOrEqual(t, k, 1.0, "slept at least one recheck: %v", wait)
	assert.Less(t, wait-149*k, 100.0, "woke at a recheck, then the wait's exit: %v", wait)
}

// No completion slot per mbarrier (removed in session 15): one thread's 8
// one-KiB loads on 8 mbarriers are all seen done 729 cycles after t0 on
// the GPU (the waits after the first take 44 cycles each: the loads had
// landed); the slot of 185 cycles a new mbarrier made the simulated last
// wait end at 1780 (+144%). With the built-in profile it ends within 30%
// of 729: each of the 7 waits that find their load landed costs the model
// ~63 cycles against the GPU's 44 (the try_wait's latency and
// mbar_wait_exit_cycles, fitted on mbar_pingpong, whose SASS has a BSSY
// around the wait that tmai's has not: validation/timing/mbarpoll.md).
func TestTmaiEightLoadsLandTogether(t *testing.T) {
	b := recordedH200(t)["tmai_sep_n8_1k_none"]
	require.NotNil(t, b)
	s, err := Simulate(b, gpu.DefaultTimedConfig(), nil)
	require.NoError(t, err)
	assert.InEpsilon(t, 729, s.Figures["done_last_cycles"], 0.3)
}
