package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
)

// compileBulkCopy handles the non-tensor bulk copies (ptx-facts §7):
//
//	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint}
//	    [dst], [src], size, [mbar]{, ctaMask}{, policy}
//	cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [dst], [src], size, [mbar]
//	cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint} [dst], [src], size{, policy}
//	cp.reduce.async.bulk.global.shared::cta.bulk_group.OP.TYPE [dst], [src], size{, policy}
//	cp.async.bulk.prefetch.L2.global [src], size{, policy}
//
// Each active thread issues its own copy. Sizes and addresses are multiples
// of 16. Loads write shared memory and complete_tx their mbarrier at issue.
func compileBulkCopy(c *compiler, x *xinst) error {
	in := x.in
	defer countedAsync(x)
	if slices.Contains(in.Quals, "prefetch") {
		x.setAsync(AsyncPrefetch, 0)
		if len(x.ops) < 2 || x.ops[0].kind != oAddr {
			return errAt(in, "%s expects [src], size{, policy}", in.Text)
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error { return nil }
		return nil
	}
	if len(x.ops) < 3 || x.ops[0].kind != oAddr || x.ops[1].kind != oAddr {
		return errAt(in, "%s expects [dst], [src], size, ...", in.Text)
	}
	dstSp, srcSp := in.Mods.Space, in.Mods.Space2
	if dstSp == ptx.SpaceGlobal {
		if srcSp != ptx.SpaceShared {
			return errUnsupported(in)
		}
		x.setAsync(AsyncBulkStore, 0)
		return compileBulkStore(x)
	}
	x.setAsync(AsyncBulkLoad, 0)
	if dstSp != ptx.SpaceSharedCluster && dstSp != ptx.SpaceShared {
		return errUnsupported(in)
	}
	if len(x.ops) < 4 || x.ops[3].kind != oAddr || in.Mods.Flags&ptx.FCompleteTxBytes == 0 {
		return errAt(in, "%s: a copy into shared memory completes on an mbarrier: [dst], [src], size, [mbar] with .mbarrier::complete_tx::bytes", in.Text)
	}
	if in.Mods.Sub == "reduce" {
		return errUnsupported(in)
	}
	mi := -1
	if in.Mods.Flags&ptx.FMulticast != 0 {
		mi = 4
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		for r := m; r != 0; r &= r - 1 {
			if err := w.bulkLoad(x, tz(r), dstSp, srcSp, mi); err != nil {
				return err
			}
		}
		return nil
	}
	return nil
}

// bulkLoad is one thread's bulk copy into shared::cluster memory: from
// global memory (to every CTA of the ctaMask with .multicast::cluster), or
// from its own CTA's shared memory to a CTA of the cluster (cluster_copy.go).
func (w *Warp) bulkLoad(x *xinst, l int, dstSp, srcSp ptx.Space, mi int) error {
	n := uint32(w.src(&x.ops[2], l))
	if n%16 != 0 || n == 0 {
		return w.laneFault(x, l, "bulk copy size %d is not a positive multiple of 16", n)
	}
	dests, err := w.copyDests(x, l, dstSp, &x.ops[0], &x.ops[3], int(n), 16, mi)
	if err != nil {
		return err
	}
	var src []byte
	if srcSp == ptx.SpaceGlobal {
		a := w.addrOf(&x.ops[1], l)
		if a%16 != 0 {
			return w.laneFault(x, l, "misaligned bulk copy source 0x%x (needs 16-byte alignment)", a)
		}
		b, msg := w.access(ptx.SpaceGlobal, a, int(n), l)
		if msg != "" {
			return w.laneFault(x, l, "%s", msg)
		}
		w.markBulkGlobal()
		src = b
	} else {
		s, err := w.sharedAddr(x, srcSp, &x.ops[1], l, int(n), 16)
		if err != nil {
			return err
		}
		if err := w.hazardAsyncRead(x, l, "bulk copy", s, s+n); err != nil {
			return err
		}
		src = w.cta.shared[s : s+n]
	}
	for _, d := range dests {
		if err := w.land(x, l, "bulk copy", d, n, n); err != nil {
			return err
		}
		copy(d.t.shared[d.dst:d.dst+n], src)
	}
	return nil
}

// compileBulkStore: cp.async.bulk.global.shared::cta.bulk_group and its
// cp.reduce form: shared memory is read at issue.
func compileBulkStore(x *xinst) error {
	in := x.in
	var red atomFn
	es := 1
	if in.Mods.Sub == "reduce" {
		t := ptx.B8
		if len(in.Mods.Types) > 0 {
			t = in.Mods.Types[len(in.Mods.Types)-1]
		}
		f, err := bulkReduceOp(in, t)
		if err != nil {
			return err
		}
		red, es = f, t.Size()
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			n := uint32(w.src(&x.ops[2], l))
			if n%16 != 0 || n == 0 {
				return w.laneFault(x, l, "bulk copy size %d is not a positive multiple of 16", n)
			}
			s, err := w.sharedAddr(x, ptx.SpaceShared, &x.ops[1], l, int(n), 16)
			if err != nil {
				return err
			}
			if err := w.hazardAsyncRead(x, l, "bulk copy", s, s+n); err != nil {
				return err
			}
			w.hazardBulkRead(x, "bulk copy", s, s+n)
			if err := w.startBulk(x, l, n); err != nil {
				return err
			}
			a := w.addrOf(&x.ops[0], l)
			if a%16 != 0 {
				return w.laneFault(x, l, "misaligned bulk copy destination 0x%x (needs 16-byte alignment)", a)
			}
			acc := w.access // a reduction reads its destination
			if red == nil {
				acc = w.accessStore
			}
			dst, msg := acc(ptx.SpaceGlobal, a, int(n), l)
			if msg != "" {
				return w.laneFault(x, l, "%s", msg)
			}
			w.markBulkGlobal()
			src := w.cta.shared[s : s+n]
			if red == nil {
				copy(dst, src)
				continue
			}
			for i := 0; i < int(n); i += es {
				putLE(dst[i:], es, red(getLE(dst[i:], es), getLE(src[i:], es), 0))
			}
		}
		return nil
	}
	return nil
}

// markBulkGlobal marks the instruction's global traffic as the TMA unit's
// (Effect.GlobalTMA): a bulk copy's lines go to L2 from the SM's TMA/bulk
// engine, never through the LSU and L1, as a tensor copy's do.
func (w *Warp) markBulkGlobal() {
	if w.eff != nil {
		w.eff.GlobalTMA = true
	}
}
