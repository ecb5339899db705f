package calibrate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGroupLessJudgesDifferences: a group with Less judges each figure as
// its value less the reference's, simulated and measured alike, and not
// the reference itself. tma_load_elected_slots on the H200 recordings
// (tmah_ovl_n32_1k_elect issue 465, tmah_blk_n32_1k_elect 357: 108 the
// neighbour's share) with hand-set simulated values 441 and 330 (111):
// cost ln(111/108)^2 over one figure, RMS 3/108.
func TestGroupLessJudgesDifferences(t *testing.T) {
	by := recordedH200(t)
	ovl, blk := by["tmah_ovl_n32_1k_elect"], by["tmah_blk_n32_1k_elect"]
	require.NotNil(t, ovl)
	require.NotNil(t, blk)
	require.Equal(t, 465.0, ovl.Measured["issue_cycles"])
	require.Equal(t, 357.0, blk.Measured["issue_cycles"])
	var g Group
	for _, x := range Groups {
		if x.Name == "tma_load_elected_slots" {
			g = x
		}
	}
	require.Equal(t, "tmah_blk_n32_1k_elect", g.Less)
	bs := []*Bench{ovl, blk}
	vals := map[string]float64{
		"tmah_ovl_n32_1k_elect\x00issue_cycles": 441, "tmah_blk_n32_1k_elect\x00issue_cycles": 330,
		"tmah_ovl_n32_1k_elect\x00done_cycles": 1, "tmah_blk_n32_1k_elect\x00done_cycles": 1, // not judged
	}
	c, n := cost(g, bs, vals, nil)
	assert.Equal(t, 1, n)
	assert.InDelta(t, math.Pow(math.Log(111.0/108), 2), c, 1e-12)
	assert.InDelta(t, math.Round(3.0/108*1e4)/1e4, *rmsRel(g, bs, vals), 1e-12)
	// without Less: the two issue figures, each against its own recording
	g.Less = ""
	c, n = cost(g, bs, vals, nil)
	assert.Equal(t, 2, n)
	assert.InDelta(t, math.Pow(math.Log(441.0/465), 2)+math.Pow(math.Log(330.0/357), 2), c, 1e-12)
}
