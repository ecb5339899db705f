package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/wgmma"
)

// Shared-memory operand address tables. A GEMM main loop issues the same
// few descriptors (one per pipeline stage and K step) hundreds of times per
// CTA, so the per-element address arithmetic (descriptor layout, swizzle)
// and the bounds checks are done once per descriptor: the table holds, for
// element (r, kk) at r*K+kk, its byte offset in the CTA's shared memory,
// every element already checked to lie inside it.

// wgTabKey names one table: the decoded descriptor, the operand shape and
// the CTA's shared-memory size. A descriptor's address has no cluster-rank
// bits (it always names the issuing CTA's own shared memory), so a table
// depends on nothing else and the launch's CTAs share one cache
// (ctaPool.wgTabs): every CTA of a GEMM issues the same descriptors.
type wgTabKey struct {
	d      wgmma.Descriptor
	ty     wgmma.Type
	major  wgmma.Major
	rows   int
	k      int
	shared int
}

// maxWgTabs bounds a launch's table cache (a kernel that computes a fresh
// descriptor per MMA would otherwise grow it without end).
const maxWgTabs = 256

// wgTab is one operand's address table.
type wgTab struct {
	off    []uint32 // element (r, kk) at r*K+kk: its byte offset
	chunks []uint32 // the 16-byte chunks off touches, ascending (made on first use)
	// gran, when not nil: element i*per+j (per = 16/size) is at byte
	// gran[i] + j*size for every i, j (the usual K-major layouts): the
	// gather then reads whole 16-byte granules.
	gran []uint32
}

// granules returns the granule table of off for elements of es bytes, or
// nil when the elements do not come in whole aligned 16-byte runs.
func granules(off []uint32, es int) []uint32 {
	per := 16 / es
	if per < 1 || len(off)%per != 0 {
		return nil
	}
	g := make([]uint32, len(off)/per)
	for i := range g {
		o := off[i*per]
		if o%16 != 0 {
			return nil
		}
		for j := 1; j < per; j++ {
			if off[i*per+j] != o+uint32(j*es) {
				return nil
			}
		}
		g[i] = o
	}
	return g
}

// chunkList returns the distinct 16-byte chunks the table's elements lie in
// (an element never straddles two: elements are naturally aligned).
func (t *wgTab) chunkList() []uint32 {
	if t.chunks == nil {
		seen := make(map[uint32]struct{}, len(t.off)/4)
		for _, o := range t.off {
			seen[o/hzChunk] = struct{}{}
		}
		t.chunks = make([]uint32, 0, len(seen))
		for k := range seen {
			t.chunks = append(t.chunks, k)
		}
		slices.Sort(t.chunks)
	}
	return t.chunks
}

// addrTable returns the offsets of the rows x k elements of a non-b1
// operand read through d, or nil when some element is not in c's own
// shared memory or its address has a cluster-rank field (the caller's
// per-element path then reads it or reports the fault).
func (c *CTA) addrTable(ty wgmma.Type, major wgmma.Major, rows, k int, d wgmma.Descriptor) *wgTab {
	key := wgTabKey{d: d, ty: ty, major: major, rows: rows, k: k, shared: len(c.shared)}
	p := &c.l.pool
	if tab, ok := p.wgTabs[key]; ok {
		return tab
	}
	es := ty.Bits() / 8
	tab := make([]uint32, rows*k)
	for r := 0; r < rows; r++ {
		for kk := 0; kk < k; kk++ {
			a := d.Addr(ty, major, r, kk)
			if a>>clusterRankShift != 0 {
				return nil // a rank field: resolved per CTA on the element path
			}
			t, off, msg := c.sharedTarget(ptx.SpaceShared, uint64(a), es)
			if msg != "" || t != c {
				return nil
			}
			tab[r*k+kk] = uint32(off)
		}
	}
	if p.wgTabs == nil || len(p.wgTabs) >= maxWgTabs {
		p.wgTabs = make(map[wgTabKey]*wgTab)
	}
	t := &wgTab{off: tab, gran: granules(tab, es)}
	p.wgTabs[key] = t
	return t
}
