package exec

import "fmt"

// The wgmma operand-retire check (PTX ISA wgmma.mma_async: "the contents
// of the shared memory operands must not be modified until the
// wgmma.wait_group that waits for the completion of the operation";
// CUTLASS releases a pipeline stage after warpgroup_wait<N>, Triton
// refills a buffer after warp_group_dot_wait). A wgmma.mma_async reads its
// shared A and B operands at some time before a wgmma.wait_group N of one
// of its warps retires the wgmma's group (wait_group N retires every
// committed group but the newest N). Writing those bytes earlier -- a
// st.shared, stmatrix, atomic, cp.async, TMA or bulk load, by any warp of
// the cluster -- races with the read ("stage released too early"). A
// writer outside the warpgroup needs such a wait ordered before its write
// (a bar.sync, or an mbarrier arrive -> wait chain: the consumer's arrive
// on the "empty" barrier, the producer's wait). Groups are counted per
// warp (tickets.go); a wait by any warp of the warpgroup retires the
// collective wgmma.
// Per 16-byte chunk and warpgroup the check keeps the last read.

// wgReadTrack is the wgmma operand-read state of a CTA.
type wgReadTrack struct {
	nwg   int
	chunk []int32 // chunk*nwg + warpgroup: 1 + index into reads, 0 none (nil until the first read)
	reads []wgRead
	pend  [][]int32 // per warp: reads its wait_group has not retired
	// AsyncWgmmaQueue mode: the last write of every chunk, stamped, so that
	// a write between a warp's part of a wgmma and the MMA's read (when
	// the fourth part issues) is reported (wgQueuedWrites).
	stamp uint64
	last  []wgWrite
	// lastStamp is last's stamps alone (wgQueuedWrites reads only them,
	// for every chunk of every queued wgmma's operands)
	lastStamp []uint64
}

// wgWrite is the last write of a chunk (queue mode).
type wgWrite struct {
	stamp      uint64
	warp, rank int32
	line       int32
	what       string
}

// wgQueueStamp is the write stamp a warp's first part of a queued wgmma
// records (ok false when the checker is off).
func (c *CTA) wgQueueStamp() (uint64, bool) {
	h := c.async.hz
	if h == nil {
		return 0, false
	}
	if h.wr.last == nil {
		h.wr.last = make([]wgWrite, len(h.chunk))
		h.wr.lastStamp = make([]uint64, len(h.chunk))
	}
	return h.wr.stamp, true
}

// wgQueuedWrites reports a write of one of chunks made after stamp (the
// first part of the queued wgmma x issued then): the MMA reads its
// operand only now, so that write races with it.
func (w *Warp) wgQueuedWrites(x *xinst, warps []*Warp, name string, chunks []uint32, stamp uint64, first int) error {
	h := w.cta.async.hz
	if h == nil || h.wr.last == nil {
		return nil
	}
	for _, k := range chunks {
		if int(k) >= len(h.wr.lastStamp) || h.wr.lastStamp[k] <= stamp {
			continue
		}
		if lw := &h.wr.last[k]; lw.stamp > stamp {
			who := fmt.Sprintf("warp %d", lw.warp)
			if lw.rank != int32(w.cta.rank) {
				who = fmt.Sprintf("warp %d of cluster rank %d", lw.warp, lw.rank)
			}
			g := warps[0].id / 4
			return w.wgFault(x, wgWarpIDs(warps), "wgmma hazard: %s (%s at line %d) overwrote shared [0x%x, 0x%x), the %s operand of the wgmma.mma_async at line %d "+
				"of warpgroup %d (warps %d..%d), after warp %d issued its part of it and before the last part: the wgmma may read either value "+
				"(no wgmma.wait_group can retire it before all four parts issued)",
				who, lw.what, lw.line, k*hzChunk, (k+1)*hzChunk, name, x.line(), g, 4*g, 4*g+3, first)
		}
	}
	return nil
}

// wgRead is one wgmma.mma_async's read of one shared operand.
type wgRead struct {
	name     string // "A" or "B"
	line     int
	wg       int       // warpgroup (warps 4wg..4wg+3)
	group    [4]uint32 // per warp: its wgmma group (committed + 1 at the read)
	done     [4]uint32 // per warp: its epoch at the wait_group that retired the read, 0 not yet
	doneLine [4]int32  // per warp: that wait_group's line
}

// wgReadRecord records that the wgmma x of the warpgroup warps reads the
// given chunks of its CTA's shared memory as operand name.
func (h *hazards) wgReadRecord(w *Warp, x *xinst, warps []*Warp, name string, chunks []uint32) {
	t := &h.wr
	if t.chunk == nil {
		t.nwg = (h.nw + 3) / 4
		t.chunk = make([]int32, len(h.chunk)*t.nwg)
		t.pend = make([][]int32, h.nw)
	}
	g := warps[0].id / 4
	r := wgRead{name: name, line: x.line(), wg: g}
	for q := range warps {
		r.group[q] = w.cta.wg.cur.parts[q].group // the warp's group when it issued its part
	}
	if len(t.reads) == cap(t.reads) && len(t.reads) >= max(wgReadsCompactMin, len(t.chunk)) {
		t.compact()
	}
	t.reads = append(t.reads, r)
	i := int32(len(t.reads))
	for _, ow := range warps {
		t.pend[ow.id] = append(t.pend[ow.id], i)
	}
	for _, k := range chunks {
		if int(k) < len(h.chunk) {
			t.chunk[int(k)*t.nwg+g] = i
		}
	}
}

// wgReadsCompactMin is the fewest reads a track compacts; it compacts no
// sooner than reads is as long as chunk either (a compaction scans both:
// so its cost spreads over at least half as many appends).
const wgReadsCompactMin = 1024

