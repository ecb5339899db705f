package exec

import (
	"fmt"
	"math/bits"
)

// The functional run loop lives in sim/gpu (loop.go), a client of the
// public seam (Warp.Issue, CTA.Complete); this file keeps what it and the
// timed mode ask of a cluster: its mbarrier change count and the deadlock
// report.

// asyncChanges sums the mbarrier state changes of the cluster's CTAs.
func (cl *Cluster) asyncChanges() uint64 {
	var n uint64
	for _, c := range cl.ctas {
		if c != nil {
			n += c.async.changes
		}
	}
	return n
}

// txChanges sums the complete_tx part of asyncChanges.
func (cl *Cluster) txChanges() uint64 {
	var n uint64
	for _, c := range cl.ctas {
		if c != nil {
			n += c.async.txChanges
		}
	}
	return n
}

// deadlock describes every stuck warp of the cluster (with its CTA when the
// cluster has more than one).
func (cl *Cluster) deadlock() error {
	var first *Fault
	var detail []string
	multi := len(cl.ctas) > 1
	for _, c := range cl.ctas {
		if c == nil {
			continue
		}
		for _, w := range c.warps {
			if w.live == 0 {
				continue
			}
			l := bits.TrailingZeros32(w.live)
			line, text, src := w.where(l)
			why := w.stuckWhy()
			who := fmt.Sprintf("warp %d", w.id)
			if multi {
				who = fmt.Sprintf("rank %d cta (%d,%d,%d) warp %d", c.rank, c.ctaid[0], c.ctaid[1], c.ctaid[2], w.id)
			}
			at := ""
			if src != "" {
				at = " (" + src + ")"
			}
			detail = append(detail, fmt.Sprintf("%s line %d%s %s: %s", who, line, at, text, why))
			if first == nil {
				first = &Fault{Kernel: c.k.Name(), CTA: c.ctaid, Thread: c.tidOf(w.id*32 + l), Line: line, Src: src}
			}
		}
	}
	first.Msg = fmt.Sprintf("deadlock: %d warps can never proceed", len(detail))
	if multi {
		first.Msg = fmt.Sprintf("deadlock: %d warps of the cluster's %d CTAs can never proceed", len(detail), len(cl.ctas))
	}
	first.Detail = detail
	return first
}

// where is the line and text of lane l's next instruction.
func (w *Warp) where(l int) (int, string, string) {
	pc, f := w.pcOf(l)
	if int(pc) < len(f.fn.insts) {
		x := &f.fn.insts[pc]
		return x.line(), x.in.Text, x.in.Src.Short()
	}
	return 0, "?", ""
}

// stuckWhy says what a stuck warp waits for.
func (w *Warp) stuckWhy() string {
	c := w.cta
	why := fmt.Sprintf("lanes %#08x parked at a warp-synchronous instruction", w.parked)
	if sw := w.spinWhy(); w.spun && sw != "" {
		why = sw
	}
	if w.wait == waitClusterBar {
		why = c.cl.barWhy()
	}
	if rw := w.retryWhy(); rw != "" {
		why = rw
	}
	if w.wait == waitBarrier {
		b := &c.bars[w.barID]
		why = fmt.Sprintf("waits at barrier %d (%d of %d threads arrived)", w.barID, b.arrived, b.expected)
	}
	return why
}

// retryWhy says which groups a warp stopped at a wait_group (or wait_all)
// waits for ("" when its next instruction is no unmet wait).
func (w *Warp) retryWhy() string {
	info, ok := w.Peek()
	if !ok || info == nil || w.cta.tk.warps == nil {
		return ""
	}
	ws := &w.cta.tk.warps[w.id]
	var q *groupQueue
	var kind string
	switch info.Async {
	case AsyncWait:
		q, kind = &ws.cp, "cp.async"
	case AsyncBulkWait:
		q, kind = &ws.bulk, "bulk"
	case AsyncWgmmaWait:
		q, kind = &ws.wg, "wgmma"
	default:
		return ""
	}
	n := uint32(max(info.WaitN, 0))
	if info.WaitN < 0 {
		if q.allDone() {
			return ""
		}
	} else if q.waitMet(n) {
		return ""
	}
	why := fmt.Sprintf("waits for its %s groups (%d committed, %d retired, %d operations in the open group)", kind, q.committed, q.retired, q.open)
	if info.Async == AsyncWgmmaWait {
		why += ": a warp of its warpgroup has not issued its part of a wgmma.mma_async"
	}
	return why
}
