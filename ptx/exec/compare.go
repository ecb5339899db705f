package exec

import (
	"math"

	"github.com/x448/float16"

	"github.com/sm90sim/sm90sim/ptx"
)

// toF64 decodes a float of type t exactly (ftz flushes subnormals to ±0).
func toF64(v uint64, t ptx.Type, ftz bool) float64 {
	switch t {
	case ptx.F64:
		f := math.Float64frombits(v)
		if ftz && f != 0 && math.Abs(f) < 0x1p-1022 {
			return math.Copysign(0, f)
		}
		return f
	case ptx.F16:
		h := uint16(v)
		if ftz && h&0x7c00 == 0 {
			h &= 0x8000
		}
		return float64(float16.Frombits(h).Float32())
	case ptx.BF16:
		return float64(math.Float32frombits(uint32(v&0xffff) << 16))
	default:
		f := math.Float32frombits(uint32(v))
		if ftz && f != 0 && math.Abs(float64(f)) < 0x1p-126 {
			return math.Copysign(0, float64(f))
		}
		return float64(f)
	}
}

// cmpInts compares a and b as integers of type t.
func cmpInts(op ptx.CmpOp, a, b uint64, t ptx.Type) bool {
	n := t.Bits()
	var c int // -1, 0, 1
	if t.IsSigned() {
		x, y := sext(a, n), sext(b, n)
		c = cmp3(x < y, x > y)
	} else {
		mk := widthMask(n)
		x, y := a&mk, b&mk
		c = cmp3(x < y, x > y)
	}
	switch op {
	case ptx.CmpEq:
		return c == 0
	case ptx.CmpNe:
		return c != 0
	case ptx.CmpLt, ptx.CmpLo:
		return c < 0
	case ptx.CmpLe, ptx.CmpLs:
		return c <= 0
	case ptx.CmpGt, ptx.CmpHi:
		return c > 0
	case ptx.CmpGe, ptx.CmpHs:
		return c >= 0
	}
	return false
}

func cmp3(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

// cmpFloats compares two decoded floats; unordered forms are true on NaN.
func cmpFloats(op ptx.CmpOp, x, y float64) bool {
	nan := math.IsNaN(x) || math.IsNaN(y)
	switch op {
	case ptx.CmpEq:
		return !nan && x == y
	case ptx.CmpNe:
		return !nan && x != y
	case ptx.CmpLt:
		return !nan && x < y
	case ptx.CmpLe:
		return !nan && x <= y
	case ptx.CmpGt:
		return !nan && x > y
	case ptx.CmpGe:
		return !nan && x >= y
	case ptx.CmpEqu:
		return nan || x == y
	case ptx.CmpNeu:
		return nan || x != y
	case ptx.CmpLtu:
		return nan || x < y
	case ptx.CmpLeu:
		return nan || x <= y
	case ptx.CmpGtu:
		return nan || x > y
	case ptx.CmpGeu:
		return nan || x >= y
	case ptx.CmpNum:
		return !nan
	case ptx.CmpNan:
		return nan
	}
	return false
}

// cmpFn returns the comparison of type t (element of a packed type for x2).
func cmpFn(op ptx.CmpOp, t ptx.Type, ftz bool) func(a, b uint64) bool {
	if !t.IsFloat() && !t.IsSigned() && t.Bits() == 32 {
		switch op { // the common unsigned 32-bit forms, without the generic switch
		case ptx.CmpEq:
			return func(a, b uint64) bool { return uint32(a) == uint32(b) }
		case ptx.CmpNe:
			return func(a, b uint64) bool { return uint32(a) != uint32(b) }
		case ptx.CmpLt, ptx.CmpLo:
			return func(a, b uint64) bool { return uint32(a) < uint32(b) }
		case ptx.CmpGe, ptx.CmpHs:
			return func(a, b uint64) bool { return uint32(a) >= uint32(b) }
		}
	}
	if t.IsFloat() {
		return func(a, b uint64) bool { return cmpFloats(op, toF64(a, t, ftz), toF64(b, t, ftz)) }
	}
	return func(a, b uint64) bool { return cmpInts(op, a, b, t) }
}

// intCmpTable is an integer comparison as a truth table: bit 0 its result
// for a < b, bit 1 for a == b, bit 2 for a > b.
func intCmpTable(op ptx.CmpOp) (uint8, bool) {
	switch op {
	case ptx.CmpEq:
		return 0b010, true
	case ptx.CmpNe:
		return 0b101, true
	case ptx.CmpLt, ptx.CmpLo:
		return 0b001, true
	case ptx.CmpLe, ptx.CmpLs:
		return 0b011, true
	case ptx.CmpGt, ptx.CmpHi:
		return 0b100, true
	case ptx.CmpGe, ptx.CmpHs:
		return 0b110, true
	}
	return 0, false
}

func boolCombine(op ptx.BoolOp, r bool, c bool) bool {
	switch op {
	case ptx.BoolAnd:
		return r && c
	case ptx.BoolOr:
		return r || c
	case ptx.BoolXor:
		return r != c
	}
	return r
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func compileCompare(c *compiler, x *xinst) error {
	in := x.in
	ftz := in.Mods.Flags&ptx.FFtz != 0
	fixFloatImms(x, x.t)
	switch in.Op {
	case ptx.OpSetp:
		return compileSetp(x, ftz)
	case ptx.OpSet:
		return compileSet(x, ftz)
	case ptx.OpSelp:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if d, mk := w.dstVec(&x.ops[0]); d != nil {
				a := w.vals(&x.ops[1], m, &w.bufA)
				b := w.vals(&x.ops[2], m, &w.bufB)
				c := w.vals(&x.ops[3], m, &w.bufC)
				for ; m != 0; m &= m - 1 {
					l := tz(m)
					v := b[l]
					if c[l] != 0 {
						v = a[l]
					}
					d[l] = v & mk
				}
				return nil
			}
			forLanes(m, func(l int) {
				if w.src(&x.ops[3], l) != 0 {
					w.set(&x.ops[0], l, w.src(&x.ops[1], l))
				} else {
					w.set(&x.ops[0], l, w.src(&x.ops[2], l))
				}
			})
			return nil
		}
		return needOps(x, 4)
	case ptx.OpSlct:
		if len(in.Mods.Types) < 2 {
			return errAt(in, "slct needs two types")
		}
		ct := in.Mods.Types[1]
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) {
				cv := w.src(&x.ops[3], l)
				var ge bool
				if ct == ptx.F32 {
					f := toF64(cv, ptx.F32, ftz)
					ge = f >= 0 // NaN selects b
				} else {
					ge = sext(cv, 32) >= 0
				}
				if ge {
					w.set(&x.ops[0], l, w.src(&x.ops[1], l))
				} else {
					w.set(&x.ops[0], l, w.src(&x.ops[2], l))
				}
			})
			return nil
		}
		return needOps(x, 4)
	}
	return errUnsupported(in)
}

