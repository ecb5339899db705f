package calibrate

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tclk27 is one launch of a gen27_tclk.py variant (fa27.md): warpgroup 0's
// wgmma span and warpgroup 1's FP span, in %clock64 cycles and
// %globaltimer ns (the first CTA's slots: the single-CTA variants only).
type tclk27 struct {
	wgCycles, wgNs, fpCycles, fpNs float64
	itersTput, gap                 float64
}

// readTclk27 reads validation/timing/flash/fa27_tclk.json.gz: per variant,
// its launches without ncu (3 per call).
func readTclk27(t *testing.T) map[string][]tclk27 {
	t.Helper()
	f, err := os.Open("../timing/flash/fa27_tclk.json.gz")
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	var doc struct {
		Calls []struct {
			Plain []struct {
				Dir     string `json:"dir"`
				Outputs struct {
					Gt []uint64 `json:"gt"`
				} `json:"outputs"`
			} `json:"dump_plain.jsonl"`
			Launch map[string]string `json:"launch_yaml"`
		} `json:"calls"`
	}
	require.NoError(t, json.NewDecoder(z).Decode(&doc))
	num := regexp.MustCompile(`\{(?:s32|u32): (\d+)\}`)
	// span: the warps' first start to last end, in %clock64 cycles and
	// %globaltimer ns (integers: the globaltimer's ~1.8e18 ns need 61 bits)
	span := func(g []uint64, from, to int) (float64, float64) {
		var c0, c1, t0, t1 uint64
		for w := from; w < to; w++ {
			s := g[8*w : 8*w+8]
			if s[1] <= s[0] {
				continue
			}
			if c0 == 0 || s[0] < c0 {
				c0 = s[0]
			}
			if t0 == 0 || s[2] < t0 {
				t0 = s[2]
			}
			c1, t1 = max(c1, s[1]), max(t1, s[3])
		}
		return float64(c1 - c0), float64(t1 - t0)
	}
	out := map[string][]tclk27{}
	for _, c := range doc.Calls {
		for _, r := range c.Plain {
			var p []float64
			for _, m := range num.FindAllStringSubmatch(c.Launch[r.Dir], -1) {
				v, _ := strconv.ParseFloat(m[1], 64)
				p = append(p, v)
			}
			require.GreaterOrEqual(t, len(p), 5, r.Dir)
			x := tclk27{itersTput: p[1]}
			if len(p) > 5 {
				x.gap = p[5]
			}
			require.GreaterOrEqual(t, len(r.Outputs.Gt), 64, r.Dir)
			x.wgCycles, x.wgNs = span(r.Outputs.Gt, 0, 4)
			x.fpCycles, x.fpNs = span(r.Outputs.Gt, 4, 8)
			out[r.Dir] = append(out[r.Dir], x)
		}
	}
	return out
}

func medianOf(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// The tensor clock probe of fa27.md, recorded on the H200 (one CTA, 3
// launches a variant, %clock64 / %globaltimer over warpgroup 0's wgmma span):
//   - the wgmma loop runs at ~1796 MHz whatever runs beside it (nothing,
//     the FP32 pipe saturated, a quarter of it, the MUFU saturated): the
//     fp32 + MUFU cap rule is refuted; the FP loop alone runs at ~1979;
//   - bursts of 4 wgmma separated by 0, 200 or 800 idle cycles keep that
//     clock; separated by 1000-2000 they run 8-12% slower; counting the
//     gaps at 1980 MHz, each burst after a gap of 1500 or more costs
//     195-235 ns (the tensor restart, not modelled).
//
// A rule for the tensor clock must reproduce these.
func TestTensorClockProbeRecorded(t *testing.T) {
	rec := readTclk27(t)
	mhz := func(name string) float64 {
		var v []float64
		for _, x := range rec[name] {
			v = append(v, x.wgCycles*1000/x.wgNs)
		}
		require.NotEmpty(t, v, name)
		return medianOf(v)
	}
	base := mhz("tclk27_wg")
	assert.InDelta(t, 1796, base, 10)
	for _, n := range []string{"tclk27_wg_ffma", "tclk27_wg_ffma4", "tclk27_wg_mix"} {
		assert.InDelta(t, base, mhz(n), 0.005*base, n)
	}
	for _, n := range []string{"tclk27_ffma", "tclk27_mix"} {
		x := rec[n][0]
		assert.Greater(t, x.fpCycles*1000/x.fpNs, 1950.0, n)
	}
	for _, n := range []string{"tclk27b_g0", "tclk27b_g200", "tclk27b_g800"} {
		assert.InDelta(t, base, mhz(n), 0.005*base, n)
	}
	for _, n := range []string{"tclk27b_g1000", "tclk27b_g1200", "tclk27b_g1500", "tclk27b_g2000"} {
		assert.Less(t, mhz(n), 0.93*base, n)
	}
	// the closed form of tensor_restart_ns (groups27_fa.go): the 12,300-cycle
	// loops' span less its cycles at the 66,000-cycle loops' clock
	var long, lost []float64
	for _, n := range []string{"tclk27_wg", "tclk27_wg_mix", "tclk27_wg_ffma4", "tclk27b_g0"} {
		for _, x := range rec[n] {
			long = append(long, x.wgCycles*1000/x.wgNs)
		}
	}
	f := medianOf(long)
	for _, n := range []string{"tclk27_wg_s", "tclk27_wg_mix_s"} {
		for _, x := range rec[n] {
			lost = append(lost, x.wgNs-x.wgCycles*1000/f)
		}
	}
	assert.Len(t, lost, 9)
	assert.InDelta(t, tensorRestartNs, medianOf(lost), 1)
	assert.InDelta(t, 1795.8, f, 0.1)
	for _, n := range []string{"tclk27b_g1500", "tclk27b_g2000", "tclk27b_g3000", "tclk27b_g5000"} {
		for _, x := range rec[n] {
			b := 2 * x.itersTput
			restart := (x.wgNs - (x.wgCycles-b*x.gap)*1000/base - b*x.gap*1000/1980) / b
			assert.InDelta(t, 215, restart, 25, n)
		}
	}
}
