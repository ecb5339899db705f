package exec

import (
	"encoding/binary"
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/tma"
)

// tensorForm is the decoded shape of a cp.async.bulk.tensor instruction.
type tensorForm struct {
	dims      int
	load      bool // global -> shared::cluster (else shared::cta -> global)
	prefetch  bool
	im2col    bool
	multicast bool
	red       atomFn
	mapOp     int // operand holding [tmap, {coords}]
}

// compileTensorCopy handles cp.async.bulk.tensor (tile mode; im2col loads
// with their u16 offsets and .im2col_no_offs stores and reductions;
// ptx-facts §5.1-5.4): loads global ->
// shared::cluster completing on an mbarrier,
// stores and reductions shared::cta -> global (bulk_group) and L2
// prefetches. Each active thread issues its own copy, at once: loads write
// shared memory and complete_tx the full box bytes; stores read shared
// memory at issue and skip out-of-bounds elements. Coordinates an H200
// faults on (tma.CheckCoords) and misaligned shared operands are errors.
func compileTensorCopy(c *compiler, x *xinst) error {
	in := x.in
	f := tensorForm{}
	for _, q := range in.Quals {
		if len(q) == 2 && q[1] == 'd' && q[0] >= '1' && q[0] <= '5' {
			f.dims = int(q[0] - '0')
		}
	}
	if f.dims == 0 {
		return errAt(in, "%s needs a dimension (.1d ... .5d)", in.Text)
	}
	has := func(s string) bool { return slices.Contains(in.Quals, s) }
	f.prefetch = has("prefetch")
	f.im2col = in.Mods.Flags&ptx.FIm2col != 0 || has("im2col_no_offs")
	f.multicast = in.Mods.Flags&ptx.FMulticast != 0
	f.load = !f.prefetch && in.Mods.Space != ptx.SpaceGlobal
	if !f.load && !f.prefetch && in.Mods.Flags&ptx.FIm2col != 0 {
		return errAt(in, "%s: stores and reductions take .im2col_no_offs, not .im2col (no im2col offsets)", in.Text)
	}
	if !f.load && !f.prefetch {
		f.mapOp = 0
	} else if f.load {
		f.mapOp = 1
	}
	if len(x.ops) <= f.mapOp || x.ops[f.mapOp].kind != oAddr || len(x.ops[f.mapOp].elems) != f.dims {
		return errAt(in, "%s needs [tensorMap, {%d coordinates}]", in.Text, f.dims)
	}
	if in.Mods.Sub == "reduce" {
		if f.load {
			return errUnsupported(in)
		}
		f.red = func(o, b, c uint64) uint64 { return b } // replaced per map type at run time
	}
	defer countedAsync(x)
	switch {
	case f.prefetch:
		x.setAsync(AsyncPrefetch, 0)
	case f.load:
		x.setAsync(AsyncBulkLoad, 0)
	default:
		x.setAsync(AsyncBulkStore, 0)
	}
	switch {
	case f.prefetch:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			for r := m; r != 0; r &= r - 1 {
				if _, err := w.tensorMapAt(x, &x.ops[f.mapOp], tz(r)); err != nil {
					return err
				}
			}
			return nil
		}
	case f.load:
		if len(x.ops) < 3 || x.ops[0].kind != oAddr || x.ops[2].kind != oAddr || in.Mods.Flags&ptx.FCompleteTxBytes == 0 {
			return errAt(in, "%s expects [dst], [tensorMap, {coords}], [mbar] with .mbarrier::complete_tx::bytes", in.Text)
		}
		if f.im2col && (len(x.ops) < 4 || x.ops[3].kind != oVec || len(x.ops[3].elems) != f.dims-2) {
			return errAt(in, "%s expects %d im2col offsets {...} after [mbar]", in.Text, f.dims-2)
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			for r := m; r != 0; r &= r - 1 {
				if err := w.tensorLoad(x, &f, tz(r)); err != nil {
					return err
				}
			}
			return nil
		}
	default:
		if len(x.ops) < 2 || x.ops[1].kind != oAddr {
			return errAt(in, "%s expects [tensorMap, {coords}], [src]", in.Text)
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			for r := m; r != 0; r &= r - 1 {
				if err := w.tensorStore(x, &f, tz(r)); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return nil
}

// coords reads the s32 coordinates of a [tensorMap, {c...}] operand.
func (w *Warp) coords(o *xop, l int) []int32 {
	cs := make([]int32, len(o.elems))
	for i := range o.elems {
		cs[i] = int32(w.src(&o.elems[i], l))
	}
	return cs
}

// tensorLoad is one thread's tile-mode load: the box lands in the
// destination CTA, or with .multicast::cluster in every CTA of the ctaMask
// at the same offset (cluster_copy.go).
func (w *Warp) tensorLoad(x *xinst, f *tensorForm, l int) error {
	tm, err := w.tensorMapAt(x, &x.ops[1], l)
	if err != nil {
		return err
	}
	if (tm.Im2col != nil) != f.im2col {
		return w.laneFault(x, l, "%s: %s", x.in.Text, modeMismatch(f.im2col))
	}
	coords := w.coords(&x.ops[1], l)
	if err := tm.CheckCoords(coords, false); err != nil {
		return w.laneFault(x, l, "TMA load: %v", err)
	}
	mi := -1
	if f.multicast {
		mi = 3
		if f.im2col {
			mi = 4
		}
	}
	var offs []uint16
	if f.im2col {
		for i := range x.ops[3].elems {
			offs = append(offs, uint16(w.src(&x.ops[3].elems[i], l)))
		}
	}
	n, foot := uint32(tm.BoxBytes()), uint32(tm.SmemBytes())
	dests, err := w.copyDests(x, l, x.in.Mods.Space, &x.ops[0], &x.ops[2], int(foot), 128, mi)
	if err != nil {
		return err
	}
	for _, d := range dests {
		if err := w.land(x, l, "TMA load", d, foot, n); err != nil {
			return err
		}
		if err := w.tileInto(x, l, &tm, coords, offs, d.t.shared, d.dst); err != nil {
			return err
		}
	}
	return nil
}

// modeMismatch explains a tile-mode copy with an im2col map or the reverse.
func modeMismatch(im2col bool) string {
	if im2col {
		return "an .im2col copy needs a map made by cuTensorMapEncodeIm2col (mode: im2col), this one is tiled"
	}
	return "a tile-mode copy needs a tiled map, this one was made by cuTensorMapEncodeIm2col (use .im2col)"
}

// tileInto writes the box at coords (im2col mode: the pixel column at coords
// with offsets offs) into shared memory sh at offset d.
func (w *Warp) tileInto(x *xinst, l int, tm *tma.TensorMap, coords []int32, offs []uint16, sh []byte, d uint32) error {
	if tm.Im2col == nil && tm.Interleave == tma.InterleaveNone && len(coords) == tm.Rank && tm.Rank <= 5 && tm.DType.Size() > 0 {
		return w.tileRows(x, l, tm, coords, sh, d)
	}
	return w.tileElems(x, l, tm, coords, offs, sh, d, nil)
}

// tileElems is tileInto element by element; with row non-nil, only the
// elements of the box row (dimensions 1.. at row) are visited.
func (w *Warp) tileElems(x *xinst, l int, tm *tma.TensorMap, coords []int32, offs []uint16, sh []byte, d uint32, row []int) error {
	es := tm.DType.Size()
	fill, _ := tm.NaNFill()
	nanFill := tm.OOBFill == tma.OOBNaN
	walk := tm.TileBox
	if row != nil {
		walk = func(d uint32, c []int32, v func(tma.Elem) error) error { return tileRowElems(tm, d, c, row, v) }
	}
	if tm.Im2col != nil {
		walk = func(d uint32, c []int32, v func(tma.Elem) error) error { return tm.Im2colBox(d, c, offs, v) }
	}
	return walk(d, coords, func(e tma.Elem) error {
		if int(e.Smem)+es > len(sh) {
			return w.laneFault(x, l, "TMA load writes shared 0x%x, past the CTA's %d bytes", e.Smem, len(sh))
		}
		dst := sh[e.Smem : e.Smem+uint32(es)]
		if !e.InBounds {
			if nanFill {
				putLE(dst, es, fill)
			} else {
				clear(dst)
			}
			return nil
		}
		src, msg := w.access(ptx.SpaceGlobal, e.Global, es, l)
		if msg != "" {
			return w.laneFault(x, l, "TMA load: %s", msg)
		}
		copy(dst, src)
		if tm.RoundTF32 && es == 4 {
			roundTF32(dst)
		}
		return nil
	})
}

// roundTF32 rounds the f32 words of b to tf32 as a TMA load with a tf32
// map does (tma.RoundTF32), two words at a time where neither is a NaN:
// then RoundTF32's add cannot carry out of a word (it stays below 2^32),
// so one 64-bit add rounds both.
func roundTF32(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], roundTF32x2(binary.LittleEndian.Uint64(b[i:])))
	}
	for ; i+4 <= len(b); i += 4 {
		binary.LittleEndian.PutUint32(b[i:], tma.RoundTF32(binary.LittleEndian.Uint32(b[i:])))
	}
}

