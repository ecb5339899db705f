package gpu

import "github.com/sm90sim/sm90sim/ptx/exec"

// Buffers the host wrote just before the launch start in L2
// (TimedOptions.Warm). The recordings' warm runs (clock_runs.json:
// tools/microbench/mb.py run launches each directory on fresh buffers,
// copied from the host before every launch) find them there: the
// host-to-device copy writes through L2. Family mwake (H200, every run,
// the first among them too): the waiter on a 1 KiB bulk copy of the
// uploaded src returns 368 cycles after the copy's issue, a second copy of
// the same src 250..305 after its own; a run whose src comes from HBM (the
// model's cold L2) gives 950 (validation/timing/mwake28.md). ncu's launches
// flush the caches first, so by default a timed run starts with L2 empty.

// prefillInputs touches every line of the launch's global segments in its
// home slice, in allocation order (the host's upload order), so the last
// lines uploaded are the most recent; a segment larger than a slice
// touches only its last lines (the earlier ones would be evicted by the
// later anyway).
func (g *l2) prefillInputs(segs []*exec.Segment) {
	for _, sg := range segs {
		n := uint64(len(sg.Data))
		if n == 0 {
			continue
		}
		first, last := sg.Base>>7, (sg.Base+n-1)>>7
		if room := g.slices[0].sets * uint64(g.slices[0].ways); last-first+1 > 2*room {
			first = last + 1 - 2*room
		}
		for ln := first; ln <= last; ln++ {
			g.slices[g.slice(ln)].touch(ln)
		}
	}
}
