package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/mbarrier"
	"github.com/sm90sim/sm90sim/smem"
)

// hazards is the async-copy hazard checker of one CTA (on unless
// Launch.NoHazardCheck). It starts at the CTA's first mbarrier operation
// or async copy (or at its first shared-memory access when the kernel
// reads shared memory through the async proxy: hazard_proxy.go) and
// detects exactly:
//
//  1. read-before-complete: a warp reads (ld.shared, ldmatrix, atom) or
//     writes (st.shared, stmatrix) shared bytes last written by a TMA or
//     bulk copy whose mbarrier phase completion that warp has not observed
//     (neither by its own successful test_wait/try_wait on that barrier
//     after the phase completed, nor through a bar.sync/barrier.cluster or
//     an mbarrier arrive->wait chain from a warp that had observed it), or
//     by a cp.async whose wait_group/wait_all (or cp.async.mbarrier.arrive
//     phase) it has not observed (hazard_cpasync.go);
//  2. overwrite-while-read: a TMA, bulk copy or cp.async issued by warp W
//     lands on shared bytes that another warp R read, where R's read is not
//     ordered before W's issue by such a chain; also when W is in another
//     CTA of the cluster (multicast or shared::cluster destination:
//     hazard_cluster.go);
//  3. proxy: shared bytes written through the generic proxy (st.shared,
//     stmatrix, atom, cp.async) and then read by the async proxy (a TMA
//     store or reduction, a bulk copy out of shared memory, a wgmma
//     operand) without a fence.proxy.async between them (hazard_proxy.go);
//  4. read-in-flight: shared bytes that a TMA store or reduction or a bulk
//     copy out of shared memory (bulk_group) may still be reading, written
//     before the issuer's cp.async.bulk.wait_group{.read} covering its
//     group, or by another warp without that wait ordered before the
//     write (hazard_bulkread.go);
//  5. wgmma operands: a wgmma.mma_async reading shared bytes whose async
//     copy no warp of its warpgroup has observed complete, and shared
//     bytes a wgmma reads overwritten before a wgmma.wait_group retiring
//     it is ordered before the write (hazard_wgread.go).
//
// Two proxy-rule cases are warnings, not errors (hazard_warn.go).
//
// Ordering is tracked with vector clocks over the warps of the whole
// cluster (a release is an mbarrier arrive or a barrier arrive; an acquire
// is a successful mbarrier wait or a barrier release). Bytes are tracked in
// 16-byte chunks; async writes also keep the bytes of the chunk they wrote.
type hazards struct {
	nw      int      // warps of this CTA
	base    int      // cluster-wide index of warp 0 (rank * nw)
	rank    uint32   // %cluster_ctarank
	clocks  []vclock // per warp of this CTA, cluster-wide
	mbars   map[uint32]*mbarClock
	bars    [16]vclock // named barriers: knowledge of the arrivals so far
	cluster vclock     // barrier.cluster: this CTA's arrivals so far
	chunk   []int32    // per 16-byte chunk: 1 + index into writes, 0 none
	mask    []uint16   // per chunk: the bytes its async write covers
	writes  []asyncWrite
	reads   []uint32    // chunk*nw + warp: the reader's epoch at its last read, 0 none (nil until the first)
	cp      cpTrack     // cp.async groups (hazard_cpasync.go)
	px      proxyTrack  // generic writes awaiting fence.proxy.async (hazard_proxy.go)
	bk      bulkTrack   // bulk-group copies' reads of shared memory (hazard_bulkread.go)
	wr      wgReadTrack // wgmma operand reads awaiting wait_group (hazard_wgread.go)
	// rlo, rhi: the chunks [rlo, rhi) hold every nonzero reads entry
	// (empty when equal; hazard_land.go skips the rest)
	rlo, rhi uint32
}

// asyncWrite is one async copy into shared memory.
type asyncWrite struct {
	what string // "TMA load", "bulk copy", "cp.async"
	line int
	warp int // the issuing warp (of CTA rank src)
	src  uint32
	// mbarrier completion: the phase of the barrier (key mbarKey) the
	// copy's complete_tx (or cp.async.mbarrier.arrive) belongs to.
	hasBar bool
	bar    uint32
	phase  uint64
	// cp.async completion: the issuing warp's group, and its epoch when a
	// wait_group / wait_all covered it (0: not yet).
	cp    bool
	group uint32
	done  uint32
}

