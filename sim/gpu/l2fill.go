package gpu

import "github.com/sm90sim/sm90sim/sim/engine"

// Lines in flight from HBM (issue 14, data-side cold start). A load that
// finds its line in an L2 slice while the line's fill from HBM is still on
// its way (another SM missed on it a moment earlier) gets its data when the
// fill is there, not at the hit latency: the slice holds a tag, not data.
// The miss's requester has the line at its ready cycle; a later request
// gets it no earlier than that (the fill's data reaches the slice about
// half a hit latency before it reaches the first SM, and the later
// request's return takes about as long again). sfl_c62_n2_same (every CTA
// of 62 reads CTA 0's eight lines right after ncu's flush; both GPUs):
// flushed minus warm load phase 409 cycles on the H200 for two loads,
// where hits on the tags of lines still in flight gave the warm time.
//
// Requests merged per GPC (l2merge.go) already wait for the head's data;
// this covers the requests that reach the slice (other GPCs, joins beyond
// l2_merge_joins_count, near copies of far lines: l2near.go). Fills are
// kept per slice key (localKey), in the view for the window's own misses
// and in the committed table for earlier windows' (a fill outlives the
// window that issued it: windows are shorter than an HBM round trip).

// fillAt is when the data of line key (localKey) is in its slice for this
// view: 0 when no fill is known to be in flight.
func (v *l2View) fillAt(key uint64) engine.Cycle {
	if f, ok := v.fill[key]; ok {
		return f
	}
	if f := v.g.fill.get(key); f != nil {
		return *f
	}
	return 0
}

// waitFill is ready for a request that found line key's tag: no earlier
// than the line's fill from HBM. A request that waits counts its sectors
// in waitSectors: a TMA box that waited comes from HBM as the first one
// did (mem.go adds tma_hbm_extra_cycles to both; helper gemm4096's
// gmm13_* stamps: every CTA reading a B tile of a 4096^3 GEMM's wave waits
// about the same stage latency, 1.2 us on the H100).
func (v *l2View) waitFill(key uint64, ready engine.Cycle, sectors int64) engine.Cycle {
	if f := v.fillAt(key); f > ready {
		v.waitSectors += sectors
		return f
	}
	return ready
}

// filled records that a miss of this view brings line key at ready.
func (v *l2View) filled(key uint64, ready engine.Cycle) { v.fill[key] = ready }

// commitFill records a committed miss's fill (the window's first request
// of the line in (cycle, SM, sequence) order; later ones find it present).
func (g *l2) commitFill(key uint64, ready engine.Cycle) { g.fill.put(key, ready) }

// pruneFills drops, once the table has grown past its pruning size, the
// fills done by cycle at, which no later request can wait for (requests of
// later windows start at or after this window's last request; deleting in
// any order leaves the same table).
func (g *l2) pruneFills(at engine.Cycle) {
	if g.fill.len() < g.fillPrune {
		return
	}
	kept := g.fill.prune(func(f *engine.Cycle) bool { return *f > at }, mergeRoom)
	g.fillPrune = mergeRoom(kept)
}