func compileSetp(x *xinst, ftz bool) error {
	in := x.in
	t := x.t
	bop := in.Mods.Bool
	nops := 3
	if bop != ptx.BoolNone {
		nops = 4
	}
	if err := needOps(x, nops); err != nil {
		return err
	}
	dst := &x.ops[0]
	var p, q *xop = dst, nil
	if dst.kind == oVec && len(dst.elems) == 2 {
		p, q = &dst.elems[0], &dst.elems[1]
	}
	if t == ptx.F16x2 || t == ptx.BF16x2 {
		et := ptx.F16
		if t == ptx.BF16x2 {
			et = ptx.BF16
		}
		cmp := cmpFn(in.Mods.Cmp, et, ftz)
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) {
				a, b := w.src(&x.ops[1], l), w.src(&x.ops[2], l)
				lo, hi := cmp(a&0xffff, b&0xffff), cmp(a>>16&0xffff, b>>16&0xffff)
				if bop != ptx.BoolNone {
					cv := w.src(&x.ops[3], l) != 0
					lo, hi = boolCombine(bop, lo, cv), boolCombine(bop, hi, cv)
				}
				w.set(p, l, b2u(lo))
				if q != nil {
					w.set(q, l, b2u(hi))
				}
			})
			return nil
		}
		return nil
	}
	cmp := cmpFn(in.Mods.Cmp, t, ftz)
	if tab, ok := intCmpTable(in.Mods.Cmp); ok && !t.IsFloat() && t.Bits() > 0 && t.Bits() <= 64 &&
		bop == ptx.BoolNone && q == nil && p.kind == oReg {
		// Integers: both operands shifted to the top of 64 bits (which
		// keeps their order, signed or not), then the comparison's truth
		// table indexed by (a >= b) + (a > b).
		sh, signed := uint(64-t.Bits()), t.IsSigned()
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			a := w.vals(&x.ops[1], m, &w.bufA)
			b := w.vals(&x.ops[2], m, &w.bufB)
			d, _ := w.dstVec(p)
			for ; m != 0; m &= m - 1 {
				l := tz(m)
				u, v := a[l]<<sh, b[l]<<sh
				var ge, gt bool
				if signed {
					ge, gt = int64(u) >= int64(v), int64(u) > int64(v)
				} else {
					ge, gt = u >= v, u > v
				}
				d[l] = uint64(tab>>(b2u(ge)+b2u(gt))) & 1
			}
			return nil
		}
		return nil
	}
	if bop == ptx.BoolNone && q == nil && p.kind == oReg {
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			a := w.vals(&x.ops[1], m, &w.bufA)
			b := w.vals(&x.ops[2], m, &w.bufB)
			d, _ := w.dstVec(p)
			for ; m != 0; m &= m - 1 {
				l := tz(m)
				d[l] = b2u(cmp(a[l], b[l]))
			}
			return nil
		}
		return nil
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) {
			r := cmp(w.src(&x.ops[1], l), w.src(&x.ops[2], l))
			r2 := !r
			if bop != ptx.BoolNone {
				cv := w.src(&x.ops[3], l) != 0
				r, r2 = boolCombine(bop, r, cv), boolCombine(bop, r2, cv)
			}
			w.set(p, l, b2u(r))
			if q != nil {
				w.set(q, l, b2u(r2))
			}
		})
		return nil
	}
	return nil
}
