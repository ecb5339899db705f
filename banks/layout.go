package banks

import (
	"fmt"

	"github.com/sm90sim/sm90sim/smem"
)

// tileBase is the absolute shared address the what-if places a tile at:
// 1024-byte aligned (the 128B swizzle period) and above the 1 KiB system
// area, like the first dynamic shared buffer of a CUTLASS kernel.
const tileBase = 0x400

// placement is the shared-memory layout of a Spec's tile under one swizzle
// mode: Addr maps (line, byte within the line) to an absolute address.
type placement struct {
	mode  smem.SwizzleMode
	lines int    // contiguous lines of the tile
	bytes int    // bytes per line
	span  int    // column-block width (the whole line for none)
	pitch int    // bytes between lines inside a column block
	base  uint32 // absolute base address
}

// place lays sp's tile out under mode, or says why mode does not apply.
func place(sp *Spec, mode smem.SwizzleMode) (placement, error) {
	p := placement{mode: mode, lines: sp.Lines(), bytes: sp.LineBytes(), base: tileBase + sp.Base}
	if mode == smem.SwizzleNone {
		p.span, p.pitch = p.bytes, p.bytes+sp.Pad
		return p, nil
	}
	s := int(mode.SpanBytes())
	if p.bytes%s != 0 {
		return p, fmt.Errorf("n/a: a %d-B line is not a whole number of %d-B swizzle spans", p.bytes, s)
	}
	p.span, p.pitch = s, s
	return p, nil
}

// Addr is the absolute shared address of byte b of line r.
func (p *placement) Addr(r, b int) uint32 {
	blk, in := b/p.span, b%p.span
	off := uint32(blk*p.lines*p.pitch + r*p.pitch + in)
	return smem.Swizzle(p.mode, p.base+off)
}
