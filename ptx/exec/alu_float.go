package exec

import (
	"math"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
)

// rounding maps a PTX rounding modifier to fp's (RN when absent).
func rounding(r ptx.RoundMode) fp.Rounding {
	switch r {
	case ptx.RoundRZ, ptx.RoundRZI:
		return fp.RZ
	case ptx.RoundRM, ptx.RoundRMI:
		return fp.RM
	case ptx.RoundRP, ptx.RoundRPI:
		return fp.RP
	case ptx.RoundRNA:
		return fp.RNA
	}
	return fp.RN
}

// fops is the set of float operations of one scalar type.
type fops struct {
	add, sub, mul func(a, b uint64) uint64
	fma           func(a, b, c uint64) uint64
	min, max      func(a, b uint64) uint64
}

func floatOps(t ptx.Type, rm fp.Rounding, fl ptx.Flag) fops {
	ftz, sat := fl&ptx.FFtz != 0, fl&ptx.FSat != 0
	nan, xs, ab := fl&ptx.FNaN != 0, fl&ptx.FXorSign != 0, fl&ptx.FAbs != 0
	relu := fl&ptx.FRelu != 0
	switch t {
	case ptx.F32:
		return fops{
			add: func(a, b uint64) uint64 { return uint64(fp.AddF32(uint32(a), uint32(b), rm, ftz, sat)) },
			sub: func(a, b uint64) uint64 { return uint64(fp.SubF32(uint32(a), uint32(b), rm, ftz, sat)) },
			mul: func(a, b uint64) uint64 { return uint64(fp.MulF32(uint32(a), uint32(b), rm, ftz, sat)) },
			fma: func(a, b, c uint64) uint64 { return uint64(fp.FmaF32(uint32(a), uint32(b), uint32(c), rm, ftz, sat)) },
			min: func(a, b uint64) uint64 { return uint64(fp.MinF32(uint32(a), uint32(b), ftz, nan, xs, ab)) },
			max: func(a, b uint64) uint64 { return uint64(fp.MaxF32(uint32(a), uint32(b), ftz, nan, xs, ab)) },
		}
	case ptx.F64:
		return fops{
			add: func(a, b uint64) uint64 { return fp.AddF64(a, b, rm) },
			sub: func(a, b uint64) uint64 { return fp.SubF64(a, b, rm) },
			mul: func(a, b uint64) uint64 { return fp.MulF64(a, b, rm) },
			fma: func(a, b, c uint64) uint64 { return fp.FmaF64(a, b, c, rm) },
			min: func(a, b uint64) uint64 { return fp.MinF64(a, b, nan) },
			max: func(a, b uint64) uint64 { return fp.MaxF64(a, b, nan) },
		}
	case ptx.F16, ptx.F16x2:
		o := fops{
			add: func(a, b uint64) uint64 { return uint64(fp.AddF16(uint16(a), uint16(b), rm, ftz, sat)) },
			sub: func(a, b uint64) uint64 { return uint64(fp.SubF16(uint16(a), uint16(b), rm, ftz, sat)) },
			mul: func(a, b uint64) uint64 { return uint64(fp.MulF16(uint16(a), uint16(b), rm, ftz, sat)) },
			fma: func(a, b, c uint64) uint64 {
				r := fp.FmaF16(uint16(a), uint16(b), uint16(c), rm, ftz, sat)
				if relu && (r&0x8000 != 0 || r&0x7fff > 0x7c00) {
					if r&0x7fff > 0x7c00 {
						return 0x7fff
					}
					return 0
				}
				return uint64(r)
			},
			min: func(a, b uint64) uint64 { return uint64(fp.MinF16(uint16(a), uint16(b), ftz, nan, xs, ab)) },
			max: func(a, b uint64) uint64 { return uint64(fp.MaxF16(uint16(a), uint16(b), ftz, nan, xs, ab)) },
		}
		return o
	case ptx.BF16, ptx.BF16x2:
		return fops{
			add: func(a, b uint64) uint64 { return uint64(fp.AddBF16(uint16(a), uint16(b), rm)) },
			sub: func(a, b uint64) uint64 { return uint64(fp.SubBF16(uint16(a), uint16(b), rm)) },
			mul: func(a, b uint64) uint64 { return uint64(fp.MulBF16(uint16(a), uint16(b), rm)) },
			fma: func(a, b, c uint64) uint64 { return uint64(fp.FmaBF16(uint16(a), uint16(b), uint16(c), rm, relu)) },
			min: func(a, b uint64) uint64 { return uint64(fp.MinBF16(uint16(a), uint16(b), nan, xs, ab)) },
			max: func(a, b uint64) uint64 { return uint64(fp.MaxBF16(uint16(a), uint16(b), nan, xs, ab)) },
		}
	}
	return fops{}
}

// packed2 lifts a 16-bit operation to both halves of a 32-bit register.
func packed2(f func(a, b uint64) uint64) func(a, b uint64) uint64 {
	return func(a, b uint64) uint64 {
		return f(a&0xffff, b&0xffff)&0xffff | (f(a>>16&0xffff, b>>16&0xffff)&0xffff)<<16
	}
}

func packed3(f func(a, b, c uint64) uint64) func(a, b, c uint64) uint64 {
	return func(a, b, c uint64) uint64 {
		return f(a&0xffff, b&0xffff, c&0xffff)&0xffff | (f(a>>16&0xffff, b>>16&0xffff, c>>16&0xffff)&0xffff)<<16
	}
}

