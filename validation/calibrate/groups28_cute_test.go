package calibrate

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// The cute28 recordings (H200, tools/microbench/gen28_cute.py, cute28.md).
// tph_cute_tn_gt: %clock64 against %globaltimer per warp over the 3 flushed
// ncu launches: the span from entry to the epilogue's end at 1780-1830 MHz
// while ncu reported ~1955 for the launch (the tensor-clock stretch over the
// SM's residency, sim/gpu/tensorclock.go, holds for a kernel whose tensor
// pipe runs a small part of its span), from entry to the first k-tile's full
// barrier (no wgmma yet) at the full clock (>= 1940), from there to the
// epilogue (the wgmma) under 1750 and the epilogue's stores under 1800.
// gls28_cute16_*: the epilogue's stores alone cost ~5.4-5.7 cycles a store
// SM-wide when the 4 warps write sectors 0-3 of the same lines and ~8.1-8.2
// when each writes its own (sim/sm/storemerge.go).
func TestCute28Recorded(t *testing.T) {
	var cold struct {
		Outputs []struct {
			Clk []uint64 `json:"clk"`
			Gt  []uint64 `json:"gt"`
		} `json:"outputs"`
	}
	b, err := gzfile.ReadFile(filepath.Join("..", "microbench", "tph_cute_tn_gt", "clock_runs_cold.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &cold))
	require.Len(t, cold.Outputs, 3)
	var span, pre, tens, epi []float64
	for _, o := range cold.Outputs {
		require.Len(t, o.Clk, 16*20)
		require.Len(t, o.Gt, 16*8)
		for w := 0; w < 16; w++ {
			c, g := o.Clk[w*20:(w+1)*20], o.Gt[w*8:(w+1)*8]
			mhz := func(a, b, ga, gb int) float64 { return 1e3 * float64(c[b]-c[a]) / float64(g[gb]-g[ga]) }
			span = append(span, mhz(0, 15, 0, 5))
			pre = append(pre, mhz(0, 4, 0, 1))
			tens = append(tens, mhz(4, 14, 1, 4))
			epi = append(epi, mhz(14, 15, 4, 5))
		}
	}
	med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
	assert.InDelta(t, 1805, med(span), 25, "entry to the epilogue's end")
	assert.GreaterOrEqual(t, med(pre), 1940.0, "entry to the first full barrier")
	assert.Less(t, med(tens), 1750.0, "the first full barrier to the epilogue")
	assert.Less(t, med(epi), 1800.0, "the epilogue")

	perStore := func(n string) float64 {
		var runs struct {
			Outputs []struct {
				Clk []float64 `json:"clk"`
			} `json:"outputs"`
		}
		b, err := gzfile.ReadFile(filepath.Join("..", "microbench", n, "clock_runs.json"))
		require.NoError(t, err, n)
		require.NoError(t, json.Unmarshal(b, &runs), n)
		var v []float64
		for _, o := range runs.Outputs {
			v = append(v, rep1FromRelease(rows(o.Clk, 2))/128/4)
		}
		return med(v)
	}
	for _, n := range []string{"gls28_cute16_w4", "gls28_cute16_adj_w4"} {
		assert.InDelta(t, 5.55, perStore(n), 0.35, n)
	}
	for _, n := range []string{"gls28_cute16_own_w4", "gls28_cute16_own_adj_w4"} {
		assert.InDelta(t, 8.15, perStore(n), 0.25, n)
	}
}