const hzChunk = 16

// mbarKey names an mbarrier cluster-wide: its CTA's rank and its offset.
func mbarKey(rank, off uint32) uint32 { return rank<<clusterRankShift | off&clusterOffMask }

// hazardsOn starts the checker (unless the launch switched it off).
func (c *CTA) hazardsOn() {
	if c.async.hz != nil || c.l.NoHazardCheck {
		return
	}
	nw := len(c.warps)
	width := nw * c.clusterSize()
	h := &hazards{nw: nw, base: c.rank * nw, rank: uint32(c.rank), mbars: map[uint32]*mbarClock{}}
	h.clocks = make([]vclock, nw)
	for i := range h.clocks {
		h.clocks[i] = newVclock(width)
		h.clocks[i].w[h.base+i] = 1
	}
	for i := range h.bars {
		h.bars[i] = newVclock(width)
	}
	h.cluster = newVclock(width)
	n := (len(c.shared) + hzChunk - 1) / hzChunk
	h.chunk = make([]int32, n)
	h.mask = make([]uint16, n)
	h.cp.init(nw)
	h.px.init(nw, n)
	h.bk.init(nw, n)
	c.async.hz = h
}

func (h *hazards) mbar(a uint32) *mbarClock {
	m := h.mbars[a]
	if m == nil {
		m = &mbarClock{acc: newVclock(len(h.cluster.w)), done: newVclock(len(h.cluster.w))}
		h.mbars[a] = m
	}
	return m
}

// epoch is local warp i's own clock component.
func (h *hazards) epoch(i int) uint32 { return h.clocks[i].w[h.base+i] }

// release publishes warp i's knowledge into v and starts its next epoch.
func (h *hazards) release(i int, v *vclock) {
	v.join(&h.clocks[i])
	h.clocks[i].w[h.base+i]++
}

// hazardRelease: warp w arrives on the mbarrier at offset a of CTA t (its
// own CTA, or a peer of the cluster for a remote arrive).
func (w *Warp) hazardRelease(t *CTA, a uint32, b *mbarrier.Barrier) {
	h, th := w.cta.async.hz, t.async.hz
	if h != nil && th != nil {
		h.release(w.id, &th.mbar(a).acc)
	}
}

// hazardAcquire: warp w's wait on the mbarrier at a succeeded.
func (w *Warp) hazardAcquire(a uint32, b *mbarrier.Barrier) {
	if h := w.cta.async.hz; h != nil {
		m := h.mbar(a)
		if m.joined == nil {
			m.joined = make([]uint64, h.nw)
		}
		if m.joined[w.id] != m.ver+1 {
			h.clocks[w.id].join(&m.done)
			m.joined[w.id] = m.ver + 1
		}
	}
}

// hazardMbarCompleted: a phase of the barrier at a completed.
func (c *CTA) hazardMbarCompleted(a uint32, b *mbarrier.Barrier) {
	if h := c.async.hz; h != nil {
		m := h.mbar(a)
		m.done.join(&m.acc)
		m.done.seen(mbarKey(h.rank, a), b.Phase())
		m.ver++
		m.acc.reset()
	}
}

// hazardBarArrive: warp w arrives at named barrier id.
func (w *Warp) hazardBarArrive(id int) {
	if h := w.cta.async.hz; h != nil {
		h.release(w.id, &h.bars[id&15])
	}
}

// hazardBarRelease: named barrier id releases its waiters. The barrier's
// clock is not cleared: arrivals of earlier phases happened before this
// release too.
func (c *CTA) hazardBarRelease(id int, waiters []barWaiter) {
	if h := c.async.hz; h != nil {
		for _, wt := range waiters {
			h.clocks[wt.w.id].join(&h.bars[id&15])
		}
	}
}

