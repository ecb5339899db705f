package exec

import "math/bits"

// Lane-parallel helpers: operands are fetched as whole 32-lane vectors (a
// register's slice, or a broadcast immediate), so the per-lane loop is a
// plain indexed loop with one function call per lane at most.

// vals returns operand o for all lanes: the register's own storage when o
// is a plain register, otherwise buf filled for the lanes in m.
func (w *Warp) vals(o *xop, m uint32, buf *[32]uint64) *[32]uint64 {
	if o.kind == oReg && !o.neg {
		r := int(o.reg) * 32
		return (*[32]uint64)(w.cur.frame.regs[r : r+32])
	}
	if o.kind == oImm {
		v := o.imm
		for l := range buf {
			buf[l] = v
		}
		return buf
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		buf[l] = w.src(o, l)
	}
	return buf
}

// dstVec returns the destination register's storage and width mask, or
// nil when the destination is not a plain register.
func (w *Warp) dstVec(o *xop) (*[32]uint64, uint64) {
	if o.kind != oReg {
		return nil, 0
	}
	f := w.cur.frame
	r := int(o.reg) * 32
	return (*[32]uint64)(f.regs[r : r+32]), f.fn.regMask[o.reg]
}

// hUn, hBin, hTer apply x.f1/f2/f3 to every lane in m.
func hUn(w *Warp, x *xinst, m uint32) error {
	a := w.vals(&x.ops[1], m, &w.bufA)
	f := x.f1
	d, mk := w.dstVec(&x.ops[0])
	if d == nil {
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			w.set(&x.ops[0], l, f(a[l]))
		}
		return nil
	}
	if m == full {
		for l := 0; l < 32; l++ {
			d[l] = f(a[l]) & mk
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = f(a[l]) & mk
	}
	return nil
}

const full = ^uint32(0)

func hBin(w *Warp, x *xinst, m uint32) error {
	a := w.vals(&x.ops[1], m, &w.bufA)
	b := w.vals(&x.ops[2], m, &w.bufB)
	d, mk := w.dstVec(&x.ops[0])
	if d == nil {
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			w.set(&x.ops[0], l, x.f2(a[l], b[l]))
		}
		return nil
	}
	if m == full && x.vop != vNone {
		vecBin(x.vop, d, a, b, mk&widthMask(x.bits))
		return nil
	}
	f := x.f2
	if m == full {
		for l := 0; l < 32; l++ {
			d[l] = f(a[l], b[l]) & mk
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = f(a[l], b[l]) & mk
	}
	return nil
}

func hTer(w *Warp, x *xinst, m uint32) error {
	a := w.vals(&x.ops[1], m, &w.bufA)
	b := w.vals(&x.ops[2], m, &w.bufB)
	c := w.vals(&x.ops[3], m, &w.bufC)
	f := x.f3
	d, mk := w.dstVec(&x.ops[0])
	if d == nil {
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			w.set(&x.ops[0], l, f(a[l], b[l], c[l]))
		}
		return nil
	}
	if m == full {
		for l := 0; l < 32; l++ {
			d[l] = f(a[l], b[l], c[l]) & mk
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		d[l] = f(a[l], b[l], c[l]) & mk
	}
	return nil
}

// vecOp names binary operations with a hand-written full-warp loop.
type vecOp uint8

const (
	vNone vecOp = iota
	vAdd
	vSub
	vAnd
	vOr
	vXor
	vMulLo
	vShl
	vShrU
)

func vecBin(op vecOp, d, a, b *[32]uint64, mk uint64) {
	n := uint64(bits.OnesCount64(mk))
	switch op {
	case vShl:
		for l := range d {
			if s := b[l] & 0xffffffff; s < n {
				d[l] = (a[l] << s) & mk
			} else {
				d[l] = 0
			}
		}
	case vShrU:
		for l := range d {
			if s := b[l] & 0xffffffff; s < n {
				d[l] = (a[l] & mk) >> s
			} else {
				d[l] = 0
			}
		}
	case vAdd:
		for l := range d {
			d[l] = (a[l] + b[l]) & mk
		}
	case vSub:
		for l := range d {
			d[l] = (a[l] - b[l]) & mk
		}
	case vAnd:
		for l := range d {
			d[l] = a[l] & b[l] & mk
		}
	case vOr:
		for l := range d {
			d[l] = (a[l] | b[l]) & mk
		}
	case vXor:
		for l := range d {
			d[l] = (a[l] ^ b[l]) & mk
		}
	case vMulLo:
		for l := range d {
			d[l] = (a[l] * b[l]) & mk
		}
	}
}
