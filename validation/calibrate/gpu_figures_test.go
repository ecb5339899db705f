package calibrate

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGPUFigures: what a calibrate --gpu run derives from the runner's
// launches, by the families' recorded formulas (derive*.go): every
// compared %clock64 figure; the launch's ncu cycles only when profiled;
// for the families whose figures come from launches ncu profiled with its
// cache flush (clock_ncu.json), all of them when profiled (from those
// launches' outputs) and none when not; nothing for those calibrate does
// not compare.
func TestGPUFigures(t *testing.T) {
	by := recordedH200(t)
	cases := []struct {
		name string
		ncu  bool
		want []string
		skip bool
	}{
		{"chain_fma_f32", false, []string{"cycles_per_op"}, false},
		{"empty_c132", true, []string{NCUFigure}, false},
		{"empty_c132", false, nil, true},
		{"icap_k36", true, []string{NCUFigure, "cycles_cold", "cycles_warm"}, false}, // clock_ncu
		{"icap_k36", false, nil, true},
		{"flushj_n0", false, nil, true}, // clock_ncu
		{"flushj_n0", true, []string{NCUFigure, "jumps_cycles"}, false},
		{"smgst_bar_l1", true, nil, true}, // not compared
	}
	for _, c := range cases {
		b := by[c.name]
		if b == nil {
			continue // a renamed directory: the counts below still run
		}
		figs, skip := GPUFigures(b, c.ncu)
		assert.Equal(t, c.want, figs, c.name)
		assert.Equal(t, c.skip, skip != "", "%s: %q", c.name, skip)
	}
	// a family compared on %clock64 figures and the launch's cycles
	for _, b := range by {
		if b.Family == "wgmma" {
			figs, _ := GPUFigures(b, false)
			assert.Equal(t, []string{"latency_cycles", "issue_interval_cycles"}, figs, b.Name)
			figs, _ = GPUFigures(b, true)
			assert.Equal(t, []string{"latency_cycles", "issue_interval_cycles", NCUFigure}, figs, b.Name)
			break
		}
	}
	// the whole suite: how many benchmarks a run with --ncu auto derives
	n, why := 0, map[string][]string{}
	for _, b := range by {
		figs, skip := GPUFigures(b, b.Family == "empty")
		if skip == "" {
			require.NotEmpty(t, figs)
			n++
			continue
		}
		why[skip] = append(why[skip], b.Name)
	}
	var keys []string
	for k := range why {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%d skipped: %s", len(why[k]), k)
	}
	t.Logf("%d of %d benchmarks derive figures on the GPU (--ncu auto)", n, len(by))
	// with --ncu needed, every compared benchmark derives figures
	n = 0
	for _, b := range by {
		if _, skip := GPUFigures(b, NeedsNCU(b) || b.Family == "empty"); skip == "" {
			n++
		}
	}
	t.Logf("%d of %d benchmarks derive figures on the GPU (--ncu needed)", n, len(by))
	assert.Equal(t, len(by)-len(why["not compared: "+notCompared["smgst"]]), n)
}
