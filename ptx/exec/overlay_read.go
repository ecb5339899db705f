package exec

// Read-only accesses on the views of a windowed timed run (sim/gpu
// windows.go). During a window nothing writes the committed memory (Apply
// runs between windows, with every partition stopped), so bytes a view has
// not copied can be read in place: a TMA load of a GEMM's A and B tiles
// then copies no page and leaves nothing for TakeWindowLog to compare.

// WindowView is View for a windowed timed run: SliceR reads the pages the
// view has not touched in place. Not for parallel functional runs (their
// committed memory changes while a unit runs, and Valid needs every read).
func (sh *SharedMem) WindowView() *GlobalMem {
	g := sh.View()
	g.view.windowed = true
	return g
}

// SliceR is Slice for bytes the caller only reads (it must not write
// through the slice).
func (g *GlobalMem) SliceR(addr uint64, n int) []byte {
	if g.view != nil && g.view.windowed {
		return g.view.sliceR(addr, n)
	}
	return g.Slice(addr, n)
}

// sliceR reads [addr, addr+n) in place unless the view has a copy of one
// of its pages (whose bytes may differ: the window's own stores).
func (v *memView) sliceR(addr uint64, n int) []byte {
	if len(v.sh.base.segs) == 0 || n <= 0 {
		return v.slice(addr, n, false)
	}
	s := v.find(addr, n)
	if s < 0 {
		return nil
	}
	off := int(addr - v.sh.base.segs[s].Base)
	for p := off >> pageShift; p <= (off+n-1)>>pageShift; p++ {
		if i := int(v.slot[s][p]); i < len(v.touched) && int(v.touched[i].seg) == s && int(v.touched[i].page) == p {
			return v.slice(addr, n, false)
		}
	}
	return v.sh.base.segs[s].Data[off : off+n : off+n]
}
