package exec

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// Parallel launches (sim/gpu runs several CTAs or clusters at once) keep
// global memory in a SharedMem: the committed state, which is what a
// serial run would hold after the units committed so far. Each goroutine
// runs its unit against a View: a private copy-on-write overlay that copies
// a page of the committed state when the unit first touches it and records,
// per 16-byte chunk, what the unit touched. When the unit ends, TakeLog
// turns the view into a MemLog (touched chunks and the ones it changed);
// the committer checks in serial unit order that no chunk the unit touched
// was changed by a commit after the unit's copy of its page (Valid), and
// applies the changed chunks (Apply). A unit that fails the check ran on
// stale data and must run again.
//
// GlobalMem.Slice does not say whether the caller reads or writes, so every
// chunk it touches counts as read; a read chunk counts as written when its
// bytes differ from the committed state at the end of the unit. Stores use
// SliceW (the caller overwrites every byte and reads none): their bytes
// are recorded one by one, and a chunk the unit only stored to is never a
// conflict: its stored bytes are applied over whatever earlier units left
// in the chunk's other bytes, as in a serial run (per-CTA result words side
// by side in one chunk do not conflict). Read chunks are the unit of
// conflict: two units writing different words of a chunk one of them also
// reads look like a conflict and cost a re-run, never a wrong result.

const (
	pageShift     = 12
	pageSize      = 1 << pageShift
	pageMask      = pageSize - 1
	chunkShift    = 4
	chunkSize     = 1 << chunkShift
	chunksPerPage = pageSize >> chunkShift
)

// chunkMask has a bit per 16-byte chunk of a page; byteMask a bit per
// byte.
type (
	chunkMask [chunksPerPage / 64]uint64
	byteMask  [pageSize / 64]uint64
)

// setRange marks page bytes [lo, hi).
func (m *byteMask) setRange(lo, hi int) {
	for lo < hi {
		n := min(hi-lo, 64-lo&63)
		m[lo>>6] |= (^uint64(0) >> (64 - n)) << (lo & 63)
		lo += n
	}
}

// chunk returns the 16 bits of chunk c.
func (m *byteMask) chunk(c int) uint16 { return uint16(m[c>>2] >> (c & 3 * 16)) }

func (m *chunkMask) set(c int) { m[c>>6] |= 1 << (c & 63) }

// setRange marks the chunks of page bytes [lo, hi).
func (m *chunkMask) setRange(lo, hi int) {
	for c := lo >> chunkShift; c <= (hi-1)>>chunkShift; c++ {
		m.set(c)
	}
}

// each calls f for every chunk in the mask, in increasing order.
func (m *chunkMask) each(f func(c int)) {
	for i, w := range m {
		for ; w != 0; w &= w - 1 {
			f(i*64 + bits.TrailingZeros64(w))
		}
	}
}

func (m *chunkMask) empty() bool { return m[0]|m[1]|m[2]|m[3] == 0 }

// SharedMem is the committed global memory of a parallel launch: the base
// GlobalMem's segments (written only by Apply) and, per page, a lock and
// the commits that changed it.
type SharedMem struct {
	base  *GlobalMem
	pages [][]pageState // per segment, per page
}

type pageState struct {
	mu sync.RWMutex
	// seq is the last commit that changed the page (0: none yet); last is,
	// per chunk, the last commit that changed it (nil while seq is 0). Only
	// the committer writes them (under mu) and reads them without mu;
	// views read seq at any time and last under mu.
	seq  atomic.Uint64
	last []uint64
}

// NewSharedMem wraps base for a parallel launch. While it is in use, base
// must only be changed through Apply and read through views.
func NewSharedMem(base *GlobalMem) *SharedMem {
	sh := &SharedMem{base: base, pages: make([][]pageState, len(base.segs))}
	for i, s := range base.segs {
		sh.pages[i] = make([]pageState, (len(s.Data)+pageSize-1)/pageSize)
	}
	return sh
}

// View returns a private view of the committed memory for one goroutine
// (see above). It has the base's segments; Alloc and MapAt must not be
// used on it.
func (sh *SharedMem) View() *GlobalMem {
	v := &memView{sh: sh, slot: make([][]int32, len(sh.pages))}
	for i, p := range sh.pages {
		v.slot[i] = make([]int32, len(p))
	}
	return &GlobalMem{segs: sh.base.segs, next: sh.base.next, view: v}
}

// MemLog is what one unit of work touched and changed (GlobalMem.TakeLog).
type MemLog struct {
	pages []pageLog
	// ChangedBytes is the size of the changed chunks.
	ChangedBytes int
}

// pageLog is one touched page: the commit its copy was taken at, the
// chunks read, the read chunks changed and their bytes (in chunk order),
// and the chunks only stored to, with the stored bytes' masks and the
// chunks' bytes.
type pageLog struct {
	seg, page int32
	snap      uint64
	touched   chunkMask
	changed   chunkMask
	data      []byte
	stored    chunkMask
	storedBy  []uint16
	sdata     []byte
}

// Pages is the number of pages the unit touched.
func (m *MemLog) Pages() int { return len(m.pages) }

// Valid reports whether no chunk the log's unit touched was changed by a
// commit after the unit copied its page: then the unit saw exactly the
// memory a serial run would have shown it. Committer only.
func (sh *SharedMem) Valid(m *MemLog) bool {
	for i := range m.pages {
		pl := &m.pages[i]
		ps := &sh.pages[pl.seg][pl.page]
		if ps.seq.Load() <= pl.snap {
			continue
		}
		for w, bitsW := range pl.touched {
			for ; bitsW != 0; bitsW &= bitsW - 1 {
				if ps.last[w*64+bits.TrailingZeros64(bitsW)] > pl.snap {
					return false
				}
			}
		}
	}
	return true
}

// Apply writes the log's changed chunks and stored bytes into the
// committed memory as commit seq (which must grow from call to call).
// Committer only.
func (sh *SharedMem) Apply(m *MemLog, seq uint64) {
	for i := range m.pages {
		pl := &m.pages[i]
		if pl.changed.empty() && pl.stored.empty() {
			continue
		}
		ps := &sh.pages[pl.seg][pl.page]
		data := sh.base.segs[pl.seg].Data[int(pl.page)<<pageShift:]
		data = data[:min(len(data), pageSize)]
		ps.mu.Lock()
		if ps.last == nil {
			ps.last = make([]uint64, chunksPerPage)
		}
		src := pl.data
		changed := !pl.changed.empty()
		pl.changed.each(func(c int) {
			n := copy(data[c<<chunkShift:min((c+1)<<chunkShift, len(data))], src)
			src = src[n:]
			ps.last[c] = seq
		})
		k := 0
		pl.stored.each(func(c int) {
			if applyStored(data[c<<chunkShift:min((c+1)<<chunkShift, len(data))], pl.sdata[k*chunkSize:], pl.storedBy[k]) {
				ps.last[c] = seq
				changed = true
			}
			k++
		})
		if changed {
			ps.seq.Store(seq)
		}
		ps.mu.Unlock()
	}
}

// applyStored copies the bytes of src that mask names into dst and
// reports whether any changed.
func applyStored(dst, src []byte, mask uint16) bool {
	changed := false
	for j := range dst {
		if mask>>j&1 != 0 && dst[j] != src[j] {
			dst[j] = src[j]
			changed = true
		}
	}
	return changed
}
