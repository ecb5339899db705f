package exec

import (
	"fmt"
	"slices"
	"sort"

	"github.com/sm90sim/sm90sim/ptx"
)

// The generic-to-async proxy check (ptx-facts §5.3; CUTLASS tma_store_fence).
// Shared memory written through the generic proxy (st.shared, stmatrix,
// atom, cp.async) and then read through the async proxy (a TMA store or
// reduction, a bulk copy out of shared memory, a wgmma operand) needs a
// fence.proxy.async{.shared::cta,.shared::cluster} by the writing thread
// after its writes, and that fence ordered before the copy's issue (the
// same warp, or a barrier / mbarrier chain from the writer to the issuer).
// Per 16-byte chunk the checker keeps the last generic writer, its line and
// how many proxy fences it had executed then; per warp, its fences and the
// epoch of the first fence at each epoch.

// proxyTrack is the CTA's generic-write state for the proxy check.
type proxyTrack struct {
	warp   []uint8  // per chunk: 1 + the last generic writer, 0 none
	line   []int32  // per chunk: that write's PTX line
	seq    []uint32 // per chunk: the writer's fence count at the write
	cp     []bool   // per chunk: the write was a cp.async (hazard_warn.go)
	fences []uint32 // per warp: proxy fences executed
	marks  [][]fenceMark
}

// fenceMark: fence number n (1-based) was the warp's first proxy fence in
// its epoch e.
type fenceMark struct{ n, e uint32 }

func (p *proxyTrack) init(nw, chunks int) {
	p.warp = make([]uint8, chunks)
	p.line = make([]int32, chunks)
	p.seq = make([]uint32, chunks)
	p.cp = make([]bool, chunks)
	p.fences = make([]uint32, nw)
	p.marks = make([][]fenceMark, nw)
}

// write records a generic write of chunk k by warp wi at line (cp: by
// cp.async).
func (p *proxyTrack) write(k uint32, wi, line int, cp bool) {
	p.warp[k], p.line[k], p.seq[k], p.cp[k] = uint8(wi+1), int32(line), p.fences[wi], cp
}

// clear forgets chunk k's generic write (an async copy replaced the data).
func (p *proxyTrack) clear(k uint32) { p.warp[k] = 0 }

// fence counts a proxy fence of warp wi in its epoch e.
func (p *proxyTrack) fence(wi int, e uint32) {
	p.fences[wi]++
	if m := p.marks[wi]; len(m) == 0 || m[len(m)-1].e != e {
		p.marks[wi] = append(m, fenceMark{p.fences[wi], e})
	}
}

// fenceEpoch is the epoch of warp wi's fence number n.
func (p *proxyTrack) fenceEpoch(wi int, n uint32) uint32 {
	m := p.marks[wi]
	i := sort.Search(len(m), func(i int) bool { return m[i].n > n }) - 1
	return m[max(i, 0)].e
}

// compileFence: fence.proxy.async{.shared::cta,.shared::cluster} feeds the
// proxy check; every other fence (and membar) orders nothing the
// functional model could reorder.
func compileFence(c *compiler, x *xinst) error {
	q := x.in.Quals
	sp := x.in.Mods.Space
	if x.in.Op == ptx.OpFence && slices.Contains(q, "proxy") && slices.Contains(q, "async") && sp != ptx.SpaceGlobal {
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if h := w.cta.async.hz; h != nil && m != 0 {
				h.px.fence(w.id, h.epoch(w.id))
			}
			return nil
		}
		return nil
	}
	if x.in.Op == ptx.OpFence && slices.Contains(q, "proxy") && slices.Contains(q, "tensormap::generic") &&
		slices.Contains(q, "acquire") && len(x.ops) > 0 && x.ops[0].kind == oAddr {
		// the acquire drops the SM's copy of the map's descriptor (SASS
		// UTMACCTL.IV): for the timing model (Effect.TMAMap), no
		// functional effect
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m == 0 || w.eff == nil {
				return nil
			}
			l := tz(m)
			sp, a := w.cta.classify(w.addrOf(&x.ops[0], l))
			w.noteTMAMap(sp, a)
			w.eff.TMAMapInvalidate = true
			return nil
		}
		return nil
	}
	return compileNop(c, x)
}

// Results of proxyCheck.
const (
	proxyOK        = iota
	proxyUnfenced  // the writer has not fenced since its write
	proxyUnordered // its fence is not ordered before the read
)

