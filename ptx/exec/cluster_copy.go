package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// copyDest is one CTA an async copy into shared::cluster memory lands in:
// the destination offset and the offset of the mbarrier that receives the
// complete_tx, both in t's shared memory.
type copyDest struct {
	t        *CTA
	dst, bar uint32
}

// copyDests resolves where an async copy of n bytes lands (TMA loads and
// bulk copies into shared::cluster memory). Without multicast: the CTA the
// destination address names (the executing CTA or a peer), whose mbarrier
// the barrier operand must name too. With .multicast::cluster: every CTA
// whose %cluster_ctarank bit is set in the ctaMask operand (index mi), at
// the destination's offset, each completing on the mbarrier at the
// barrier's offset in that CTA (ptx-facts §5.2).
func (w *Warp) copyDests(x *xinst, l int, sp ptx.Space, dstOp, barOp *xop, n, align int, mi int) ([]copyDest, error) {
	t, d, err := w.sharedRef(x, sp, dstOp, l, n, align)
	if err != nil {
		return nil, err
	}
	tb, b, err := w.sharedRef(x, sp, barOp, l, 8, 8)
	if err != nil {
		return nil, err
	}
	if mi < 0 {
		if tb != t {
			return nil, w.laneFault(x, l, "%s: the destination is in cluster rank %d but the mbarrier in rank %d (they must be in the same CTA)", x.in.Text, t.rank, tb.rank)
		}
		return []copyDest{{t, d, b}}, nil
	}
	if mi >= len(x.ops) {
		return nil, w.laneFault(x, l, "%s: .multicast::cluster needs a ctaMask operand", x.in.Text)
	}
	mask := w.src(&x.ops[mi], l) & 0xffff
	size := w.cta.clusterSize()
	var out []copyDest
	for r := 0; r < 16; r++ {
		if mask&(1<<r) == 0 {
			continue
		}
		if r >= size {
			return nil, w.laneFault(x, l, "%s: ctaMask 0x%x selects CTA rank %d, outside the cluster of %d", x.in.Text, mask, r, size)
		}
		rb := uint64(r) << clusterRankShift
		p, off, msg := w.cta.sharedTarget(ptx.SpaceSharedCluster, rb|uint64(d), n)
		if msg == "" {
			_, _, msg = w.cta.sharedTarget(ptx.SpaceSharedCluster, rb|uint64(b), 8)
		}
		if msg != "" {
			return nil, w.laneFault(x, l, "%s (multicast to rank %d): %s", x.in.Text, r, msg)
		}
		out = append(out, copyDest{p, uint32(off), b})
	}
	return out, nil
}

// land is the arrival of n bytes of an async copy into [d.dst, d.dst+foot)
// of d.t: the hazard checker of that CTA records it, and its mbarrier gets
// the complete_tx when the copy's ticket completes (tickets.go).
func (w *Warp) land(x *xinst, l int, what string, d copyDest, foot, n uint32) error {
	t := d.t
	t.hazardsOn()
	b := t.mbarrier(d.bar)
	if !b.Valid() {
		return w.laneFault(x, l, "%s completes on mbarrier at shared 0x%x%s, which is not initialized", what, d.bar, t.rankWord(w.cta))
	}
	if err := w.hazardLand(x, l, t, what, d.dst, d.dst+foot, d.bar, b.Phase()); err != nil {
		return err
	}
	w.countOp(x, smem.OpTMA, tmaWriteCost(d.dst, foot, n))
	if w.eff != nil {
		w.eff.noteLand(t, d.bar, n)
	}
	return w.startTx(x, l, t, d.bar, n)
}

// rankWord names t for messages by a warp of CTA from ("" for itself).
func (t *CTA) rankWord(from *CTA) string {
	if t == from {
		return ""
	}
	return fmt.Sprintf(" of cluster rank %d", t.rank)
}

// tmaWriteCost is the modelled shared-memory cost of an async copy writing
// n bytes over the footprint [dst, dst+foot) (smem.OpTMA): one wavefront
// per 128-byte segment the footprint touches, ideal n/128 rounded up, the
// most distinct lines sharing a bank the footprint's segments per 128
// bytes of data.
func tmaWriteCost(dst, foot, n uint32) smem.Cost {
	if foot == 0 {
		return smem.Cost{}
	}
	segs := int((dst+foot-1)/128 - dst/128 + 1)
	ideal := int((n + 127) / 128)
	return smem.Cost{Wavefronts: segs, Ideal: min(ideal, segs), MaxWay: max(1, (segs+ideal-1)/max(ideal, 1))}
}
