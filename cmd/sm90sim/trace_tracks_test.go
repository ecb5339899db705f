package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 13 item 5: tracks per sub-partition and per unit, spans for the
// asynchronous operations. gemm_wgmma_256 (launch.yaml: 2x2 CTAs of
// 128x128x64 tiles over K=256, boxes of 64x128 f16, two consumer
// warpgroups of wgmma m64n128k16) by hand:
//   - TMA: 4 CTAs x 4 k-blocks x (A, B) = 32 copies of 64*128*2 = 16384
//     bytes, each inside its CTA's lifetime;
//   - wgmma groups: 4 CTAs x 2 warpgroups x 4 k-blocks = 32 commit groups
//     of 64/16 = 4 wgmmas;
//   - tensor pipe: 128 wgmmas of 64*128*16/2048 = 64 cycles of FMAs plus
//     one (sim/sm wgmmaCycles), 65 each: 8320 busy cycles in all, with
//     --trace-min-cycles 0 (no merging across gaps) exactly the spans'
//     total, and the report's unit_busy_cycles.tensor_pipe;
//   - sub-partitions 0-3 of each SM have issue spans; no two spans of a
//     track overlap (Perfetto needs them nested).
func TestTraceTracks(t *testing.T) {
	dir := copyDir(t, "../../validation/testdata/gemm_wgmma_256")
	tr, rep := filepath.Join(dir, "t.json"), filepath.Join(dir, "r.json")
	code, _, stderr := cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", dir,
		"--mode", "timed", "--trace", tr, "--report", rep, "--progress", "off", "--trace-min-cycles", "0")
	require.Equal(t, 0, code, stderr)
	doc := readTrace(t, tr)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	var report struct {
		Timing struct {
			UnitBusy map[string]int64 `json:"unit_busy_cycles"`
		} `json:"timing"`
	}
	require.NoError(t, json.Unmarshal(b, &report))

	names := map[string]int{}
	type span struct{ from, to int64 }
	tracks := map[[2]int][]span{}
	ctas := map[int][]span{}
	var tma, groups, wgmmas int
	var tensor int64
	sps := map[[2]int]bool{}
	for _, e := range doc.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" {
			names[e.Args["name"].(string)]++
		}
		if e.Ph != "X" {
			continue
		}
		s := span{e.Ts, e.Ts + *e.Dur}
		tracks[[2]int{e.Pid, e.Tid}] = append(tracks[[2]int{e.Pid, e.Tid}], s)
		switch {
		case e.Tid < 100:
			ctas[e.Pid] = append(ctas[e.Pid], s)
		case e.Tid >= 200 && e.Tid < 204:
			assert.Equal(t, "issue", e.Name)
			sps[[2]int{e.Pid, e.Tid}] = true
		case e.Tid == 211:
			tensor += *e.Dur
		case e.Tid >= 300 && e.Tid < 400:
			tma++
			assert.Equal(t, 16384.0, e.Args["bytes"])
			assert.Contains(t, e.Name, "cp.async.bulk.tensor")
			assert.NotNil(t, e.Args["line"])
		case e.Tid >= 400 && e.Tid < 500:
			groups++
			assert.Equal(t, 4.0, e.Args["n"])
			wgmmas += int(e.Args["n"].(float64))
		}
	}
	for _, n := range []string{"sub-partition 0", "sub-partition 3", "smem port", "tensor pipe", "TMA 0", "wgmma groups 0"} {
		assert.Positive(t, names[n], n)
	}
	assert.Equal(t, 32, tma)
	assert.Equal(t, 32, groups)
	assert.Equal(t, 128, wgmmas)
	assert.Equal(t, int64(128*65), tensor)
	assert.Equal(t, report.Timing.UnitBusy["tensor_pipe"], tensor)
	assert.Len(t, sps, 4*4, "4 SMs x 4 sub-partitions issue")
	for k, l := range tracks {
		sort.Slice(l, func(i, j int) bool { return l[i].from < l[j].from })
		for i := 1; i < len(l); i++ {
			// spans of a track are disjoint or nested
			if l[i].from < l[i-1].to {
				assert.LessOrEqual(t, l[i].to, l[i-1].to, "track %v overlaps", k)
			}
		}
		if k[1] >= 300 && k[1] < 500 {
			// async spans lie inside a CTA's lifetime on their SM
			for _, s := range l {
				in := false
				for _, c := range ctas[k[0]] {
					in = in || (s.from >= c.from && s.to <= c.to)
				}
				assert.True(t, in, "span %v of track %v outside the SM's CTAs", s, k)
			}
		}
	}
}
