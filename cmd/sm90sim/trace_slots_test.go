package main

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A CTA slot or warp slot track shows one CTA (warp) at a time: the span
// ends where the model gives the slot back, and an exited warp's store drain
// (stall_drain), which may outlast it, is on a `drain k` track. By hand
// (testdata/drain.yaml, drain.ptx, the h200 profile): 528 CTAs of one warp
// with 100000 bytes of dynamic shared memory, 2 resident per SM
// (2 x (100000 + 1024) <= 233472 < 3 x 101024), so 264 slots on 132 SMs and
// a second round of CTAs takes slots freed by the first. The 132 CTAs below
// %nsmid store a word per thread and exit: each warp drains (the store's
// trip to L2, hundreds of cycles, over --trace-min-cycles), so there are
// 132 stall_drain spans, one per storing CTA, and none of the others'. Its
// CTA span ends where its drain begins (one warp: the slot frees at the end
// of its exit) and carries drain_end = the drain's end. Before the fix the
// CTA span ran to the drain's end, past the start of the next CTA in the
// slot (15 such tracks), and the drain was on the warp slot's track.
func TestTraceSlotsDoNotOverlap(t *testing.T) {
	dir := t.TempDir()
	tr := filepath.Join(dir, "t.json")
	code, _, stderr := cli("run", "testdata/drain.ptx", "--spec", "testdata/drain.yaml", "--out", dir,
		"--mode", "timed", "--trace", tr, "--progress", "off")
	require.Equal(t, 0, code, stderr)
	doc := readTrace(t, tr)
	type span struct{ from, to int64 }
	slots := map[[2]int][]span{}
	ctaSpan := map[int]span{}
	ctaDrainEnd := map[int]int64{}
	drains := map[int]span{}
	for _, e := range doc.TraceEvents {
		if e.Ph != "X" {
			continue
		}
		s := span{e.Ts, e.Ts + *e.Dur}
		switch {
		case e.Tid < 100:
			assert.Less(t, e.Tid, 2, "CTA slot beyond the 2 resident CTAs")
			id := int(e.Args["ctaid"].([]any)[0].(float64))
			ctaSpan[id] = s
			if d, ok := e.Args["drain_end"].(float64); ok {
				ctaDrainEnd[id] = int64(d)
			}
		case e.Tid < 200:
			assert.Less(t, e.Tid, 102, "warp slot beyond the 2 resident warps")
			assert.NotEqual(t, "stall_drain", e.Name, "a drain on a warp slot track")
		case e.Tid >= 600:
			require.Equal(t, "stall_drain", e.Name)
			id := int(e.Args["cta"].([]any)[0].(float64))
			assert.Less(t, id, 132, "a CTA that stored nothing drains")
			drains[id] = s
		}
		if e.Tid < 200 || e.Tid >= 600 {
			slots[[2]int{e.Pid, e.Tid}] = append(slots[[2]int{e.Pid, e.Tid}], s)
		}
	}
	assert.Len(t, ctaSpan, 528)
	assert.Len(t, drains, 132)
	for id, d := range drains {
		assert.Equal(t, d.from, ctaSpan[id].to, "CTA %d: its span ends where its drain begins", id)
		assert.Equal(t, d.to, ctaDrainEnd[id], "CTA %d: drain_end", id)
	}
	overlaps := 0
	for k, l := range slots {
		sort.Slice(l, func(i, j int) bool { return l[i].from < l[j].from })
		for i := 1; i < len(l); i++ {
			if l[i].from < l[i-1].to {
				overlaps++
				t.Errorf("SM %d track %d: %v begins before %v ends", k[0], k[1], l[i], l[i-1])
			}
		}
	}
	assert.Zero(t, overlaps)
}