// proxyCheck is the proxy rule for chunk k read through the async proxy on
// behalf of the warps readers: the last generic writer g (if any) must have
// executed fence.proxy.async after its write, and unless g is one of the
// readers, that fence must be ordered before the read (a barrier or
// mbarrier chain to a reader).
func (h *hazards) proxyCheck(k uint32, readers ...int) (g, res int) {
	p := &h.px
	if p.warp[k] == 0 {
		return 0, proxyOK
	}
	g, s := int(p.warp[k]-1), p.seq[k]
	if p.fences[g] <= s {
		return g, proxyUnfenced
	}
	for _, r := range readers {
		if r == g || h.clocks[r].w[h.base+g] >= p.fenceEpoch(g, s+1) {
			return g, proxyOK
		}
	}
	return g, proxyUnordered
}

// hazardAsyncRead checks an async-proxy read by lane l of warp w of its
// CTA's shared [lo, hi) (what: "TMA store", "bulk copy", ...).
func (w *Warp) hazardAsyncRead(x *xinst, l int, what string, lo, hi uint32) error {
	h := w.cta.async.hz
	if h == nil {
		return nil
	}
	p := &h.px
	for k := lo / hzChunk; k < (hi+hzChunk-1)/hzChunk && int(k) < len(p.warp); k++ {
		switch g, res := h.proxyCheck(k, w.id); res {
		case proxyUnfenced:
			return w.laneFault(x, l, "async proxy hazard: the %s of warp %d reads shared [0x%x, 0x%x), written through the generic proxy "+
				"by warp %d at line %d with no fence.proxy.async after the write: warp %d must execute fence.proxy.async.shared::cta "+
				"after writing (and before the barrier that orders the write before this copy)",
				what, w.id, k*hzChunk, (k+1)*hzChunk, g, p.line[k], g)
		case proxyUnordered:
			return w.laneFault(x, l, "async proxy hazard: the %s of warp %d reads shared [0x%x, 0x%x), written by warp %d at line %d, "+
				"whose fence.proxy.async is not ordered before this copy (no barrier or mbarrier arrive/wait from warp %d after its fence)",
				what, w.id, k*hzChunk, (k+1)*hzChunk, g, p.line[k], g)
		}
	}
	return nil
}

// hazardEarly starts the checker at the CTA's first shared-memory access
// when its kernel reads shared memory through the async proxy (bulk and
// tensor copies, wgmma): the generic writes before its first async
// operation matter to the proxy check.
func (w *Warp) hazardEarly() {
	c := w.cta
	if c.async.hz != nil || c.l.NoHazardCheck || c.async.early == earlyNo {
		return
	}
	if c.async.early == earlyUnknown {
		c.async.early = earlyNo
		if usesAsyncProxy(c.k.prog) {
			c.async.early = earlyYes
		}
	}
	if c.async.early == earlyYes {
		c.hazardsOn()
	}
}

// Values of asyncState.early.
const (
	earlyUnknown int8 = iota
	earlyNo
	earlyYes
)

// usesAsyncProxy reports whether p has a bulk or tensor copy or a wgmma.
func usesAsyncProxy(p *ptx.Program) bool {
	for _, f := range p.Funcs {
		for i := range f.Insts {
			in := &f.Insts[i]
			if in.Op == ptx.OpWgmma || (in.Op == ptx.OpCp && slices.Contains(in.Quals, "bulk")) {
				return true
			}
		}
	}
	return false
}

