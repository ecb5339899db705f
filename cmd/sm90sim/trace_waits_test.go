package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A warp's consecutive waits at one PTX line merge into one span (args.waits)
// when no other wait of that warp was traced between them: int_hash's 64-bit
// divisions (div.u64 / rem.s64, ptxas's SASS sequence) wait ~20 cycles a step
// at one line, which made its default trace 473 MB. Two CTAs of int_hash at
// the default --trace-min-cycles, one warp a CTA: some division wait spans
// carry waits >= 2, and no two spans of a track overlap. One warp, because
// the warps of a warpgroup waiting at one line within TraceMinCycles of each
// other merge into one span first (args.n): when the model issues int_hash's
// eight warps in step (session 31: 2125 such spans at 256 threads, none with
// args.waits) a warp's next wait finds that span, not its own.
func TestTraceMergesAWarpsConsecutiveWaits(t *testing.T) {
	dir := copyDir(t, "../../validation/testdata/int_hash")
	spec := filepath.Join(dir, "launch.yaml")
	b, err := os.ReadFile(spec)
	require.NoError(t, err)
	s := strings.Replace(string(b), "grid: [4096, 1, 1]", "grid: [2, 1, 1]", 1)
	s = strings.Replace(s, "block: [256, 1, 1]", "block: [32, 1, 1]", 1)
	s = strings.Replace(s, "- {u32: 1048576}", "- {u32: 512}", 1)
	require.NotEqual(t, string(b), s)
	require.NoError(t, os.WriteFile(spec, []byte(s), 0o644))
	tr := filepath.Join(dir, "t.json")
	code, _, stderr := cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", spec, "--out", dir,
		"--mode", "timed", "--trace", tr, "--progress", "off")
	require.Equal(t, 0, code, stderr)
	doc := readTrace(t, tr)
	type span struct{ from, to int64 }
	tracks := map[[2]int][]span{}
	merged := 0
	for _, e := range doc.TraceEvents {
		if e.Ph != "X" {
			continue
		}
		tracks[[2]int{e.Pid, e.Tid}] = append(tracks[[2]int{e.Pid, e.Tid}], span{e.Ts, e.Ts + *e.Dur})
		if w, ok := e.Args["waits"].(float64); ok && e.Name == "stall_wait" && w >= 2 {
			merged++
		}
	}
	assert.Positive(t, merged, "no merged wait spans")
	for k, l := range tracks {
		sort.Slice(l, func(i, j int) bool { return l[i].from < l[j].from || l[i].from == l[j].from && l[i].to > l[j].to })
		var open []int64
		for _, sp := range l {
			for len(open) > 0 && open[len(open)-1] <= sp.from {
				open = open[:len(open)-1]
			}
			if len(open) > 0 {
				assert.LessOrEqual(t, sp.to, open[len(open)-1], "track %v: span %v overlaps its enclosing span", k, sp)
			}
			open = append(open, sp.to)
		}
	}
}
