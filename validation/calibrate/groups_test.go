package calibrate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func groupNamed(t *testing.T, name string) Group {
	for _, g := range Groups {
		if g.Name == name {
			return g
		}
	}
	t.Fatalf("no group %s", name)
	return Group{}
}

// The MAC rate comes from the slope of the issue interval over N, not from
// one shape's interval: hand-derived, intervals 1.2 + 64*N*16/2048 (a
// constant overhead on top of the rate) give 2048 exactly, where the
// n256 interval alone (129.2) would give 2029.
func TestWgmmaRateFromSlope(t *testing.T) {
	rec := map[string]*Bench{}
	for i, name := range wgmmaRateBound {
		rec[name] = &Bench{Name: name, Measured: map[string]float64{"issue_interval_cycles": 1.2 + 64*wgmmaRateN[i]*16/2048}}
	}
	v, src, err := groupNamed(t, "wgmma_rate").Direct(rec)
	require.NoError(t, err)
	assert.Equal(t, 2048.0, v)
	assert.Contains(t, src, "least-squares slope 0.5 of issue_interval_cycles")
	assert.Equal(t, 2029.0, math.Round(64*256*16/rec["wgmma_f16_n256_ss"].Measured["issue_interval_cycles"]))
	// intervals that do not grow are an error, not a rate
	for _, name := range wgmmaRateBound {
		rec[name].Measured["issue_interval_cycles"] = 21
	}
	_, _, err = groupNamed(t, "wgmma_rate").Direct(rec)
	assert.ErrorContains(t, err, "do not grow")
}

// A group with Figures is judged on those figures only: wgmma_floor's cost
// leaves out the latencies (which the tail groups fit after it).
func TestGroupFiguresFilterCost(t *testing.T) {
	b := &Bench{Name: "wgmma_f16_n8_ss", Family: "wgmma", Measured: map[string]float64{"latency_cycles": 100, "issue_interval_cycles": 20},
		NCU: Spread{Median: 19000, N: 3}}
	vals := map[string]float64{"wgmma_f16_n8_ss\x00latency_cycles": 200, "wgmma_f16_n8_ss\x00issue_interval_cycles": 20 * math.E,
		"wgmma_f16_n8_ss\x00" + NCUFigure: 19000}
	g := groupNamed(t, "wgmma_floor")
	c, n := cost(g, []*Bench{b}, vals, nil)
	assert.Equal(t, 1, n)
	assert.InDelta(t, 1.0, c, 1e-12, "(log e)^2 of the interval alone")
	c, n = cost(Group{}, []*Bench{b}, vals, nil)
	assert.Equal(t, 3, n, "the two %clock64 figures and the launch's cycles (exact: log 1 = 0)")
	assert.InDelta(t, 1+math.Log(2)*math.Log(2), c, 1e-12)
	r := rmsRel(g, []*Bench{b}, vals)
	require.NotNil(t, r)
	assert.InDelta(t, math.E-1, *r, 1e-4)
}

// CompareRecords pairs each record's figures (and ncu cycles) with the
// recording's; Summarize counts them.
func TestCompareRecordsNoise(t *testing.T) {
	bs := []*Bench{
		{Name: "a", Measured: map[string]float64{"x": 100, "y": 10}},
		{Name: "e", NCU: Spread{Median: 4000, N: 3}},
		{Name: "unrecorded", Measured: map[string]float64{"x": 1}},
	}
	recs := []BenchRecord{
		{Benchmark: "a", Figures: map[string]float64{"x": 100.5, "y": 11, "z": 3}},
		{Benchmark: "e", Cycles: Spread{Median: 3800, N: 3}},
	}
	ds := CompareRecords(bs, recs)
	require.Len(t, ds, 3)
	assert.Equal(t, FigureDiff{"a", "x", 100, 100.5}, ds[0])
	assert.Equal(t, FigureDiff{"e", NCUFigure, 4000, 3800}, ds[2])
	s := Summarize(ds, 1)
	assert.Equal(t, 3, s.N)
	assert.Equal(t, 1, s.Within1)
	assert.Equal(t, 2, s.Within5)
	assert.InDelta(t, 0.05, s.MedianAbs, 1e-12)
	assert.InDelta(t, 0.10, s.P90Abs, 1e-12)
	assert.Equal(t, []FigureDiff{{"a", "y", 10, 11}}, s.Largest)
}
