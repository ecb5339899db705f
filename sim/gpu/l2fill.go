package gpu

import "github.com/sm90sim/sm90sim/sim/engine"

// Pending fills (issue 14; microbench gmm13_l_n4096, gmm13_p_n4096,
// tools/microbench/gen13_gemm4096.py). A line that missed to HBM is in its
// slice only when its data has come back: a later request for it, from any
// SM, waits for that fill instead of hitting at once. The GPU counts such a
// request as a lookup miss without new DRAM traffic: gemm_wgmma's loop on a
// 4096^3 GEMM's tiles (H100, flushed) has 14.2-14.4 M sectors of lookup
// misses against 9.6 M sectors (308 MB) read from DRAM, and its TMA stages
// take about 2090-2390 cycles from issue to the full barrier in every wave
// (1.2 us at 1706 and 1963 MHz) where the model without pending fills gave
// the CTAs behind the first requester of a B tile L2 hit latency (stages of
// 1490-1620 cycles). Requests joined within a GPC (l2merge.go) already come
// with their head's data.
//
// Each view keeps the fills of the misses it asked for in the window (its
// local set's value), the committed state the fills of earlier windows
// (pending, by slice and line, dropped once every later request is past
// them); both are written only where the rest of the L2 state is (the
// window's own requests; commit with every partition stopped), so --jobs
// cannot change them.

// fillOf is the cycle the data of line in slice s is in the slice, as this
// view sees it (0: not pending).
func (v *l2View) fillOf(s int, line uint64) engine.Cycle {
	k := localKey(s, line)
	if f := v.local[k]; f > 0 {
		return f
	}
	if len(v.g.pending) == 0 {
		return 0
	}
	return v.g.pending[k]
}

// waitFill is ready for a request that found line in slice s: no earlier
// than the line's pending fill.
func (v *l2View) waitFill(s int, line uint64, ready engine.Cycle, sectors int64) engine.Cycle {
	if f := v.fillOf(s, line); f > ready {
		v.waitSectors += sectors
		return f
	}
	return ready
}

// markLocal records that this view requested line in slice s in the window,
// with the cycle its fill arrives (0: no fill; an earlier one is kept).
func (v *l2View) markLocal(s int, line uint64, fill engine.Cycle) {
	k := localKey(s, line)
	if old, ok := v.local[k]; ok && (fill == 0 || (old > 0 && old <= fill)) {
		return
	}
	v.local[k] = fill
}

// commitFill records at commit that request r's line in slice s is filled
// at r.fill (the view's miss), keeping an earlier fill still ahead.
func (g *l2) commitFill(r *l2Req, s int) {
	if r.fill == 0 {
		return
	}
	k := localKey(s, r.line)
	if old, ok := g.pending[k]; ok && old > r.at && old <= r.fill {
		return
	}
	g.pending[k] = r.fill
}

// prunePending drops the fills no request of a later window can wait for
// (at or before the earliest request of this one); deleting in any order
// leaves the same map.
func (g *l2) prunePending() {
	if len(g.reqs) == 0 || len(g.pending) == 0 {
		return
	}
	first := g.reqs[0].at
	for k, f := range g.pending {
		if f <= first {
			delete(g.pending, k)
		}
	}
}
