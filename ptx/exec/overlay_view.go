package exec

import "sort"

// memView is one goroutine's copy-on-write overlay of a SharedMem
// (overlay.go): the pages its current unit touched, each a private copy.
type memView struct {
	sh *SharedMem
	// slot[s][p] indexes touched for page p of segment s; it is only
	// meaningful when the entry it names is that page (so clearing touched
	// forgets every page at once).
	slot      [][]int32
	touched   []viewPage
	free      [][]byte // page buffers for reuse
	retired   [][]byte // buffers replaced by a run, free again after the unit
	freeMasks []*byteMask
	lastSeg   int
	windowed  bool // a windowed timed run's view (overlay_read.go)
}

// viewPage is a touched page: the chunks read and the bytes stored
// (SliceW; nil until the first store). buf is its private copy; it lies at
// runOff in run, which is buf itself unless an access spanning pages joined
// it with its neighbours into one contiguous block.
type viewPage struct {
	seg, page int32
	snap      uint64
	touched   chunkMask
	stored    *byteMask
	buf       []byte
	run       []byte
	runOff    int
	pooled    bool
}

// mark records an access to page bytes [lo, hi).
func (v *memView) mark(t *viewPage, lo, hi int, store bool) {
	if !store {
		t.touched.setRange(lo, hi)
		return
	}
	if t.stored == nil {
		if k := len(v.freeMasks); k > 0 {
			t.stored = v.freeMasks[k-1]
			v.freeMasks = v.freeMasks[:k-1]
			*t.stored = byteMask{}
		} else {
			t.stored = new(byteMask)
		}
	}
	t.stored.setRange(lo, hi)
}

// find returns the index of the segment holding [addr, addr+n), or -1.
func (v *memView) find(addr uint64, n int) int {
	segs := v.sh.base.segs
	i := v.lastSeg
	if s := segs[i]; !(addr >= s.Base && addr-s.Base < uint64(len(s.Data))) {
		i = sort.Search(len(segs), func(i int) bool { return segs[i].Base > addr }) - 1
		if i < 0 {
			return -1
		}
	}
	s := segs[i]
	if addr+uint64(n) > s.Base+uint64(len(s.Data)) || addr+uint64(n) < addr {
		return -1
	}
	v.lastSeg = i
	return i
}

// slice is GlobalMem.Slice (store false) and SliceW (store true) on the
// view.
func (v *memView) slice(addr uint64, n int, store bool) []byte {
	if len(v.sh.base.segs) == 0 {
		return nil
	}
	s := v.find(addr, n)
	if s < 0 {
		return nil
	}
	off := int(addr - v.sh.base.segs[s].Base)
	if n <= 0 {
		return []byte{}
	}
	p0, p1 := off>>pageShift, (off+n-1)>>pageShift
	if p0 == p1 {
		t := &v.touched[v.page(s, p0)]
		po := off & pageMask
		v.mark(t, po, po+n, store)
		return t.buf[po : po+n : po+n]
	}
	return v.span(s, p0, p1, off, n, store)
}

// page returns the touched index of page p of segment s, copying the page
// from the committed memory on the unit's first touch.
func (v *memView) page(s, p int) int {
	if i := int(v.slot[s][p]); i < len(v.touched) {
		if t := &v.touched[i]; int(t.seg) == s && int(t.page) == p {
			return i
		}
	}
	data := v.sh.base.segs[s].Data
	lo := p << pageShift
	hi := min(lo+pageSize, len(data))
	buf, pooled := v.getBuf(hi - lo)
	ps := &v.sh.pages[s][p]
	ps.mu.RLock()
	copy(buf, data[lo:hi])
	snap := ps.seq.Load()
	ps.mu.RUnlock()
	v.touched = append(v.touched, viewPage{seg: int32(s), page: int32(p), snap: snap, buf: buf, run: buf, pooled: pooled})
	i := len(v.touched) - 1
	v.slot[s][p] = int32(i)
	return i
}

func (v *memView) getBuf(n int) ([]byte, bool) {
	if n != pageSize {
		return make([]byte, n), false
	}
	if k := len(v.free); k > 0 {
		b := v.free[k-1]
		v.free = v.free[:k-1]
		return b, true
	}
	return make([]byte, pageSize), true
}

// span returns bytes [off, off+n) of segment s, which cross pages p0..p1:
// their copies are joined into one block first unless they already are.
func (v *memView) span(s, p0, p1, off, n int, store bool) []byte {
	idx := make([]int, 0, p1-p0+1)
	for p := p0; p <= p1; p++ {
		idx = append(idx, v.page(s, p))
	}
	first := &v.touched[idx[0]]
	joined := true
	for k, i := range idx[1:] {
		t := &v.touched[i]
		joined = joined && &t.run[0] == &first.run[0] && t.runOff == first.runOff+(k+1)*pageSize
	}
	if !joined {
		total := 0
		for _, i := range idx {
			total += len(v.touched[i].buf)
		}
		run := make([]byte, total)
		o := 0
		for _, i := range idx {
			t := &v.touched[i]
			copy(run[o:], t.buf)
			if t.pooled {
				v.retired = append(v.retired, t.buf)
			}
			t.buf, t.run, t.runOff, t.pooled = run[o:o+len(t.buf)], run, o, false
			o += len(t.buf)
		}
	}
	for k, i := range idx {
		t := &v.touched[i]
		lo := max(off-(p0+k)<<pageShift, 0)
		hi := min(off+n-(p0+k)<<pageShift, len(t.buf))
		v.mark(t, lo, hi, store)
	}
	first = &v.touched[idx[0]]
	start := first.runOff + off&pageMask
	return first.run[start : start+n : start+n]
}