// hazardWgmmaRead checks a wgmma.mma_async's shared operand (name "A" or
// "B"), read through the async proxy from the given 16-byte chunks on
// behalf of the warpgroup warps, and records the read for the
// overwrite-before-retire check (hazard_wgread.go). Async copies into
// those chunks must have completed for one of the warps (the collective
// wgmma starts after every warp issued it). The proxy rule (proxyCheck:
// the writer's own warpgroup needs no barrier, its fence precedes its part
// in the collective wgmma) is an error for generic stores and a warning
// (RuleCpAsyncWgmmaFence) for cp.async writes.
func (w *Warp) hazardWgmmaRead(x *xinst, warps []*Warp, name string, chunks []uint32) error {
	h := w.cta.async.hz
	if h == nil {
		return nil
	}
	if e := w.cta.wg.cur; e != nil && e.stamped {
		if err := w.wgQueuedWrites(x, warps, name, chunks, e.stamp, e.first); err != nil {
			return err
		}
	}
	p := &h.px
	var ids [4]int // warps is one warpgroup
	for i, r := range warps {
		ids[i] = r.id
	}
	warn := -1 // the first chunk whose cp.async data is unfenced
	var warnG, warnRes int
	var seen int32 // the last async write found observed: an operand's chunks mostly share one
	for _, k := range chunks {
		if int(k) >= len(p.warp) {
			continue
		}
		if i := h.chunk[k]; i != 0 && h.mask[k] != 0 && i != seen {
			if err := w.wgmmaReadAsync(x, ids[:len(warps)], name, k); err != nil {
				return err
			}
			seen = i
		}
		if p.warp[k] == 0 {
			continue // no generic write: proxyCheck's proxyOK
		}
		g, res := h.proxyCheck(k, ids[:len(warps)]...)
		if res != proxyOK && p.cp[k] {
			if warn < 0 {
				warn, warnG, warnRes = int(k), g, res
			}
			continue
		}
		switch res {
		case proxyUnfenced:
			return w.wgFault(x, wgWarpIDs(warps), "async proxy hazard: wgmma.mma_async reads its %s operand from shared [0x%x, 0x%x), "+
				"written through the generic proxy by warp %d at line %d with no fence.proxy.async after the write: warp %d must execute "+
				"fence.proxy.async.shared::cta after writing (and before the barrier that orders the write before the wgmma)",
				name, k*hzChunk, (k+1)*hzChunk, g, p.line[k], g)
		case proxyUnordered:
			return w.wgFault(x, wgWarpIDs(warps), "async proxy hazard: wgmma.mma_async reads its %s operand from shared [0x%x, 0x%x), "+
				"written by warp %d at line %d, whose fence.proxy.async is not ordered before the wgmma (no barrier or mbarrier "+
				"arrive/wait from warp %d to the warpgroup after its fence)",
				name, k*hzChunk, (k+1)*hzChunk, g, p.line[k], g)
		}
	}
	h.wgReadRecord(w, x, warps, name, chunks)
	if st := w.cta.wg; warn >= 0 && !st.warned {
		st.warned = true // one warning per wgmma, not per operand
		k := uint32(warn)
		how := "with no fence.proxy.async after the copy"
		if warnRes == proxyUnordered {
			how = fmt.Sprintf("whose fence.proxy.async is not ordered before the wgmma (no barrier or mbarrier arrive/wait from warp %d after it)", warnG)
		}
		w0 := warps[0]
		return w0.hazardWarn(x, tz(w0.live|1<<31), RuleCpAsyncWgmmaFence,
			"execute fence.proxy.async.shared::cta after cp.async.wait_group and before the barrier that orders the copies before the wgmma",
			"wgmma.mma_async reads its %s operand from shared [0x%x, 0x%x), written by the cp.async of warp %d at line %d (generic proxy) %s (warps %s)",
			name, k*hzChunk, (k+1)*hzChunk, warnG, p.line[k], how, joinInts(wgWarpIDs(warps)))
	}
	return nil
}

// wgmmaReadAsync: the async copy that last wrote chunk k must have
// completed for one of the warpgroup's warps ids.
func (w *Warp) wgmmaReadAsync(x *xinst, ids []int, name string, k uint32) error {
	h := w.cta.async.hz
	i := h.chunk[k]
	if i == 0 || h.mask[k] == 0 {
		return nil
	}
	wr := &h.writes[i-1]
	for _, r := range ids {
		if h.observed(r, wr) {
			return nil
		}
	}
	return w.wgFault(x, ids, "async hazard: wgmma.mma_async reads its %s operand from shared [0x%x, 0x%x), written by the %s of warp %d at line %d, "+
		"whose completion no warp of the warpgroup has observed (wait on its mbarrier phase or cp.async.wait_group, and order that wait before the wgmma)",
		name, k*hzChunk, (k+1)*hzChunk, wr.what, wr.warp, wr.line)
}

func wgWarpIDs(warps []*Warp) []int {
	ids := make([]int, len(warps))
	for i, r := range warps {
		ids[i] = r.id
	}
	return ids
}

func joinInts(v []int) string {
	s := ""
	for i, x := range v {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(x)
	}
	return s
}