// hazardAccess checks a generic shared-memory access of the warp (called
// for every counted access, before fusion). cp.async writes are checked
// where they are issued (hazardCpAsync).
func (w *Warp) hazardAccess(x *xinst, a *smem.Access) error {
	h := w.cta.async.hz
	if h == nil || a.Kind == smem.OpLdgsts {
		return nil
	}
	width := a.Width
	if a.Kind.IsMatrix() {
		width = 16
	}
	write := a.Kind == smem.OpSt || a.Kind == smem.OpStsm
	gen := write || a.Kind == smem.OpAtom
	for r := a.Active; r != 0; r &= r - 1 {
		l := tz(r)
		if rank := a.Addr[l] >> clusterRankShift; rank != h.rank {
			if err := w.hazardRemoteAccess(x, l, rank, a.Addr[l]&clusterOffMask, width, write); err != nil {
				return err
			}
			continue
		}
		if err := w.hazardBytes(x, l, a.Addr[l]&clusterOffMask, max(width, 1), write, gen); err != nil {
			return err
		}
	}
	return nil
}

// hazardBytes checks one lane's access of shared [off, off+n) of its own
// CTA and records it: a read for overwrite-while-read, a write as generic
// data (gen: for the proxy check too).
func (w *Warp) hazardBytes(x *xinst, l int, off uint32, n int, write, gen bool) error {
	h := w.cta.async.hz
	end := off + uint32(n)
	for k := off / hzChunk; k < (end+hzChunk-1)/hzChunk && int(k) < len(h.chunk); k++ {
		bits := chunkBits(k, off, end)
		if i := h.chunk[k]; i > 0 && h.mask[k]&bits != 0 {
			wr := &h.writes[i-1]
			if !h.observed(w.id, wr) {
				return w.hazardFault(x, l, wr, k, write)
			}
		}
		if write || gen {
			if err := w.cta.hazardWgmmaOverwrite(x, l, w, k, x.in.Text); err != nil {
				return err
			}
		}
		if write {
			if err := w.cta.hazardBulkOverwrite(x, l, w, k, x.in.Text); err != nil {
				return err
			}
			// generic data now; the copy's bytes are gone
			if h.mask[k] &^= bits; h.mask[k] == 0 {
				h.chunk[k] = 0
			}
		} else {
			if h.reads == nil { // made at the first generic read
				h.reads = make([]uint32, len(h.chunk)*h.nw)
			}
			h.reads[int(k)*h.nw+w.id] = h.epoch(w.id)
			if h.rlo == h.rhi {
				h.rlo, h.rhi = k, k+1
			} else {
				h.rlo, h.rhi = min(h.rlo, k), max(h.rhi, k+1)
			}
		}
		if gen {
			h.px.write(k, w.id, x.line(), false)
		}
	}
	return nil
}

// chunkBits is the mask of the bytes of chunk k inside [lo, hi).
func chunkBits(k, lo, hi uint32) uint16 {
	c0 := k * hzChunk
	a, b := max(lo, c0)-c0, min(hi, c0+hzChunk)-c0
	if b <= a {
		return 0
	}
	return uint16((1<<b - 1) &^ (1<<a - 1))
}

// observed reports whether local warp wi has observed the completion of wr.
func (h *hazards) observed(wi int, wr *asyncWrite) bool {
	me := &h.clocks[wi]
	if wr.hasBar && me.phases(wr.bar) > wr.phase {
		return true
	}
	if wr.cp && wr.done != 0 {
		if wr.src == h.rank && wr.warp == wi {
			return true
		}
		return me.w[int(wr.src)*h.nw+wr.warp] >= wr.done
	}
	return false
}

func (w *Warp) hazardFault(x *xinst, l int, wr *asyncWrite, k uint32, write bool) error {
	verb := "reads"
	if write {
		verb = "writes"
	}
	by := fmt.Sprintf("warp %d", wr.warp)
	if wr.src != w.cta.async.hz.rank {
		by = fmt.Sprintf("warp %d of cluster rank %d", wr.warp, wr.src)
	}
	how := fmt.Sprintf("whose completion (mbarrier at shared 0x%x phase %d) warp %d has not observed: wait on that mbarrier phase (or sync with a warp that did) first",
		wr.bar&clusterOffMask, wr.phase, w.id)
	if wr.cp && !wr.hasBar {
		how = fmt.Sprintf("(cp.async group %d of warp %d) before a cp.async.wait_group/wait_all of warp %d covering it and a barrier ordering that wait before this access",
			wr.group, wr.warp, wr.warp)
	}
	return w.laneFault(x, l, "async hazard: warp %d %s shared [0x%x, 0x%x) written by the %s of %s at line %d, %s",
		w.id, verb, k*hzChunk, (k+1)*hzChunk, wr.what, by, wr.line, how)
}

