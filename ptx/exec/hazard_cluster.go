package exec

// The hazard checker across the CTAs of a cluster. Vector clocks span the
// warps of the whole cluster (warp i of rank r is r*nw+i), mbarrier phases
// are keyed by (rank, offset), so an ordering made through barrier.cluster
// or a remote mbarrier arrive (a consumer in CTA B arriving on the
// producer's "empty" barrier in CTA A, A's producer waiting on it) carries
// B's reads to A's producer. A TMA or bulk copy that A's warp lands in B's
// shared memory (multicast, shared::cluster destination) is then checked
// against the reads of B's warps like a local one (landRange), and a warp
// reading a peer's shared memory (ld.shared::cluster) against the async
// copies that landed there (hazardRemoteAccess).

// hazardClusterArrive: warp w arrives at barrier.cluster.
func (w *Warp) hazardClusterArrive() {
	if h := w.cta.async.hz; h != nil {
		h.release(w.id, &h.cluster)
	}
}

// hazardClusterRelease: barrier.cluster completed a phase. Every warp of c
// learns every arrival of every CTA of the cluster (the CTAs' barrier
// clocks are cumulative: an arrival of an earlier phase happened before
// this release too). Not only the waiters: the last warp to arrive, and a
// warp that arrived but has not reached its barrier.cluster.wait yet, find
// the phase complete at their wait without being a waiter. (For the latter
// the acquire comes early: accesses between its arrive and its wait go
// unchecked.)
func (c *CTA) hazardClusterRelease(waiters []*Warp) {
	h := c.async.hz
	if h == nil {
		return
	}
	for _, p := range c.cl.ctas {
		if p == nil || p.async.hz == nil {
			continue
		}
		for i := range h.clocks {
			h.clocks[i].join(&p.async.hz.cluster)
		}
	}
}

// hazardRemoteAccess checks lane l's generic access of [off, off+n) in the
// shared memory of cluster rank rank: a read or write of bytes an async copy
// wrote there that this warp has not observed complete. (Remote reads are
// not recorded for the overwrite-while-read check, and remote writes do
// not clear the copy's record.) A write is also checked against the
// peer's wgmma operand reads (hazard_wgread.go).
func (w *Warp) hazardRemoteAccess(x *xinst, l int, rank, off uint32, n int, write bool) error {
	cl := w.cta.cl
	if cl == nil || int(rank) >= len(cl.ctas) || cl.ctas[rank] == nil {
		return nil
	}
	th := cl.ctas[rank].async.hz
	if th == nil {
		return nil
	}
	h := w.cta.async.hz
	end := off + uint32(n)
	for k := off / hzChunk; k < (end+hzChunk-1)/hzChunk && int(k) < len(th.chunk); k++ {
		if i := th.chunk[k]; i > 0 && th.mask[k]&chunkBits(k, off, end) != 0 {
			if wr := &th.writes[i-1]; !h.observed(w.id, wr) {
				return w.hazardFault(x, l, wr, k, write)
			}
		}
		if write {
			if err := cl.ctas[rank].hazardWgmmaOverwrite(x, l, w, k, x.in.Text); err != nil {
				return err
			}
		}
	}
	return nil
}
