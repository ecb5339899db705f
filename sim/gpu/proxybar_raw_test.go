package gpu

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fb32Warps reads tools/microbench/sfl32's output: for each line "FB v=V
// grid=G rep=R t1,t2,t3 ..." of a warm launch (rep >= 1), the warps'
// stamps, by variant and grid.
func fb32Warps(t *testing.T) map[[2]int][][][3]float64 {
	t.Helper()
	f, err := os.Open("../../tools/microbench/sfl32/fb32_out.h200.txt")
	require.NoError(t, err)
	defer f.Close()
	out := map[[2]int][][][3]float64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 5 || fs[0] != "FB" {
			continue
		}
		var v, g, r int
		_, err := fmt.Sscanf(strings.Join(fs[1:4], " "), "v=%d grid=%d rep=%d", &v, &g, &r)
		require.NoError(t, err)
		if r == 0 {
			continue // the first launch: cold caches
		}
		var ws [][3]float64
		for _, w := range fs[4:] {
			var x [3]float64
			_, err := fmt.Sscanf(w, "%g,%g,%g", &x[0], &x[1], &x[2])
			require.NoError(t, err)
			ws = append(ws, x)
		}
		out[[2]int{v, g}] = append(out[[2]int{v, g}], ws)
	}
	require.NoError(t, sc.Err())
	return out
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

// The probe sfl32 (H200, warm; variants: 0 shared stores, fence.proxy.async,
// bar.sync, two stamps; 1 the same without the fence; 2 without the stores;
// 3 without the barrier; 4 the fence after the barrier; 5 as 0 with
// sfl's mode check between the stamps) against the H200 profile's
// fence_proxy_bar_issue_cycles and fence_proxy_bar_release_cycles
// (proxybar.go): the stamp after fence + barrier comes 30 + 2 cycles after
// the one before the fence (median over variants 0, 2, 5 and 1 or 62 CTAs),
// where the fence alone takes 10 and the barrier alone 2; with one CTA the
// barrier releases its 4 warps together ~110 cycles after the last warp's
// stamp before the fence (variant 5), against ~28 with the fence after the
// barrier (variant 4): the release value lies in that time less the stamp
// slot, barrier_release_cycles and a 10-40 cycle ULDC / ISETP path to the
// stamp.
func TestProxyBarMatchesRawOutput(t *testing.T) {
	runs := fb32Warps(t)
	require.Len(t, runs, 12)
	gap := func(vs ...int) float64 { // median t2 - t1
		var d []float64
		for _, v := range vs {
			for _, g := range []int{1, 62} {
				for _, ws := range runs[[2]int{v, g}] {
					for _, w := range ws {
						d = append(d, w[1]-w[0])
					}
				}
			}
		}
		return median(d)
	}
	assert.InDelta(t, 10, gap(3), 1, "fence alone")
	assert.InDelta(t, 2, gap(1, 4), 0.5, "barrier alone")
	hc := DefaultTimedConfig().SM.Hold
	assert.Equal(t, hc.FenceProxyBarIssueCycles, int(gap(0, 2, 5)+0.5)-2, "fence then barrier")
	var rel5, rel4 []float64
	for _, c := range []struct {
		v   int
		out *[]float64
	}{{5, &rel5}, {4, &rel4}} {
		for _, ws := range runs[[2]int{c.v, 1}] {
			var t1, t3 []float64
			for _, w := range ws {
				t1, t3 = append(t1, w[0]), append(t3, w[2])
			}
			*c.out = append(*c.out, slices.Max(t3)-slices.Max(t1))
		}
	}
	assert.InDelta(t, 28, median(rel4), 6, "fence after the barrier")
	r := median(rel5) - 1 - float64(DefaultTimedConfig().SM.BarrierReleaseCycles)
	assert.GreaterOrEqual(t, float64(hc.FenceProxyBarReleaseCycles), r-40, "release after the fence")
	assert.LessOrEqual(t, float64(hc.FenceProxyBarReleaseCycles), r-10, "release after the fence")
}

// sflStamps reads the warm launches of the sfl directory d's recordings
// (clock_runs.json, or clock_runs.h100.json for suffix ".h100": per warp
// {%smid, t1, t2, t3} less t0, 4 warps a CTA): every warp's t2 - t1, and
// t3 less its CTA's last t1 for the warps that skip the bulk copy (1-3).
func sflStamps(t *testing.T, d, suffix string) (gap, rel []float64) {
	t.Helper()
	b, err := gzfile.ReadFile("../../validation/microbench/" + d + "/clock_runs" + suffix + ".json")
	require.NoError(t, err, d)
	var j struct {
		Outputs []struct {
			Clk []float64 `json:"clk"`
		} `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal(b, &j), d)
	for _, o := range j.Outputs {
		require.Zero(t, len(o.Clk)%16, d)
		for c := 0; c < len(o.Clk); c += 16 {
			last := 0.0
			for w := range 4 {
				last = max(last, o.Clk[c+4*w+1])
			}
			for w := range 4 {
				gap = append(gap, o.Clk[c+4*w+2]-o.Clk[c+4*w+1])
				if w > 0 {
					rel = append(rel, o.Clk[c+4*w+3]-last)
				}
			}
		}
	}
	return gap, rel
}

// The H100 profile's fence_proxy_bar_issue_cycles and
// fence_proxy_bar_release_cycles from sfl's H100 recordings (no H100 probe;
// validation/timing/sfl33.md): the stamp after fence + barrier 2 + issue
// after the one before the fence (median over every warp of six sfl
// directories, 5 warm launches each), as the H200 probe's; and, as sfl's
// SASS after the release is the same on both GPUs (barrier_release_cycles
// too), the H100's release the H200's probe value plus the difference of
// the two GPUs' one-CTA medians of t3 less the CTA's last t1 (warps 1-3).
func TestProxyBarH100FromSflRecordings(t *testing.T) {
	p, ok := BuiltinProfileNamed("h100-sxm")
	require.True(t, ok)
	h100, err := p.Config()
	require.NoError(t, err)
	h200 := DefaultTimedConfig()
	require.Equal(t, h200.SM.BarrierReleaseCycles, h100.SM.BarrierReleaseCycles)
	var gap []float64
	for _, d := range []string{"sfl_c1_n2", "sfl_c1_n2_red", "sfl_c62_n2", "sfl_c62_n2_red", "sfl_c62_n2_st", "sfl_c132_n2"} {
		g, _ := sflStamps(t, d, ".h100")
		gap = append(gap, g...)
	}
	assert.Equal(t, h100.SM.Hold.FenceProxyBarIssueCycles, int(median(gap)+0.5)-2, "fence then barrier")
	var r200, r100 []float64
	for _, d := range []string{"sfl_c1_n2", "sfl_c1_n2_red"} {
		_, r := sflStamps(t, d, "")
		r200 = append(r200, r...)
		_, r = sflStamps(t, d, ".h100")
		r100 = append(r100, r...)
	}
	want := float64(h200.SM.Hold.FenceProxyBarReleaseCycles) + median(r100) - median(r200)
	assert.Equal(t, h100.SM.Hold.FenceProxyBarReleaseCycles, int(want+0.5), "release after the fence")
}
