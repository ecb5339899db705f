package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// mbarrierT is the mbarrier state machine (package mbarrier).
type mbarrierT = mbarrier.Barrier

// asyncState is a CTA's state for the async machinery: the mbarrier side
// table (keyed by shared address; the 8-byte object in shared memory stays
// opaque) and the async-copy hazard checker.
type asyncState struct {
	mbars map[uint32]*mbarrier.Barrier
	hz    *hazards // nil until the CTA first uses an mbarrier or async copy
	early int8     // whether the kernel starts hz early (hazard_proxy.go)
	// changes counts mbarrier state changes (a warp spinning on an mbarrier
	// can proceed only after one; CTA.Run uses it for deadlock detection).
	changes uint64
}

// mbarrier returns the side-table entry of the barrier at shared address a
// (an uninitialized barrier when none was made there).
func (c *CTA) mbarrier(a uint32) *mbarrier.Barrier {
	if c.async.mbars == nil {
		c.async.mbars = map[uint32]*mbarrier.Barrier{}
	}
	b := c.async.mbars[a]
	if b == nil {
		b = &mbarrier.Barrier{}
		c.async.mbars[a] = b
	}
	return b
}

// sharedAddr resolves address operand o of lane l to the offset, in this
// CTA's shared memory, of an n-byte object aligned to align, given the
// instruction's state space (generic addresses must fall in the shared
// window; a .shared::cluster address must name this CTA: instructions that
// reach peers use sharedRef).
func (w *Warp) sharedAddr(x *xinst, sp ptx.Space, o *xop, l, n, align int) (uint32, error) {
	t, off, err := w.sharedRef(x, sp, o, l, n, align)
	if err != nil {
		return 0, err
	}
	if t != w.cta {
		return 0, w.laneFault(x, l, "%s reaches only its own CTA's shared memory, not cluster rank %d's", x.in.Text, t.rank)
	}
	return off, nil
}

// mbarSpin remembers a warp's last failed mbarrier wait: repeat is set when
// a failed wait is the same instruction as the previous one and no mbarrier
// changed in between (the warp is spinning, not progressing).
type mbarSpin struct {
	at      *xinst
	changes uint64
	repeat  bool
}

// spinOn marks the warp as spinning on the barrier at a.
func (w *Warp) spinOn(x *xinst, a uint32, b *mbarrier.Barrier) {
	s := &w.mspin
	ch := w.cta.async.changes
	s.repeat = s.at == x && s.changes == ch
	s.at, s.changes = x, ch
	w.spun = true
	w.spinWhy = fmt.Sprintf("(line %d: %s) %s", x.line(), x.in.Text, mbarWhy(a, b))
}

// countedAsync wraps x's handler so that each issue counts one modelled
// OpAsync wavefront (mbarrier arrives, bulk and tensor copies: ncu counts
// them in its all-ops shared total only).
func countedAsync(x *xinst) {
	inner := x.fn
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if c := w.cta.l.Counters; c != nil && m != 0 {
			c.Add(smem.OpAsync, smem.Cost{Wavefronts: 1, Ideal: 1, MaxWay: 1})
		}
		return inner(w, x, m)
	}
}

// mbarWhy describes a barrier for spin and deadlock reports.
func mbarWhy(a uint32, b *mbarrier.Barrier) string {
	s := b.State()
	return fmt.Sprintf("waits on mbarrier at shared 0x%x phase %d (pending arrivals %d of %d, tx-count %d)",
		a, s.Phase, s.Pending, s.Expected, s.Tx)
}