// roundTF32x2 is tma.RoundTF32 of both 32-bit words of v.
func roundTF32x2(v uint64) uint64 {
	const lanes, sign = 0x0000000100000001, 0x8000000080000000
	// a word is a NaN iff its magnitude plus 0x7fffff reaches 2^31
	if (v&^sign+0x7fffff*lanes)&sign != 0 {
		return uint64(tma.RoundTF32(uint32(v))) | uint64(tma.RoundTF32(uint32(v>>32)))<<32
	}
	return (v + 0xfff*lanes + (v>>13)&lanes) &^ (0x1fff * lanes)
}

// tensorStore is one thread's tile-mode store or reduction.
func (w *Warp) tensorStore(x *xinst, f *tensorForm, l int) error {
	tm, err := w.tensorMapAt(x, &x.ops[0], l)
	if err != nil {
		return err
	}
	var red atomFn
	if f.red != nil {
		if red, err = tensorReduceOp(x.in, tm.DType); err != nil {
			return w.laneFault(x, l, "%v", err)
		}
	}
	if (tm.Im2col != nil) != f.im2col {
		return w.laneFault(x, l, "%s: %s", x.in.Text, modeMismatch(f.im2col))
	}
	coords := w.coords(&x.ops[0], l)
	if err := tm.CheckCoords(coords, true); err != nil {
		return w.laneFault(x, l, "%s: %v", storeWord(f), err)
	}
	if err := tm.CheckIm2colStore(coords); err != nil {
		return w.laneFault(x, l, "%s: %v", storeWord(f), err)
	}
	s, err := w.sharedAddr(x, ptx.SpaceShared, &x.ops[1], l, tm.SmemBytes(), 128)
	if err != nil {
		return err
	}
	if err := w.hazardAsyncRead(x, l, storeWord(f), s, s+uint32(tm.SmemBytes())); err != nil {
		return err
	}
	w.hazardBulkRead(x, storeWord(f), s, s+uint32(tm.SmemBytes()))
	if err := w.startBulk(x, l, uint32(tm.SmemBytes())); err != nil {
		return err
	}
	es := tm.DType.Size()
	sh := w.cta.shared
	// the box's lines are the TMA unit's traffic (never the LSU's or L1's,
	// as for bulk copies: bulk.go); a store writes its lines without
	// reading them, a reduction reads them
	acc := w.access
	if red == nil {
		acc = w.accessStore
	}
	w.markBulkGlobal()
	walk := tm.TileBox
	if f.im2col {
		// .im2col_no_offs: the pixel walk of an im2col load with every
		// im2col offset 0 (tma.Im2colBox), elements outside the tensor skipped.
		walk = func(d uint32, c []int32, v func(tma.Elem) error) error {
			return tm.Im2colBox(d, c, make([]uint16, tm.Rank-2), v)
		}
	}
	return walk(s, coords, func(e tma.Elem) error {
		if !e.InBounds {
			return nil
		}
		if int(e.Smem)+es > len(sh) {
			return w.laneFault(x, l, "TMA store reads shared 0x%x, past the CTA's %d bytes", e.Smem, len(sh))
		}
		src := sh[e.Smem : e.Smem+uint32(es)]
		dst, msg := acc(ptx.SpaceGlobal, e.Global, es, l)
		if msg != "" {
			return w.laneFault(x, l, "TMA store: %s", msg)
		}
		if red == nil {
			copy(dst, src)
		} else {
			putLE(dst, es, red(getLE(dst, es), getLE(src, es), 0))
		}
		return nil
	})
}

// storeWord names a store or reduction for messages.
func storeWord(f *tensorForm) string {
	if f.red != nil {
		return "TMA reduction"
	}
	return "TMA store"
}

// tensorElemType is the PTX type a reduction combines for a map data type.
func tensorElemType(d tma.DType) ptx.Type {
	switch d {
	case tma.U8:
		return ptx.U8
	case tma.U16:
		return ptx.U16
	case tma.U32:
		return ptx.U32
	case tma.S32:
		return ptx.S32
	case tma.U64:
		return ptx.U64
	case tma.S64:
		return ptx.S64
	case tma.F16:
		return ptx.F16
	case tma.BF16:
		return ptx.BF16
	case tma.F64:
		return ptx.F64
	}
	return ptx.F32
}
