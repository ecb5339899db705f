package exec

import "github.com/sm90sim/sm90sim/ptx"

// setTrue is the "true" value of set's destination type dt for one element
// of width bits: 1.0 for float types, all ones for integer types.
func setTrue(dt ptx.Type, bits int) uint64 {
	switch dt {
	case ptx.F32:
		return 0x3f800000
	case ptx.F16, ptx.F16x2:
		return 0x3c00
	case ptx.BF16, ptx.BF16x2:
		return 0x3f80
	}
	return widthMask(bits)
}

// compileSet is set.CmpOp{.BoolOp}{.ftz}.dtype.stype. For packed sources
// (.f16x2/.bf16x2) each half is compared on its own and gets its own result:
// 1.0 in a packed float destination, 0xffff in a .u32/.s32 one (PTX ISA;
// recorded in f16_bf16 o32 slots 11-13, 21-22 and 29: set.eq.f16x2.f16x2
// gives 0x3c00 per true half, set.eq.bf16x2.bf16x2 0x3f80, set.eq.u32.f16x2
// 0xffff).
func compileSet(x *xinst, ftz bool) error {
	in := x.in
	if len(in.Mods.Types) < 2 {
		return errAt(in, "set needs a destination and a source type")
	}
	dt, st := in.Mods.Types[0], in.Mods.Types[1]
	fixFloatImms(x, st)
	bop := in.Mods.Bool
	packed := st == ptx.F16x2 || st == ptx.BF16x2
	et := st
	if packed {
		et = ptx.F16
		if st == ptx.BF16x2 {
			et = ptx.BF16
		}
	}
	cmp := cmpFn(in.Mods.Cmp, et, ftz)
	one := setTrue(dt, 32)
	if packed {
		one = setTrue(dt, 16)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) {
			a, b := w.src(&x.ops[1], l), w.src(&x.ops[2], l)
			cv := bop != ptx.BoolNone && w.src(&x.ops[3], l) != 0
			one1 := func(a, b uint64) uint64 {
				r := cmp(a, b)
				if bop != ptx.BoolNone {
					r = boolCombine(bop, r, cv)
				}
				return b2u(r) * one
			}
			if packed {
				w.set(&x.ops[0], l, one1(a&0xffff, b&0xffff)|one1(a>>16&0xffff, b>>16&0xffff)<<16)
				return
			}
			w.set(&x.ops[0], l, one1(a, b))
		})
		return nil
	}
	return nil
}
