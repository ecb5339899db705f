package exec

import (
	"encoding/binary"

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

// tileBatch is the number of box rows whose sources tileRows looks up (and
// touches, so that their cache misses overlap) before copying them.
const tileBatch = 32

// tileRows is tileInto for a tile-mode, non-interleaved map. It handles the
// box rows in batches: the global slices of up to tileBatch consecutive
// fast rows first (in row order, and one load from each of their 64-byte
// lines, whose misses the CPU then serves in parallel), then their copies
// (and effect notes, in row order); a row that takes the element path ends
// a batch and is visited in its turn.
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
	inner := g0 >= 0 && g0+int64(n[0]) <= int64(tm.Dims[0]) && rowBytes%16 == 0
	round := tm.RoundTF32 && es == 4
	c := make([]int, rank)
	next := func() {
		for i := 1; i < rank; i++ {
			if c[i]++; c[i] < n[i] {
				break
			}
			c[i] = 0
		}
	}
	var srcs [tileBatch][]byte
	var addrs [tileBatch]uint64
	for r := 0; r < rows; {
		// The batch: rows r..r+nb-1 copy fast; c ends at row r+nb.
		nb := 0
		var touch byte
		for ; nb < tileBatch && r+nb < rows; nb++ {
			lo := int(d) + (r+nb)*pitch
			ok := inner && (lo+rowBytes+127)&^127 <= len(sh) && lo%16 == 0
			addr := int64(tm.GlobalAddress) + g0*int64(es)
			for i := 1; i < rank && ok; i++ {
				g := int64(coords[i]) + int64(c[i]*s[i])
				ok = g >= 0 && g < int64(tm.Dims[i])
				addr += g * int64(tm.Strides[i-1])
			}
			var src []byte
			if ok {
				src = w.cta.l.Global.SliceR(uint64(addr), rowBytes)
			}
			if src == nil {
				break
			}
			for b := 0; b < rowBytes; b += 64 {
				touch ^= src[b]
			}
			touch ^= src[rowBytes-1]
			srcs[nb], addrs[nb] = src, uint64(addr)
			next()
		}
		w.cta.sink ^= touch
		for j := 0; j < nb; j++ {
			src := srcs[j]
			if w.eff != nil {
				w.eff.GlobalTMA = true
				w.eff.noteGlobal(addrs[j], rowBytes, false)
			}
			lo := int(d) + (r+j)*pitch
			if round { // rounded on the way
				for b := 0; b < rowBytes; b += 16 {
					a := smem.Swizzle(mode, uint32(lo+b))
					s, d := (*[16]byte)(src[b:b+16]), (*[16]byte)(sh[a:a+16])
					binary.LittleEndian.PutUint64(d[0:], roundTF32x2(binary.LittleEndian.Uint64(s[0:])))
					binary.LittleEndian.PutUint64(d[8:], roundTF32x2(binary.LittleEndian.Uint64(s[8:])))
				}
			} else {
				for b := 0; b < rowBytes; b += 16 {
					a := smem.Swizzle(mode, uint32(lo+b))
					*(*[16]byte)(sh[a : a+16]) = *(*[16]byte)(src[b : b+16]) // inline, no memmove call
				}
			}
			srcs[j] = nil
		}
		r += nb
		if r < rows && nb < tileBatch {
			// Row r takes the element path.
			if err := w.tileElems(x, l, tm, coords, nil, sh, d, c); err != nil {
				return err
			}
			next()
			r++
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
