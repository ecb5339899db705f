package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
)

// The shared::cluster address encoding, as an H200 showed it
// (validation/testdata/cluster_ring_*, info slots 18-69):
//
//	shared-space address = rank << 24 | offset
//
// where rank is the owning CTA's %cluster_ctarank and offset its byte
// offset in that CTA's shared memory (a CTA has at most 227 KiB, so 24 bits
// hold it). A CTA's own shared::cta addresses carry its own rank: `mov.u32
// r, smem_var` gives 0x1000400 in rank 1 (the symbol is at offset 0x400),
// so its shared::cta window is one 16 MiB slot of the shared::cluster
// window, and a shared::cta address is a valid shared::cluster address of
// the same CTA. mapa.shared::cluster.u32 a, q replaces the rank field with
// q; getctarank reads it. Generic addresses are the shared window's base
// plus the shared::cluster address (mapa.u64 moves a generic address by
// (q - rank) << 24; cvta.shared::cluster agrees). A launch without clusters
// is a cluster of one: rank 0, plain offsets.
const (
	clusterRankShift = 24
	clusterOffMask   = 1<<clusterRankShift - 1
)

// sharedBase is the CTA's shared::cta window in the shared::cluster space.
func (c *CTA) sharedBase() uint64 { return uint64(c.rank) << clusterRankShift }

// sharedRank splits a shared-space address into its rank field and offset.
func sharedRank(a uint64) (rank uint64, off uint64) {
	return a >> clusterRankShift, a & clusterOffMask
}

// sharedTarget resolves n bytes at shared-space address a in space sp
// (.shared::cta or .shared::cluster) to the CTA that owns them and the
// offset in its shared memory, or describes the fault.
func (c *CTA) sharedTarget(sp ptx.Space, a uint64, n int) (*CTA, uint64, string) {
	r, off := sharedRank(a)
	t := c
	if r == 0 && sp == ptx.SpaceShared {
		// A shared::cta address without the rank field is the CTA's own:
		// wgmma matrix descriptors hold only 18 address bits.
		// (UNCONFIRMED for ld/st.shared::cta in ranks > 0: compiled code
		// always uses the ranked addresses that symbols and cvta give.)
		r = uint64(c.rank)
	}
	if r != uint64(c.rank) {
		size := c.clusterSize()
		switch {
		case size == 1 || r >= uint64(size):
			if size > 1 {
				return nil, 0, fmt.Sprintf("shared::cluster address 0x%x names CTA rank %d, outside the cluster of %d CTAs", a, r, size)
			}
			return nil, 0, c.sharedOOB(a, n)
		case sp != ptx.SpaceSharedCluster:
			return nil, 0, fmt.Sprintf("shared::cta address 0x%x is in the shared memory of cluster rank %d; this CTA is rank %d (a peer needs .shared::cluster)", a, r, c.rank)
		}
		if t = c.cl.ctas[r]; t == nil {
			return nil, 0, fmt.Sprintf("shared::cluster address 0x%x names CTA rank %d, which is not running in this simulation", a, r)
		}
	}
	lo := uint64(t.k.layout.SharedReservedBytes)
	if off < lo || off+uint64(n) > uint64(len(t.shared)) {
		return nil, 0, t.sharedOOB(a, n)
	}
	return t, off, ""
}

func (c *CTA) sharedOOB(a uint64, n int) string {
	lo := uint64(c.k.layout.SharedReservedBytes)
	b := c.sharedBase()
	return fmt.Sprintf("out-of-bounds shared access of %d bytes at 0x%x (CTA shared memory is [0x%x, 0x%x))", n, a, b+lo, b+uint64(len(c.shared)))
}

// ownShared reports whether shared-space address a is in this CTA's window.
func (c *CTA) ownShared(a uint64) bool {
	r, _ := sharedRank(a)
	return r == uint64(c.rank)
}

// sharedRef resolves address operand o of lane l to the CTA owning an
// n-byte shared object aligned to align and its offset there. sp is the
// instruction's state space (generic addresses must fall in the shared
// window); a .shared::cluster address may name a peer CTA.
func (w *Warp) sharedRef(x *xinst, sp ptx.Space, o *xop, l, n, align int) (*CTA, uint32, error) {
	a := w.addrOf(o, l)
	s, aa := sp, a
	if s == ptx.SpaceNone {
		s, aa = w.cta.classify(a)
	}
	if s != ptx.SpaceShared && s != ptx.SpaceSharedCluster {
		return nil, 0, w.laneFault(x, l, "address 0x%x is not in shared memory", a)
	}
	if align > 1 && aa%uint64(align) != 0 {
		return nil, 0, w.laneFault(x, l, "misaligned shared address 0x%x (needs %d-byte alignment)", aa, align)
	}
	t, off, msg := w.cta.sharedTarget(s, aa, n)
	if msg != "" {
		return nil, 0, w.laneFault(x, l, "%s", msg)
	}
	return t, uint32(off), nil
}
