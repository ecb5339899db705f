package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The recordings: one thread's TMA loads issue 46 cycles apart on both
// GPUs, whatever the box, swizzle or multicast (tools/microbench/
// tmai_sass_sep_n2.txt: ptxas's ELECT loop around every UTMALDG), and
// the built-in H200 profile reproduces that step within 10% (the hold
// tma_load_issue_cycles; without it each load issued in 2 cycles).
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
	for _, name := range []string{"tmai_sep_n8_1k_none", "tmai_one_n4_4k_128b", "tmai_mc_n8_4k_128b"} {
		got, want := simulatedFigure(t, by, name, "issue_step_cycles")
		assert.InEpsilon(t, want, got, 0.10, name)
	}
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
