package exec

import (
	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/ptx"
)

// Suspending waits (AsyncSuspendWaits): an mbarrier.try_wait that would
// fail in every active lane of the warp does not execute. Issue reports
// Retry with the phases waited on in Effect.Waits and the suspend-time
// hint in Effect.SuspendNs; the driver lets the warp sleep until one of
// those phases completes (CTA.MbarPhase moves) or until the suspend time
// passed, then calls Expire so that the try_wait executes and returns
// false, as PTX allows. If any lane would succeed the instruction executes
// as usual. Without the flag a failed try_wait writes false and the warp
// spins (Outcome Spun), the functional driver's behaviour.

// Expire lets the warp's next mbarrier.try_wait execute even when it
// fails in every lane (its suspend time ran out): it writes false and the
// warp goes on (Outcome Spun).
func (w *Warp) Expire() { w.expired = true }

// MbarPhase is the current phase of the CTA's mbarrier at shared offset a
// (0 when none was made there): a suspended warp waits until it differs
// from its Effect.Waits phase.
func (c *CTA) MbarPhase(a uint32) uint64 {
	if b := c.async.mbars[a]; b != nil {
		return b.Phase()
	}
	return 0
}

// suspending wraps a try_wait handler so that, under AsyncSuspendWaits,
// a wait that would fail in every lane of m reports Retry instead.
func suspending(x *xinst, sp ptx.Space) {
	inner := x.fn
	parity := x.in.Mods.Flags&ptx.FParity != 0
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if m != 0 && w.cta.tk.mode&AsyncSuspendWaits != 0 {
			if w.expired {
				w.expired = false
			} else if w.suspendWait(x, sp, parity, m) {
				return nil
			}
		}
		return inner(w, x, m)
	}
}

// suspendWait reports whether try_wait x fails in every lane of m without
// side effects on the barriers; if so it marks the Issue as Retry and
// fills the Effect. An operand the handler would fault on executes it.
func (w *Warp) suspendWait(x *xinst, sp ptx.Space, parity bool, m uint32) bool {
	for r := m; r != 0; r &= r - 1 {
		l := tz(r)
		t, a, err := w.sharedRef(x, sp, &x.ops[1], l, 8, 8)
		if err != nil || t != w.cta {
			return false
		}
		b := t.async.mbars[a]
		if b == nil {
			return false // the handler reports the uninitialized barrier
		}
		if ok, err := mbarTest(b, parity, w.src(&x.ops[2], l)); ok || err != nil {
			return false
		}
	}
	w.cur.retry = true
	e := w.ops
	w.mspin.multi = false
	for r := m; r != 0; r &= r - 1 {
		l := tz(r)
		_, a, _ := w.sharedRef(x, sp, &x.ops[1], l, 8, 8)
		b := w.cta.async.mbars[a]
		e.noteWait(MbarWait{M: MbarRef{w.cta, a}, Phase: b.Phase(), Parity: parity, Value: w.src(&x.ops[2], l)})
		if w.eff != nil {
			w.eff.noteMbar(w.cta, a)
		}
		// for the deadlock report and WaitBar: the warp waits on this
		// barrier (multi: its lanes wait on different ones)
		w.spun = true
		if r != m && a != w.mspin.bar {
			w.mspin.multi = true
		}
		w.mspin.at, w.mspin.bar, w.mspin.barB = x, a, b
	}
	if len(x.ops) == 4 && w.eff != nil {
		w.eff.SuspendNs = int64(w.src(&x.ops[3], tz(m)))
	}
	return true
}

// mbarTest is try_wait's test of token or parity v on b.
func mbarTest(b *mbarrier.Barrier, parity bool, v uint64) (bool, error) {
	if parity {
		return b.TestWaitParity(uint32(v))
	}
	return b.TestWait(mbarrier.Token(v))
}

// noteWait records a phase a suspended try_wait waits for (once per
// barrier).
func (e *Effect) noteWait(mw MbarWait) {
	for i := 0; i < min(e.NumWaits, len(e.Waits)); i++ {
		if e.Waits[i].M == mw.M {
			return
		}
	}
	if e.NumWaits < len(e.Waits) {
		e.Waits[e.NumWaits] = mw
	}
	e.NumWaits++
}

// mbarCompleted: a phase of the barrier at a completed, inside the Issue
// of warp by (nil when a Complete call outside any Issue completed it):
// the hazard checker's clocks, and by's Effect lists the phase.
func (c *CTA) mbarCompleted(a uint32, b *mbarrier.Barrier, by *Warp) {
	c.hazardMbarCompleted(a, b)
	if by == nil || by.eff == nil {
		return
	}
	e := by.eff
	if e.NumMbarDone < len(e.MbarDone) {
		e.MbarDone[e.NumMbarDone] = MbarPhase{MbarRef{c, a}, b.Phase() - 1}
	}
	e.NumMbarDone++
}

// noteWoke records, in the Effect of warp by's Issue, that a barrier
// release let warp w go on.
func (by *Warp) noteWoke(w *Warp) {
	if by.eff != nil && w != by {
		by.eff.Woke = append(by.eff.Woke, w)
	}
}