// hazardAsyncWrite records an async copy by warp w into its own CTA's
// shared [lo, hi) tracked by the mbarrier at bar in phase phase, and
// reports a warp whose unsynchronized read of those bytes it would
// overwrite.
func (w *Warp) hazardAsyncWrite(x *xinst, l int, what string, lo, hi, bar uint32, phase uint64) error {
	return w.hazardLand(x, l, w.cta, what, lo, hi, bar, phase)
}

// hazardLand records an async copy by warp w into shared [lo, hi) of t (w's
// own CTA or a peer of its cluster: multicast, shared::cluster
// destinations), tracked by t's mbarrier at bar in phase phase.
func (w *Warp) hazardLand(x *xinst, l int, t *CTA, what string, lo, hi, bar uint32, phase uint64) error {
	h := t.async.hz
	if h == nil || hi <= lo {
		return nil
	}
	idx := h.add(asyncWrite{what: what, line: x.line(), warp: w.id, src: uint32(w.cta.rank), hasBar: true, bar: mbarKey(h.rank, bar), phase: phase})
	return t.landRange(x, l, w, idx, lo, hi)
}

// add appends an async write and returns its chunk index (1-based).
func (h *hazards) add(wr asyncWrite) int32 {
	h.writes = append(h.writes, wr)
	return int32(len(h.writes))
}

// landRange marks shared [lo, hi) of c as written by async write idx,
// issued by warp by (of c or of a peer of its cluster), after checking
// that no warp of c read those bytes without being ordered before the
// issue.
func (c *CTA) landRange(x *xinst, l int, by *Warp, idx int32, lo, hi uint32) error {
	h := c.async.hz
	wh := by.cta.async.hz
	cp := h.writes[idx-1].cp
	if k0, k1 := lo/hzChunk, min((hi+hzChunk-1)/hzChunk, uint32(len(h.chunk))); k0 < k1 && c.landQuiet(by, k0, k1) {
		c.landFill(x, by, idx, lo, hi, k0, k1, cp)
		return nil
	}
	var memo wgRetiredMemo
	for k := lo / hzChunk; k < (hi+hzChunk-1)/hzChunk && int(k) < len(h.chunk); k++ {
		if err := c.hazardBulkOverwrite(x, l, by, k, h.writes[idx-1].what); err != nil {
			return err
		}
		if err := c.wgOverwrite(x, l, by, k, h.writes[idx-1].what, &memo); err != nil {
			return err
		}
		var rs []uint32
		if h.reads != nil {
			rs = h.reads[int(k)*h.nw : int(k)*h.nw+h.nw]
		}
		for r, e := range rs {
			if e == 0 || (c == by.cta && r == by.id) {
				continue
			}
			if wh != nil && wh.clocks[by.id].w[h.base+r] < e {
				wr := &h.writes[idx-1]
				return by.laneFault(x, l, "async hazard: the %s of warp %d%s writes shared [0x%x, 0x%x)%s that warp %d%s read "+
					"without synchronization (no mbarrier arrive/wait or barrier orders that read before this copy)",
					wr.what, by.id, by.cta.rankWord(c), k*hzChunk, (k+1)*hzChunk, c.rankWord(by.cta), r, c.rankWord(by.cta))
			}
		}
		clear(rs)
		bits := chunkBits(k, lo, hi)
		if h.chunk[k] == idx {
			h.mask[k] |= bits
		} else {
			h.chunk[k], h.mask[k] = idx, bits
		}
		if cp {
			h.px.write(k, by.id, x.line(), true)
		} else {
			h.px.clear(k)
		}
	}
	return nil
}

// hazardDesc is a one-line description of the checker's state (tests).
func (h *hazards) String() string {
	return fmt.Sprintf("hazards{warps %d, writes %d}", h.nw, len(h.writes))
}
