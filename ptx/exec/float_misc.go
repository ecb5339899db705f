package exec

import (
	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
)

// compileFloatMisc handles copysign, testp and the special functions.
func compileFloatMisc(c *compiler, x *xinst) error {
	in := x.in
	t := x.t
	fl := in.Mods.Flags
	ftz := fl&ptx.FFtz != 0
	approx := fl&ptx.FApprox != 0
	rm := rounding(in.Mods.Round)
	fixFloatImms(x, t)
	un := func(f func(a uint64) uint64) error {
		if t == ptx.F16x2 || t == ptx.BF16x2 {
			g := f
			f = func(a uint64) uint64 { return g(a&0xffff)&0xffff | (g(a>>16&0xffff)&0xffff)<<16 }
		}
		x.f1, x.fn = f, hUn
		return needOps(x, 2)
	}
	u32 := func(g func(a uint32) uint32) func(a uint64) uint64 {
		return func(a uint64) uint64 { return uint64(g(uint32(a))) }
	}
	switch in.Op {
	case ptx.OpCopysign:
		var sign uint64 = 0x80000000
		if t == ptx.F64 {
			sign = 1 << 63
		}
		x.f2 = func(a, b uint64) uint64 { return b&^sign | a&sign }
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpTestp:
		class := in.Mods.Sub
		if t == ptx.F64 {
			x.f1 = func(a uint64) uint64 { return b2u(fp.TestpF64(a, class)) }
		} else {
			x.f1 = func(a uint64) uint64 { return b2u(fp.TestpF32(uint32(a), class)) }
		}
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpRcp:
		switch {
		case t == ptx.F32 && approx:
			return un(u32(func(a uint32) uint32 { return fp.RcpApproxF32(a, ftz) }))
		case t == ptx.F32:
			return un(u32(func(a uint32) uint32 { return fp.RcpF32(a, rm, ftz) }))
		case t == ptx.F64 && approx:
			return un(func(a uint64) uint64 { return fp.RcpApproxF64(a) })
		case t == ptx.F64:
			return un(func(a uint64) uint64 { return fp.RcpF64(a, rm) })
		}
	case ptx.OpSqrt:
		switch {
		case t == ptx.F32 && approx:
			return un(u32(func(a uint32) uint32 { return fp.SqrtApproxF32(a, ftz) }))
		case t == ptx.F32:
			return un(u32(func(a uint32) uint32 { return fp.SqrtF32(a, rm, ftz) }))
		case t == ptx.F64:
			return un(func(a uint64) uint64 { return fp.SqrtF64(a, rm) })
		}
	case ptx.OpRsqrt:
		switch t {
		case ptx.F32:
			return un(u32(func(a uint32) uint32 { return fp.RsqrtApproxF32(a, ftz) }))
		case ptx.F64:
			return un(func(a uint64) uint64 { return fp.RsqrtApproxF64(a, ftz) })
		}
	case ptx.OpEx2:
		switch t {
		case ptx.F32:
			return un(u32(func(a uint32) uint32 { return fp.Ex2ApproxF32(a, ftz) }))
		case ptx.F16, ptx.F16x2:
			return un(func(a uint64) uint64 { return uint64(fp.Ex2ApproxF16(uint16(a))) })
		case ptx.BF16, ptx.BF16x2:
			return un(func(a uint64) uint64 { return uint64(fp.Ex2ApproxBF16(uint16(a))) })
		}
	case ptx.OpLg2:
		if t == ptx.F32 {
			return un(u32(func(a uint32) uint32 { return fp.Lg2ApproxF32(a, ftz) }))
		}
	case ptx.OpSin:
		if t == ptx.F32 {
			return un(u32(func(a uint32) uint32 { return fp.SinApproxF32(a, ftz) }))
		}
	case ptx.OpCos:
		if t == ptx.F32 {
			return un(u32(func(a uint32) uint32 { return fp.CosApproxF32(a, ftz) }))
		}
	case ptx.OpTanh:
		switch t {
		case ptx.F32:
			return un(u32(func(a uint32) uint32 { return fp.TanhApproxF32(a) }))
		case ptx.F16, ptx.F16x2:
			return un(func(a uint64) uint64 { return uint64(fp.TanhApproxF16(uint16(a))) })
		case ptx.BF16, ptx.BF16x2:
			return un(func(a uint64) uint64 { return uint64(fp.TanhApproxBF16(uint16(a))) })
		}
	}
	return errUnsupported(in)
}