// compact drops the reads that neither a chunk nor a warp's pending list
// refers to (a chunk keeps only its last read per warpgroup, and a
// retired read leaves the lists), renumbering the rest in order, when that
// frees at least half of reads; else the next append grows it. Without
// it reads grew by two entries a wgmma for the CTA's life (issue 14: 2.7
// of the 215 CPU seconds of cutlass_gemm_ws_cooperative_4096 went to
// growing it). What a check reads of a read is unchanged.
func (t *wgReadTrack) compact() {
	to := make([]int32, len(t.reads)+1) // old 1+index -> new 1+index, 0 dropped
	for _, i := range t.chunk {
		to[i] = 1
	}
	for _, p := range t.pend {
		for _, i := range p {
			to[i] = 1
		}
	}
	to[0] = 0
	n := int32(0)
	for i := 1; i < len(to); i++ {
		if to[i] != 0 {
			n++
			to[i] = n
		}
	}
	if int(n) > len(t.reads)/2 {
		return
	}
	for i := 1; i < len(to); i++ {
		if to[i] != 0 {
			t.reads[to[i]-1] = t.reads[i-1]
		}
	}
	clear(t.reads[n:])
	t.reads = t.reads[:n]
	for j, i := range t.chunk {
		t.chunk[j] = to[i]
	}
	for _, p := range t.pend {
		for j, i := range p {
			p[j] = to[i]
		}
	}
}

// hazardWgWait: warp w's wgmma.wait_group n (at instruction x) retires
// the reads of its groups older than the n most recent ones.
func (w *Warp) hazardWgWait(x *xinst, n int) {
	h := w.cta.async.hz
	if h == nil || h.wr.chunk == nil {
		return
	}
	t := &h.wr
	c := w.async().wg.committed
	if uint64(n) >= uint64(c) {
		return
	}
	upto, e := c-uint32(n), h.epoch(w.id)
	q := w.id % 4
	keep := t.pend[w.id][:0]
	for _, i := range t.pend[w.id] {
		if r := &t.reads[i-1]; r.group[q] <= upto {
			r.done[q], r.doneLine[q] = e, int32(x.line())
		} else {
			keep = append(keep, i)
		}
	}
	t.pend[w.id] = keep
}

// hazardWgmmaOverwrite checks a write of chunk k of c's shared memory by
// warp by (of c, or of a peer CTA of the cluster) against the wgmma reads
// of the chunk that may still be in flight. what names the write.
func (c *CTA) hazardWgmmaOverwrite(x *xinst, l int, by *Warp, k uint32, what string) error {
	return c.wgOverwrite(x, l, by, k, what, nil)
}

// wgRetiredMemo remembers, per warpgroup, the last wgmma read (1 + index)
// found retired for one writer at one instruction: a copy's chunks mostly
// share their last reads, and the answer cannot change within the copy.
type wgRetiredMemo [8]int32

// wgOverwrite is hazardWgmmaOverwrite with an optional memo.
func (c *CTA) wgOverwrite(x *xinst, l int, by *Warp, k uint32, what string, memo *wgRetiredMemo) error {
	h := c.async.hz
	if h != nil && h.wr.last != nil && int(k) < len(h.wr.last) {
		h.wr.stamp++
		h.wr.last[k] = wgWrite{stamp: h.wr.stamp, warp: int32(by.id), rank: int32(by.cta.rank), line: int32(x.line()), what: what}
		h.wr.lastStamp[k] = h.wr.stamp
	}
	if h == nil || h.wr.chunk == nil || int(k) >= len(h.chunk) {
		return nil
	}
	t := &h.wr
	bh := by.cta.async.hz
	for g, i := range t.chunk[int(k)*t.nwg : int(k)*t.nwg+t.nwg] {
		if i == 0 || (memo != nil && g < len(memo) && memo[g] == i) {
			continue
		}
		r := &t.reads[i-1]
		if wgRetiredFor(h, bh, c, by, r) {
			if memo != nil && g < len(memo) {
				memo[g] = i
			}
			continue
		}
		who := fmt.Sprintf("warp %d", by.id)
		if by.cta != c {
			who = fmt.Sprintf("warp %d of cluster rank %d", by.id, by.cta.rank)
		}
		how := fmt.Sprintf("no warp of the warpgroup has executed a wgmma.wait_group retiring its group (warp %d: group %d)", 4*g, r.group[0])
		for q, d := range r.done {
			if d != 0 {
				how = fmt.Sprintf("the wgmma.wait_group at line %d of warp %d that retires it is not ordered before this write "+
					"(no bar.sync or mbarrier arrive/wait from warp %d after that wait)", r.doneLine[q], 4*g+q, 4*g+q)
				break
			}
		}
		return by.laneFault(x, l, "wgmma hazard: %s (%s at line %d) overwrites shared [0x%x, 0x%x)%s, the %s operand of the wgmma.mma_async at line %d "+
			"of warpgroup %d (warps %d..%d), which may still be reading it: %s",
			who, what, x.line(), k*hzChunk, (k+1)*hzChunk, c.rankWord(by.cta), r.name, r.line, g, 4*g, 4*g+3, how)
	}
	return nil
}

// wgRetiredFor reports whether a wait_group retiring r (in c, checker h)
// is ordered before the current instruction of warp by (checker bh).
func wgRetiredFor(h, bh *hazards, c *CTA, by *Warp, r *wgRead) bool {
	for q, d := range r.done {
		if d == 0 {
			continue
		}
		wi := 4*r.wg + q
		if by.cta == c && by.id == wi {
			return true
		}
		if bh != nil && bh.clocks[by.id].w[h.base+wi] >= d {
			return true
		}
	}
	return false
}
