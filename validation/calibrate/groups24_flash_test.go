package calibrate

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flashColdRuns reads a flash-attention twin's stamps of the launches ncu
// profiled with its cache flush (clock_runs_cold.json; gen23_flash.py /
// gen24_flash.py: clk[cta][8 warps][40], slot 36 the warp's %smid).
func flashColdRuns(t *testing.T, dir string) [][]float64 {
	t.Helper()
	p, data, err := readSummary(filepath.Join(dir, "clock_runs_cold.json"))
	require.NoError(t, err, p)
	var cr struct {
		Outputs []struct {
			Clk []float64 `json:"clk"`
		} `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal(data, &cr), p)
	var out [][]float64
	for _, o := range cr.Outputs {
		out = append(out, o.Clk)
	}
	return out
}

// Two flash-attention CTAs on one SM (tph_flash_attn_2x132: 264 CTAs of 8
// warps, 113 registers, two an SM; fa24.md). On the H200, in every SM of
// the 3 recorded launches the lower-index (older) CTA ends first, and in
// key block 0 the two CTAs reach the MUFU-bound scale + 34 ex2 phase about
// 260 cycles apart: the older CTA's warps take the MUFU (its phase about
// 700 cycles, one CTA alone ~595) and the younger's wait (about 1300).
// This pins what the model must reproduce when the two CTAs arrive in
// phase (the scheduler's CTA age: launch order between equal barrier
// counts, schedpolicy.go); fa24.md says why the model's CTAs do not
// arrive in phase (the younger CTA's cold Q loads lag 1100 cycles, the
// GPU's 340).
func TestFlashTwoCTAsPerSMOlderTakesMUFURecorded(t *testing.T) {
	by := recordedH200(t)
	b := by["tph_flash_attn_2x132"]
	require.NotNil(t, b)
	const slots, warps, ctas = 40, 8, 264
	med := func(v []float64) float64 {
		s := append([]float64(nil), v...)
		sort.Float64s(s)
		if len(s)%2 == 1 {
			return s[len(s)/2]
		}
		return (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	runs := flashColdRuns(t, b.Dir)
	require.Len(t, runs, 3)
	for _, clk := range runs {
		require.Len(t, clk, ctas*warps*slots)
		bySM := map[int][]int{}
		for c := 0; c < ctas; c++ {
			sm := int(clk[(c*warps)*slots+36])
			bySM[sm] = append(bySM[sm], c) // CTA index order: the older first
		}
		require.Len(t, bySM, 132)
		olderFirst := 0
		var lead, foll, gap6 []float64
		for _, cs := range bySM {
			require.Len(t, cs, 2)
			phase := func(c, a, z int) float64 { // median over the CTA's warps of slot z - slot a
				var v []float64
				for w := 0; w < warps; w++ {
					r := clk[(c*warps+w)*slots:]
					v = append(v, r[z]-r[a])
				}
				return med(v)
			}
			at := func(c, s int) float64 {
				var v []float64
				for w := 0; w < warps; w++ {
					v = append(v, clk[(c*warps+w)*slots+s])
				}
				return med(v)
			}
			if at(cs[0], 35) < at(cs[1], 35) {
				olderFirst++
			}
			lead = append(lead, phase(cs[0], 6, 7))
			foll = append(foll, phase(cs[1], 6, 7))
			gap6 = append(gap6, at(cs[1], 6)-at(cs[0], 6))
		}
		assert.Equal(t, 132, olderFirst, "the older CTA of an SM ends first")
		assert.Less(t, med(gap6), 400.0, "the two CTAs reach block 0's ex2 phase close together")
		assert.InDelta(t, 700, med(lead), 100, "the older CTA's block-0 ex2 phase")
		assert.Greater(t, med(foll)-med(lead), 400.0, "the younger CTA's block-0 ex2 phase waits for the older's MUFU use")
	}
}