func compileFloatArith(c *compiler, x *xinst) error {
	in := x.in
	t := x.t
	fl := in.Mods.Flags
	rm := rounding(in.Mods.Round)
	fixFloatImms(x, t)
	o := floatOps(t, rm, fl)
	if o.add == nil {
		return errUnsupported(in)
	}
	pk := t == ptx.F16x2 || t == ptx.BF16x2
	bin := func(f func(a, b uint64) uint64) error {
		if pk {
			f = packed2(f)
		}
		x.f2, x.fn = f, hBin
		return needOps(x, 3)
	}
	switch in.Op {
	case ptx.OpAdd:
		return bin(o.add)
	case ptx.OpSub:
		return bin(o.sub)
	case ptx.OpMul:
		return bin(o.mul)
	case ptx.OpMin:
		return bin(o.min)
	case ptx.OpMax:
		return bin(o.max)
	case ptx.OpFma, ptx.OpMad:
		f := o.fma
		if pk {
			f = packed3(f)
		}
		x.f3, x.fn = f, hTer
		return needOps(x, 4)
	case ptx.OpDiv:
		return compileFloatDiv(x, t, rm, fl)
	case ptx.OpAbs, ptx.OpNeg:
		return compileAbsNeg(x, t, fl)
	}
	return errUnsupported(in)
}

func compileFloatDiv(x *xinst, t ptx.Type, rm fp.Rounding, fl ptx.Flag) error {
	ftz := fl&ptx.FFtz != 0
	switch {
	case t == ptx.F32 && fl&ptx.FApprox != 0:
		x.f2 = func(a, b uint64) uint64 { return uint64(fp.DivApproxF32(uint32(a), uint32(b), ftz)) }
	case t == ptx.F32 && fl&ptx.FFull != 0:
		x.f2 = func(a, b uint64) uint64 { return uint64(fp.DivFullF32(uint32(a), uint32(b), ftz)) }
	case t == ptx.F32:
		x.f2 = func(a, b uint64) uint64 { return uint64(fp.DivF32(uint32(a), uint32(b), rm, ftz)) }
	case t == ptx.F64:
		x.f2 = func(a, b uint64) uint64 { return fp.DivF64(a, b, rm) }
	default:
		return errUnsupported(x.in)
	}
	x.fn = hBin
	return needOps(x, 3)
}

// flushSub flushes a subnormal of type t to a signed zero.
func flushSub(v uint64, t ptx.Type) uint64 {
	switch t {
	case ptx.F32:
		if v&0x7f800000 == 0 {
			return v & 0x80000000
		}
	case ptx.F16:
		if v&0x7c00 == 0 {
			return v & 0x8000
		}
	}
	return v
}

// compileAbsNeg is abs/neg on floats; fp carries the NaN rule (a NaN
// follows the format's arithmetic NaN policy, not a sign-bit flip).
func compileAbsNeg(x *xinst, t ptx.Type, fl ptx.Flag) error {
	ftz := fl&ptx.FFtz != 0
	abs := x.in.Op == ptx.OpAbs
	var f func(a uint64) uint64
	switch t {
	case ptx.F32:
		g := fp.NegF32
		if abs {
			g = fp.AbsF32
		}
		f = func(a uint64) uint64 { return uint64(g(uint32(a), ftz)) }
	case ptx.F64:
		f = fp.NegF64
		if abs {
			f = fp.AbsF64
		}
	case ptx.F16, ptx.F16x2:
		g := fp.NegF16
		if abs {
			g = fp.AbsF16
		}
		f = func(a uint64) uint64 { return uint64(g(uint16(a), ftz)) }
	case ptx.BF16, ptx.BF16x2:
		g := fp.NegBF16
		if abs {
			g = fp.AbsBF16
		}
		f = func(a uint64) uint64 { return uint64(g(uint16(a))) }
	default:
		return errUnsupported(x.in)
	}
	if t == ptx.F16x2 || t == ptx.BF16x2 {
		h := f
		f = func(a uint64) uint64 { return h(a&0xffff) | h(a>>16&0xffff)<<16 }
	}
	x.f1, x.fn = f, hUn
	return needOps(x, 2)
}

// convertFloatLiteral converts a float literal (f32 or f64 bits) to type t.
func convertFloatLiteral(v uint64, isF32 bool, t ptx.Type) uint64 {
	f := math.Float64frombits(v)
	if isF32 {
		f = float64(math.Float32frombits(uint32(v)))
	}
	switch t {
	case ptx.F64:
		if isF32 {
			return math.Float64bits(f)
		}
		return v
	case ptx.F32, ptx.B32, ptx.U32, ptx.S32:
		if isF32 {
			return v
		}
		return uint64(fp.F64ToF32(v, fp.RN, false, false))
	case ptx.F16, ptx.B16:
		return uint64(fp.F64ToF16(math.Float64bits(f), fp.RN, false, false))
	case ptx.BF16:
		return uint64(fp.F64ToBF16(math.Float64bits(f), fp.RN, false, false))
	case ptx.F16x2:
		h := uint64(fp.F64ToF16(math.Float64bits(f), fp.RN, false, false))
		return h | h<<16
	}
	if isF32 {
		return v
	}
	return v
}
