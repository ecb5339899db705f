package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/smem"
)

// hazards is the async-copy hazard checker of one CTA. It starts at the
// CTA's first mbarrier operation or async bulk copy and detects exactly:
//
//  1. read-before-complete: a warp reads (ld.shared, ldmatrix, atom) or
//     writes (st.shared, stmatrix) shared bytes last written by a TMA or
//     bulk copy whose mbarrier phase completion that warp has not observed:
//     neither by its own successful test_wait/try_wait on that barrier after
//     the phase completed, nor through a bar.sync/barrier.cluster or an
//     mbarrier arrive->wait chain from a warp that had observed it;
//  2. overwrite-while-read: a TMA or bulk copy issued by warp W lands on
//     shared bytes that another warp R read, where R's read is not ordered
//     before W's issue by such a chain (R arrives on an mbarrier or a named
//     barrier after the read, and W waits on it / syncs with it).
//
// Ordering is tracked with vector clocks over warps (a release is an
// mbarrier arrive or a barrier arrive; an acquire is a successful mbarrier
// wait or a barrier release). Bytes are tracked in 16-byte chunks.
type hazards struct {
	nw      int
	clocks  []vclock // per warp
	mbars   map[uint32]*mbarClock
	bars    [16]vclock // named barriers: knowledge of the arrivals so far
	cluster vclock
	chunk   []int32 // per 16-byte chunk: 1 + index into writes, 0 none
	writes  []asyncWrite
	reads   []uint32 // chunk*nw + warp: the reader's epoch at its last read, 0 none
}

// asyncWrite is one async copy into shared memory.
type asyncWrite struct {
	what  string // "TMA load", "bulk copy"
	line  int
	warp  int
	bar   uint32 // tracking mbarrier
	phase uint64 // the barrier phase the copy's complete_tx belongs to
}

const hzChunk = 16

// hazardsOn starts the checker (unless the launch switched it off).
func (c *CTA) hazardsOn() {
	if c.async.hz != nil || c.l.NoHazardCheck {
		return
	}
	nw := len(c.warps)
	h := &hazards{nw: nw, mbars: map[uint32]*mbarClock{}}
	h.clocks = make([]vclock, nw)
	for i := range h.clocks {
		h.clocks[i] = newVclock(nw)
		h.clocks[i].w[i] = 1
	}
	for i := range h.bars {
		h.bars[i] = newVclock(nw)
	}
	h.cluster = newVclock(nw)
	n := (len(c.shared) + hzChunk - 1) / hzChunk
	h.chunk = make([]int32, n)
	h.reads = make([]uint32, n*nw)
	c.async.hz = h
}

func (h *hazards) mbar(a uint32) *mbarClock {
	m := h.mbars[a]
	if m == nil {
		m = &mbarClock{acc: newVclock(h.nw), done: newVclock(h.nw)}
		h.mbars[a] = m
	}
	return m
}

// release publishes warp i's knowledge into v and starts its next epoch.
func (h *hazards) release(i int, v *vclock) {
	v.join(&h.clocks[i])
	h.clocks[i].w[i]++
}

// hazardRelease: warp w arrives on the mbarrier at a.
func (w *Warp) hazardRelease(a uint32, b *mbarrier.Barrier) {
	if h := w.cta.async.hz; h != nil {
		h.release(w.id, &h.mbar(a).acc)
	}
}

// hazardAcquire: warp w's wait on the mbarrier at a succeeded.
func (w *Warp) hazardAcquire(a uint32, b *mbarrier.Barrier) {
	if h := w.cta.async.hz; h != nil {
		h.clocks[w.id].join(&h.mbar(a).done)
	}
}

// mbarCompleted: a phase of the barrier at a completed.
func (c *CTA) mbarCompleted(a uint32, b *mbarrier.Barrier) {
	if h := c.async.hz; h != nil {
		m := h.mbar(a)
		m.done.join(&m.acc)
		m.done.seen(a, b.Phase())
		m.acc.reset()
	}
}

// hazardBarArrive: warp w arrives at named barrier id.
func (w *Warp) hazardBarArrive(id int) {
	if h := w.cta.async.hz; h != nil {
		h.release(w.id, &h.bars[id&15])
	}
}

