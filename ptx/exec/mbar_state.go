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
	// txChanges counts the part of changes that are copies' complete_tx
	// (a TMA or bulk copy landing): a timed driver wakes a warp suspended
	// in try_wait on these only when it rechecks (sim/sm mbarpoll.go).
	txChanges uint64
	// tensorDone counts, per mbarrier address, the phases a TMA tensor
	// load's complete_tx completed: a timed driver wakes a warp suspended
	// in try_wait on that barrier at its next recheck, not at once (sim/sm
	// mbarpoll.go).
	tensorDone map[uint32]uint64
	// tensorBy is, per mbarrier address, the warp (of any CTA of the
	// cluster) that issued the tensor load whose complete_tx last completed
	// a phase there: a timed driver wakes a sleeping waiter that did not
	// issue it at once (sim/sm mbarpoll.go).
	tensorBy map[uint32]*Warp
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
// a failed wait is the same instruction as the previous one, no mbarrier
// changed in between and the warp's registers are as they were (the warp is
// spinning, not progressing). A loop whose registers change (a bounded
// wait counting its tries) progresses, up to maxSpinRounds failed waits in
// a row with no mbarrier change; then it counts as spinning too. The
// registers are compared every spinCheck failed waits (hashing them on
// every one cost a GEMM a quarter of its speed): a warp found unchanged
// stays stuck until a later check finds a change.
type mbarSpin struct {
	at      *xinst
	changes uint64
	regs    uint64 // hash of the waiting frame's registers at the last check
	rounds  int    // failed waits at x in a row with no mbarrier change
	stuck   bool   // the last check found the registers unchanged
	repeat  bool
	stamp   int64 // the CTA clock of the execution last counted (lanes of one execution count once)
	// the barrier waited on, for the deadlock report (spinWhy) and the
	// timed driver's wake (WaitBar)
	bar  uint32
	barB *mbarrier.Barrier
	// multi: lanes of the last failed wait named different barriers
	multi bool
}

const (
	// maxSpinRounds bounds the failed waits of a changing loop (a bounded
	// wait of up to 2^20 tries ends on its own; the corpus kernels use 2^16).
	maxSpinRounds = 1 << 20
	// spinCheck is how many failed waits apart the registers are compared.
	spinCheck = 64
)

// spinOn marks the warp as spinning on the barrier at a.
func (w *Warp) spinOn(x *xinst, a uint32, b *mbarrier.Barrier) {
	s := &w.mspin
	w.spun = true
	if s.at == x && s.stamp == w.cta.clock+1 {
		s.multi = s.multi || a != s.bar
		return // another lane of the same execution
	}
	s.stamp = w.cta.clock + 1
	s.bar, s.barB, s.multi = a, b, false
	ch := w.cta.async.changes
	same := s.at == x && s.changes == ch
	if same {
		s.rounds++
		if s.rounds%spinCheck == 0 {
			h := regHash(w.cur.frame)
			s.stuck, s.regs = h == s.regs, h
		}
	} else {
		s.rounds, s.stuck, s.regs = 0, false, 0
	}
	s.repeat = same && (s.stuck || s.rounds >= maxSpinRounds)
	s.at, s.changes = x, ch
}

// spinWhy describes the warp's last failed mbarrier wait ("" when none).
func (w *Warp) spinWhy() string {
	s := &w.mspin
	if s.at == nil || s.barB == nil {
		return ""
	}
	return fmt.Sprintf("(line %d: %s) %s", s.at.line(), s.at.in.Text, mbarWhy(s.bar, s.barB))
}

// countedAsync wraps x's handler so that each issue counts one modelled
// OpAsync wavefront (mbarrier arrives, bulk and tensor copies: ncu counts
// them in its all-ops shared total only).
func countedAsync(x *xinst) {
	inner := x.fn
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if m != 0 {
			cost := smem.Cost{Wavefronts: 1, Ideal: 1, MaxWay: 1}
			if c := w.cta.l.Counters; c != nil {
				c.Add(smem.OpAsync, cost)
			}
			if w.eff != nil {
				w.eff.noteSmem(smem.OpAsync, cost)
			}
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

// regHash is an FNV-1a hash of frame f's registers (every lane).
func regHash(f *Frame) uint64 {
	h := uint64(14695981039346656037)
	if f == nil {
		return h
	}
	for _, v := range f.regs {
		h = (h ^ v) * 1099511628211
	}
	return h
}

// WaitBar is the shared address (in the warp's CTA) of the mbarrier of the
// warp's last failed wait; ok is false when there was none or its lanes
// waited on different barriers.
func (w *Warp) WaitBar() (a uint32, ok bool) {
	s := &w.mspin
	return s.bar, s.barB != nil && !s.multi && w.cta.async.mbars[s.bar] == s.barB
}

// MbarTensorDone counts the phases of the CTA's mbarrier at shared offset
// a that a TMA tensor load's complete_tx completed.
func (c *CTA) MbarTensorDone(a uint32) uint64 { return c.async.tensorDone[a] }

// MbarTensorIssuer is the warp that issued the TMA tensor load whose
// complete_tx last completed a phase of the CTA's mbarrier at shared offset
// a (nil: none did).
func (c *CTA) MbarTensorIssuer(a uint32) *Warp { return c.async.tensorBy[a] }
