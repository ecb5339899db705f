package exec

import (
	"fmt"
	"slices"

	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/ptx"
)

// compileMbarrier handles every mbarrier form of ptx-facts §4.2. Each lane
// of the group performs its own operation, in lane order.
func compileMbarrier(c *compiler, x *xinst) error {
	in := x.in
	sp := in.Mods.Space
	x.setAsync(AsyncMbarOther, 0)
	if in.Mods.Sub == "try_wait" || in.Mods.Sub == "test_wait" {
		x.setAsync(AsyncMbarWait, 0)
	}
	switch in.Mods.Sub {
	case "init":
		return mbarOp(x, 2, 0, sp, true, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
			return b.Init(uint32(w.src(&x.ops[1], l)))
		})
	case "inval":
		return mbarOp(x, 1, 0, sp, true, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
			return b.Inval()
		})
	case "expect_tx":
		return mbarOp(x, 2, 0, sp, true, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
			return b.ExpectTx(uint32(w.src(&x.ops[1], l)))
		})
	case "complete_tx":
		return mbarOp(x, 2, 0, sp, true, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
			done, err := b.CompleteTx(uint32(w.src(&x.ops[1], l)))
			if done {
				t.mbarCompleted(a, b, w)
			}
			return err
		})
	case "arrive", "arrive_drop":
		return compileMbarArrive(x, sp)
	case "test_wait", "try_wait":
		return compileMbarWait(x, sp)
	case "pending_count":
		if err := needOps(x, 2); err != nil {
			return err
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) {
				w.set(&x.ops[0], l, uint64(mbarrier.Token(w.src(&x.ops[1], l)).PendingCount()))
			})
			return nil
		}
		return nil
	}
	return errUnsupported(in)
}

// mbarOp compiles a form whose barrier address is operand ai and that needs
// nops operands; f runs per lane with the CTA t that owns the barrier (a
// peer of the cluster for the remote forms: arrive, expect_tx, complete_tx
// on a .shared::cluster address) and the barrier's offset a in t.
func mbarOp(x *xinst, nops, ai int, sp ptx.Space, mutates bool, f func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error) error {
	remote := false
	switch x.in.Mods.Sub {
	case "arrive", "arrive_drop", "expect_tx", "complete_tx":
		remote = true
	}
	if err := needOps(x, nops); err != nil {
		return err
	}
	if x.ops[ai].kind != oAddr {
		return errAt(x.in, "%s needs an mbarrier address [a]", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			t, a, err := w.sharedRef(x, sp, &x.ops[ai], l, 8, 8)
			if err != nil {
				return err
			}
			if t != w.cta && !remote {
				return w.laneFault(x, l, "%s: the mbarrier at shared::cluster offset 0x%x is in cluster rank %d; only arrive, expect_tx and complete_tx reach a peer's mbarrier", x.in.Text, a, t.rank)
			}
			w.cta.hazardsOn()
			t.hazardsOn()
			if w.eff != nil {
				w.eff.noteMbar(t, a)
			}
			if mutates {
				t.async.changes++
				t.noteBar(a)
				if w.eff != nil {
					w.eff.AsyncChanged = true
				}
			}
			if err := f(w, t, t.mbarrier(a), a, l); err != nil {
				if t != w.cta {
					return w.laneFault(x, l, "mbarrier at shared 0x%x of cluster rank %d: %v", a, t.rank, err)
				}
				return w.laneFault(x, l, "mbarrier at shared 0x%x: %v", a, err)
			}
		}
		return nil
	}
	return nil
}

// compileMbarArrive: arrive / arrive_drop, with an optional count, or with
// .expect_tx and a tx-count. The token goes to operand 0 (or `_`).
func compileMbarArrive(x *xinst, sp ptx.Space) error {
	in := x.in
	if len(x.ops) < 2 || len(x.ops) > 3 {
		return errAt(in, "%s expects state, [addr] and an optional count", in.Text)
	}
	if sp == ptx.SpaceSharedCluster && x.ops[0].kind != oSink {
		return errAt(in, "%s: the .shared::cluster form returns no state; write '_'", in.Text)
	}
	expectTx := in.Mods.Flags&ptx.FExpectTx != 0
	if expectTx && len(x.ops) != 3 {
		return errAt(in, "%s needs a tx-count operand", in.Text)
	}
	drop := in.Mods.Sub == "arrive_drop"
	noComplete := slices.Contains(in.Quals, "noComplete")
	defer countedAsync(x)
	return mbarOp(x, len(x.ops), 1, sp, true, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
		count, tx := uint32(1), uint32(0)
		if len(x.ops) == 3 {
			if expectTx {
				tx = uint32(w.src(&x.ops[2], l))
			} else {
				count = uint32(w.src(&x.ops[2], l))
			}
		}
		if expectTx {
			if err := b.ExpectTx(tx); err != nil {
				return err
			}
		}
		w.hazardRelease(t, a, b)
		var tok mbarrier.Token
		var done bool
		var err error
		if drop {
			tok, done, err = b.ArriveDrop(count)
		} else {
			tok, done, err = b.Arrive(count)
		}
		if err != nil {
			return err
		}
		if done {
			if noComplete {
				return fmt.Errorf(".noComplete arrive completed phase %d (undefined behaviour)", b.Phase()-1)
			}
			t.mbarCompleted(a, b, w)
		}
		w.set(&x.ops[0], l, uint64(tok))
		return nil
	})
}

// compileMbarWait: test_wait / try_wait by token or by .parity. A false
// result marks the warp as spinning (it is not progress), so a CTA whose
// warps only wait is reported as a deadlock naming the barrier.
func compileMbarWait(x *xinst, sp ptx.Space) error {
	in := x.in
	n := len(x.ops)
	if n != 3 && !(n == 4 && in.Mods.Sub == "try_wait") {
		return errAt(in, "%s expects p, [addr], state|parity (and for try_wait an optional suspend-time hint)", in.Text)
	}
	if sp == ptx.SpaceSharedCluster {
		return errAt(in, "%s: waiting on a .shared::cluster mbarrier is not allowed", in.Text)
	}
	parity := in.Mods.Flags&ptx.FParity != 0
	if in.Mods.Sub == "try_wait" {
		defer suspending(x, sp)
	}
	return mbarOp(x, n, 1, sp, false, func(w *Warp, t *CTA, b *mbarrier.Barrier, a uint32, l int) error {
		v := w.src(&x.ops[2], l)
		var ok bool
		var err error
		if parity {
			ok, err = b.TestWaitParity(uint32(v))
		} else {
			ok, err = b.TestWait(mbarrier.Token(v))
		}
		if err != nil {
			return err
		}
		w.set(&x.ops[0], l, b2u(ok))
		if n == 4 && w.eff != nil {
			// the suspend-time hint (ns), also when a register holds it
			w.eff.SuspendNs = int64(w.src(&x.ops[3], l))
		}
		if ok {
			w.hazardAcquire(a, b)
		} else {
			w.spinOn(x, a, b)
		}
		return nil
	})
}
