package exec

import (
	"github.com/sm90sim/sm90sim/smem"
	"github.com/sm90sim/sm90sim/tma"
)

// Tile-mode TMA loads a box row at a time. tma.TensorMap.TileBox visits
// the box element by element (a closure call, a swizzle, a bounds check
// and a global-memory lookup per element); a GEMM pipeline moves megabytes
// that way. tileRows walks the same elements in the same order but, for a
// box row (dimension 0 at fixed outer coordinates) that lies wholly inside
// the tensor, the global buffer and the CTA's shared memory, copies it in
// 16-byte swizzle granules (bits 0-3 of an address are never swizzled and
// a granule never leaves its 128-byte block). Any other row goes through
// the element path (tileElems), so fills and faults are exactly those of
// TileBox.

// tileRows is tileInto for a tile-mode, non-interleaved map.
func (w *Warp) tileRows(x *xinst, l int, tm *tma.TensorMap, coords []int32, sh []byte, d uint32) error {
	es := tm.DType.Size()
	rank := tm.Rank
	var n, s [5]int
	rows := 1
	for i := 0; i < rank; i++ {
		n[i] = tm.BoxElems(i)
		s[i] = int(tm.ElementStrides[i])
		if i > 0 {
			rows *= n[i]
		}
	}
	pitch := tm.SmemBytes() / rows
	rowBytes := n[0] * es
	mode := smem.SwizzleMode(tm.Swizzle)
	g0 := int64(coords[0])
	inner := g0 >= 0 && g0+int64(n[0]) <= int64(tm.Dims[0])
	c := make([]int, rank)
	for r := 0; r < rows; r++ {
		lo := int(d) + r*pitch
		ok := inner && (lo+rowBytes+127)&^127 <= len(sh) && lo%16 == 0 && rowBytes%16 == 0
		addr := int64(tm.GlobalAddress) + g0*int64(es)
		for i := 1; i < rank && ok; i++ {
			g := int64(coords[i]) + int64(c[i]*s[i])
			ok = g >= 0 && g < int64(tm.Dims[i])
			addr += g * int64(tm.Strides[i-1])
		}
		var src []byte
		if ok {
			src = w.cta.l.Global.SliceR(uint64(addr), rowBytes)
			if src != nil && w.eff != nil {
				w.eff.GlobalTMA = true
				w.eff.noteGlobal(uint64(addr), rowBytes, false)
			}
		}
		if src != nil {
			for b := 0; b < rowBytes; b += 16 {
				a := smem.Swizzle(mode, uint32(lo+b))
				*(*[16]byte)(sh[a : a+16]) = *(*[16]byte)(src[b : b+16]) // inline, no memmove call
				if tm.RoundTF32 && es == 4 {
					roundTF32(sh[a : a+16])
				}
			}
		} else if err := w.tileElems(x, l, tm, coords, nil, sh, d, c); err != nil {
			return err
		}
		for i := 1; i < rank; i++ {
			if c[i]++; c[i] < n[i] {
				break
			}
			c[i] = 0
		}
	}
	return nil
}

// tileRowElems visits the elements of one box row as TileBox does: c
// holds the outer box coordinates (c[0] unused).
func tileRowElems(t *tma.TensorMap, dst uint32, coords []int32, c []int, visit func(tma.Elem) error) error {
	es := t.DType.Size()
	mode := smem.SwizzleMode(t.Swizzle)
	row, rows := 0, 1
	for i := t.Rank - 1; i >= 1; i-- {
		row = row*t.BoxElems(i) + c[i]
		rows *= t.BoxElems(i)
	}
	pitch := t.SmemBytes() / rows
	for c0 := 0; c0 < t.BoxElems(0); c0++ {
		off := uint32(row*pitch + c0*es)
		e := tma.Elem{Smem: smem.Swizzle(mode, dst+off)}
		c[0] = c0
		e.Global, e.InBounds = t.ElemGlobal(coords, c[:t.Rank])
		if err := visit(e); err != nil {
			return err
		}
	}
	return nil
}