// hazardBarRelease: named barrier id releases its waiters.
func (c *CTA) hazardBarRelease(id int, waiters []barWaiter) {
	if h := c.async.hz; h != nil {
		for _, wt := range waiters {
			h.clocks[wt.w.id].join(&h.bars[id&15])
		}
		h.bars[id&15].reset()
	}
}

// hazardClusterArrive / hazardClusterRelease: barrier.cluster.
func (w *Warp) hazardClusterArrive() {
	if h := w.cta.async.hz; h != nil {
		h.release(w.id, &h.cluster)
	}
}

func (c *CTA) hazardClusterRelease(waiters []*Warp) {
	if h := c.async.hz; h != nil {
		for _, w := range waiters {
			h.clocks[w.id].join(&h.cluster)
		}
		h.cluster.reset()
	}
}

// hazardAccess checks a generic shared-memory access of the warp (called
// for every counted access, before fusion).
func (w *Warp) hazardAccess(x *xinst, a *smem.Access) error {
	h := w.cta.async.hz
	if h == nil {
		return nil
	}
	width := a.Width
	lanes := a.Active
	if a.Kind.IsMatrix() {
		width = 16
	}
	write := a.Kind == smem.OpSt || a.Kind == smem.OpStsm
	me := &h.clocks[w.id]
	for r := lanes; r != 0; r &= r - 1 {
		l := tz(r)
		off := a.Addr[l] & clusterOffMask // shared::cluster rank bits (cluster_addr.go)
		lo, hi := off/hzChunk, (off+uint32(max(width, 1))-1)/hzChunk
		for k := lo; k <= hi && int(k) < len(h.chunk); k++ {
			if i := h.chunk[k]; i > 0 {
				wr := &h.writes[i-1]
				if me.bars[wr.bar] <= wr.phase {
					return w.hazardFault(x, l, wr, k, write)
				}
			}
			if write {
				h.chunk[k] = 0 // generic data now; the copy's bytes are gone
			} else {
				h.reads[int(k)*h.nw+w.id] = me.w[w.id]
			}
		}
	}
	return nil
}

func (w *Warp) hazardFault(x *xinst, l int, wr *asyncWrite, k uint32, write bool) error {
	verb := "reads"
	if write {
		verb = "writes"
	}
	return w.laneFault(x, l, "async hazard: warp %d %s shared [0x%x, 0x%x) written by the %s of warp %d at line %d, "+
		"whose completion (mbarrier at shared 0x%x phase %d) warp %d has not observed: wait on that mbarrier phase (or sync with a warp that did) first",
		w.id, verb, k*hzChunk, (k+1)*hzChunk, wr.what, wr.warp, wr.line, wr.bar, wr.phase, w.id)
}

// hazardAsyncWrite records an async copy by warp w into shared [lo, hi)
// tracked by the mbarrier at bar in phase phase, and reports a warp whose
// unsynchronized read of those bytes it would overwrite.
func (w *Warp) hazardAsyncWrite(x *xinst, l int, what string, lo, hi, bar uint32, phase uint64) error {
	h := w.cta.async.hz
	if h == nil || hi <= lo {
		return nil
	}
	h.writes = append(h.writes, asyncWrite{what: what, line: x.line(), warp: w.id, bar: bar, phase: phase})
	idx := int32(len(h.writes))
	me := &h.clocks[w.id]
	for k := lo / hzChunk; k < (hi+hzChunk-1)/hzChunk && int(k) < len(h.chunk); k++ {
		rs := h.reads[int(k)*h.nw : int(k)*h.nw+h.nw]
		for r, e := range rs {
			if e != 0 && r != w.id && me.w[r] < e {
				return w.laneFault(x, l, "async hazard: the %s of warp %d writes shared [0x%x, 0x%x) that warp %d read "+
					"without synchronization (no mbarrier arrive/wait or barrier orders that read before this copy)",
					what, w.id, k*hzChunk, (k+1)*hzChunk, r)
			}
			rs[r] = 0
		}
		h.chunk[k] = idx
	}
	return nil
}

// hazardDesc is a one-line description of the checker's state (tests).
func (h *hazards) String() string {
	return fmt.Sprintf("hazards{warps %d, writes %d}", h.nw, len(h.writes))
}
