package exec

import (
	"fmt"
	"sort"
)

// Segment is one mapped range of global memory (a buffer or a module variable).
type Segment struct {
	Name string
	Base uint64
	Data []byte
}

// GlobalMem is device memory: a sorted set of non-overlapping segments.
// Accesses outside every segment are faults.
type GlobalMem struct {
	segs []*Segment
	last *Segment
	next uint64
	// view is set on a goroutine's private view of a parallel launch's
	// memory (SharedMem.View, overlay.go).
	view *memView
}

// Global address layout: buffers from GlobalBase upward, 256-byte aligned
// like cuMemAlloc, with an unmapped guard gap between them.
const (
	GlobalBase    = 0x7f4a_0000_0000
	globalAlign   = 256
	globalGuard   = 256
	sharedWindow  = 0x7fff_0000_0000 // default generic base of the shared window (config may move it)
	localWindow   = 0x7ffe_0000_0000
	windowSize    = 1 << 32
	constBaseAddr = 0x7f49_0000_0000
)

// NewGlobalMem returns an empty global memory.
func NewGlobalMem() *GlobalMem { return &GlobalMem{next: GlobalBase} }

// Alloc maps a new zero-filled segment of n bytes and returns its address.
func (g *GlobalMem) Alloc(name string, n int) *Segment {
	return g.Adopt(name, make([]byte, n))
}

// Adopt maps data as a new segment, at the address Alloc would give it,
// without copying: the caller hands data over and must not keep using it
// except through the segment.
func (g *GlobalMem) Adopt(name string, data []byte) *Segment {
	g.mustNotBeView("Alloc")
	base := (g.next + globalAlign - 1) &^ (globalAlign - 1)
	s := &Segment{Name: name, Base: base, Data: data}
	g.segs = append(g.segs, s)
	g.next = base + uint64(max(len(data), 1)) + globalGuard
	return s
}

// MapAt maps data at a fixed address (it must not overlap).
func (g *GlobalMem) MapAt(name string, base uint64, data []byte) (*Segment, error) {
	g.mustNotBeView("MapAt")
	s := &Segment{Name: name, Base: base, Data: data}
	for _, o := range g.segs {
		if base < o.Base+uint64(len(o.Data)) && o.Base < base+uint64(len(data)) {
			return nil, fmt.Errorf("segment %s overlaps %s", name, o.Name)
		}
	}
	g.segs = append(g.segs, s)
	sort.Slice(g.segs, func(i, j int) bool { return g.segs[i].Base < g.segs[j].Base })
	return s, nil
}

// Segments lists the mapped segments in address order.
func (g *GlobalMem) Segments() []*Segment { return g.segs }

// Slice returns the n bytes at addr, or nil when [addr, addr+n) is not inside
// one segment.
func (g *GlobalMem) Slice(addr uint64, n int) []byte {
	if g.view != nil {
		return g.view.slice(addr, n, false)
	}
	if s := g.last; s != nil && addr >= s.Base && addr+uint64(n) <= s.Base+uint64(len(s.Data)) {
		off := addr - s.Base
		return s.Data[off : off+uint64(n)]
	}
	i := sort.Search(len(g.segs), func(i int) bool { return g.segs[i].Base > addr }) - 1
	if i < 0 {
		return nil
	}
	s := g.segs[i]
	if addr+uint64(n) > s.Base+uint64(len(s.Data)) || addr+uint64(n) < addr {
		return nil
	}
	g.last = s
	off := addr - s.Base
	return s.Data[off : off+uint64(n)]
}

// SliceW is Slice for a caller that overwrites all n bytes and reads none
// of them (a store): on a view of a parallel launch (overlay.go) such bytes
// never make the unit conflict with another.
func (g *GlobalMem) SliceW(addr uint64, n int) []byte {
	if g.view != nil {
		return g.view.slice(addr, n, true)
	}
	return g.Slice(addr, n)
}

// mustNotBeView guards the mapping calls: a view shares its base's
// segments and cannot map new ones.
func (g *GlobalMem) mustNotBeView(op string) {
	if g.view != nil {
		panic("exec: GlobalMem." + op + " on a view of a parallel launch's memory")
	}
}
