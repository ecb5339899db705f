package exec

import "fmt"

// The bulk-group read check (PTX ISA cp.async.bulk.wait_group: ".read
// indicates that the waiting has to be done until all the bulk async
// operations in the specified bulk async-group have completed reading from
// their source locations"; CUTLASS tma_store_wait before reusing an
// epilogue buffer). A TMA store or reduction and a bulk copy out of shared
// memory (bulk_group completion) read their shared source at some time
// before the issuing warp's cp.async.bulk.wait_group{.read} N covering
// their group returns. Writing those bytes earlier (st.shared, stmatrix,
// atomics, cp.async, a TMA or bulk load) races with the read: the copy may
// send the new data. A warp other than the issuer must also have the wait
// ordered before its write (a barrier or an mbarrier chain). Bulk groups
// are counted per warp, like cp.async groups. Per 16-byte chunk the check
// keeps the last such read.

// bulkTrack is the bulk-group read state of a CTA's warps.
type bulkTrack struct {
	pend  [][]int32  // per warp: reads not yet covered by a wait (groups: tickets.go)
	reads []bulkRead // every tracked read; chunk holds 1 + its index
	chunk []int32
}

// bulkRead is one bulk-group copy's read of shared memory.
type bulkRead struct {
	what  string
	line  int
	warp  int
	group uint32 // the issuing warp's bulk group (committed + 1 at issue)
	done  uint32 // the issuer's epoch at the wait that covered it (0: not yet)
}

func (t *bulkTrack) init(nw, chunks int) {
	t.pend = make([][]int32, nw)
	t.chunk = make([]int32, chunks)
}

// hazardBulkRead records that warp w's bulk-group copy x (what: "TMA store",
// "bulk copy", ...) reads its CTA's shared [lo, hi).
func (w *Warp) hazardBulkRead(x *xinst, what string, lo, hi uint32) {
	h := w.cta.async.hz
	if h == nil || hi <= lo {
		return
	}
	t := &h.bk
	t.reads = append(t.reads, bulkRead{what: what, line: x.line(), warp: w.id, group: w.async().bulk.committed + 1})
	i := int32(len(t.reads))
	t.pend[w.id] = append(t.pend[w.id], i)
	for k := lo / hzChunk; k < (hi+hzChunk-1)/hzChunk && int(k) < len(t.chunk); k++ {
		t.chunk[k] = i
	}
}

// hazardBulkWait: warp w's cp.async.bulk.wait_group{.read} n: the reads of
// its groups older than the n most recent ones are over.
func (w *Warp) hazardBulkWait(n uint32) {
	h := w.cta.async.hz
	if h == nil {
		return
	}
	t := &h.bk
	c := w.async().bulk.committed
	if n >= c {
		return
	}
	upto, e := c-n, h.epoch(w.id)
	keep := t.pend[w.id][:0]
	for _, i := range t.pend[w.id] {
		if r := &t.reads[i-1]; r.group <= upto {
			r.done = e
		} else {
			keep = append(keep, i)
		}
	}
	t.pend[w.id] = keep
}

// hazardBulkOverwrite checks a write of chunk k by warp by (of this CTA,
// or of a peer CTA for async writes into it: byPeer) against the chunk's
// last bulk-group read. what names the write for the message.
func (c *CTA) hazardBulkOverwrite(x *xinst, l int, by *Warp, k uint32, what string) error {
	h := c.async.hz
	if h == nil || int(k) >= len(h.bk.chunk) || h.bk.chunk[k] == 0 {
		return nil
	}
	r := &h.bk.reads[h.bk.chunk[k]-1]
	if r.done != 0 {
		if by.cta == c && by.id == r.warp {
			return nil
		}
		if bh := by.cta.async.hz; bh != nil && bh.clocks[by.id].w[h.base+r.warp] >= r.done {
			return nil
		}
	}
	who := fmt.Sprintf("warp %d", by.id)
	if by.cta != c {
		who = fmt.Sprintf("warp %d of cluster rank %d", by.id, by.cta.rank)
	}
	how := fmt.Sprintf("warp %d has not executed a cp.async.bulk.wait_group.read covering its bulk group %d", r.warp, r.group)
	if r.done != 0 {
		how = fmt.Sprintf("the cp.async.bulk.wait_group.read of warp %d that covers it is not ordered before this write (no barrier or mbarrier arrive/wait from warp %d after that wait)", r.warp, r.warp)
	}
	return by.laneFault(x, l, "async hazard: %s (%s) overwrites shared [0x%x, 0x%x)%s that the %s of warp %d at line %d may still be reading: %s",
		who, what, k*hzChunk, (k+1)*hzChunk, c.rankWord(by.cta), r.what, r.warp, r.line, how)
}
