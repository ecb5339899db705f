package exec

import (
	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/smem"
)

// The hazard checker for Ampere-style cp.async (ptx-facts §5.3 and the PTX
// cp.async sections). A cp.async writes shared memory asynchronously; its
// bytes may be touched only after a cp.async.wait_group / wait_all of the
// issuing thread covers it (or after a wait on the mbarrier phase that its
// cp.async.mbarrier.arrive belongs to), and by another warp only once a
// barrier (bar.sync, an mbarrier arrive/wait chain) orders that wait
// before the access. Groups are counted per warp (commit_group, wait_group
// and wait_all are executed by whole warps in every kernel we know).
//
// A cp.async is also checked like a TMA write for overwrite-while-read (a
// warp's read of those bytes not ordered before the issue: the classic
// missing __syncthreads before refilling a pipeline stage), and it is a
// generic-proxy write for the proxy check (hazard_proxy.go).

// cpTrack is the checker's cp.async state of a CTA's warps (the groups
// themselves are counted in tickets.go).
type cpTrack struct {
	pend [][]int32 // per warp: async writes not yet covered by a wait
}

func (t *cpTrack) init(nw int) {
	t.pend = make([][]int32, nw)
}

// hazardCpAsync checks and records warp w's cp.async whose lanes in acc
// write size bytes each at acc.Addr (offsets in w's CTA).
func (w *Warp) hazardCpAsync(x *xinst, acc *smem.Access, size int) error {
	c := w.cta
	c.hazardsOn()
	h := c.async.hz
	if h == nil || acc.Active == 0 {
		return nil
	}
	for r := acc.Active; r != 0; r &= r - 1 {
		l := tz(r)
		off := acc.Addr[l] & clusterOffMask
		end := off + uint32(size)
		for k := off / hzChunk; k < (end+hzChunk-1)/hzChunk && int(k) < len(h.chunk); k++ {
			if i := h.chunk[k]; i > 0 && h.mask[k]&chunkBits(k, off, end) != 0 {
				if wr := &h.writes[i-1]; !(wr.cp && wr.src == h.rank && wr.warp == w.id) && !h.observed(w.id, wr) {
					return w.hazardFault(x, l, wr, k, true)
				}
			}
		}
	}
	idx := h.add(asyncWrite{what: "cp.async", line: x.line(), warp: w.id, src: h.rank, cp: true, group: w.async().cp.committed + 1})
	h.cp.pend[w.id] = append(h.cp.pend[w.id], idx)
	for r := acc.Active; r != 0; r &= r - 1 {
		l := tz(r)
		off := acc.Addr[l] & clusterOffMask
		if err := c.landRange(x, l, w, idx, off, off+uint32(size)); err != nil {
			return err
		}
	}
	return nil
}

// hazardCpWait: warp w's cp.async.wait_group n (wait_all: after its
// commit). The copies of groups older than the n most recent ones are
// complete and visible to w from now on.
func (w *Warp) hazardCpWait(n uint32) {
	h := w.cta.async.hz
	if h == nil {
		return
	}
	t := &h.cp
	c := w.async().cp.committed
	if n >= c {
		return
	}
	upto := c - n
	e := h.epoch(w.id)
	keep := t.pend[w.id][:0]
	for _, i := range t.pend[w.id] {
		wr := &h.writes[i-1]
		if wr.group <= upto {
			wr.done = e
		} else {
			keep = append(keep, i)
		}
	}
	t.pend[w.id] = keep
}

// hazardCpArrive: warp w's cp.async.mbarrier.arrive on the barrier at a:
// its earlier cp.async copies complete in the barrier's current phase.
func (w *Warp) hazardCpArrive(a uint32, b *mbarrier.Barrier) {
	h := w.cta.async.hz
	if h == nil {
		return
	}
	key, ph := mbarKey(h.rank, a), b.Phase()
	for _, i := range h.cp.pend[w.id] {
		if wr := &h.writes[i-1]; !wr.hasBar {
			wr.hasBar, wr.bar, wr.phase = true, key, ph
		}
	}
}
