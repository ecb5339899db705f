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
// against tma.go's completion slot (tma_min_cycles, 185 cycles a new
// mbarrier): on both GPUs the last of one thread's 8 one-KiB loads on 8
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

// With mbar_tx_poll_cycles on, the simulated first wait of
// tmai_sep_n4_1k_none ends a whole number of rechecks after its try_wait,
// as on the GPU (done - last issue = 150 + 24 there): between one period
// and one period plus the wake and the wait's exit; off (the profiles'
// 0), the same load is seen at its complete_tx.
func TestTmaiPollQuantizesFirstWait(t *testing.T) {
	b := recordedH200(t)["tmai_sep_n4_1k_none"]
	require.NotNil(t, b)
	tc := gpu.DefaultTimedConfig()
	require.Equal(t, 0, tc.SM.MbarTxPollCycles, "off in the built-in profile")
	tc.SM.MbarTxPollCycles = 149
	s, err := Simulate(b, tc, nil)
	require.NoError(t, err)
	f := s.Figures
	wait := f["done_cycles"] - (f["issue_cycles"] + 3*f["issue_step_cycles"])
	k := math.Floor(wait / 149)
	assert.GreaterOrEqual(t, k, 1.0, "slept at least one recheck: %v", wait)
	assert.Less(t, wait-149*k, 100.0, "woke at a recheck, then the wait's exit: %v", wait)
}
