package exec

import "github.com/sm90sim/sm90sim/ptx"

// compileMapa handles mapa and getctarank. Until multi-CTA clusters exist,
// every cluster holds one CTA: its shared::cluster window maps rank 0 to
// the CTA's own shared memory at the same address, and any other rank is
// outside the cluster.
func compileMapa(c *compiler, x *xinst) error {
	in := x.in
	if in.Op == ptx.OpGetctarank {
		x.f1 = func(a uint64) uint64 { return 0 }
		x.fn = hUn
		return needOps(x, 2)
	}
	if err := needOps(x, 3); err != nil {
		return err
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			rank := w.src(&x.ops[2], l) & 0xffffffff
			if n := w.cta.clusterSize(); rank >= uint64(n) {
				return w.laneFault(x, l, "mapa: CTA rank %d is outside the cluster of %d", rank, n)
			}
			w.set(&x.ops[0], l, w.src(&x.ops[1], l))
		}
		return nil
	}
	return nil
}

// clusterSize is the number of CTAs in the CTA's cluster.
func (c *CTA) clusterSize() int {
	return c.clusterDim(0) * c.clusterDim(1) * c.clusterDim(2)
}
