package exec

import (
	"math"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
)

// compileCvt handles cvt between every integer and float type, including the
// packing forms (cvt.rn.f16x2.f32 d, a, b puts a in the upper half).
func compileCvt(c *compiler, x *xinst) error {
	in := x.in
	if len(in.Mods.Types) != 2 {
		return errAt(in, "cvt needs a destination and a source type")
	}
	dt, st := in.Mods.Types[0], in.Mods.Types[1]
	fl := in.Mods.Flags
	ftz, sat := fl&ptx.FFtz != 0, fl&ptx.FSat != 0
	relu, satf := fl&ptx.FRelu != 0, fl&ptx.FSatFinite != 0
	rm := rounding(in.Mods.Round)
	fixFloatImms(x, st)
	switch {
	case (dt == ptx.F16x2 || dt == ptx.BF16x2) && st == ptx.F32:
		one := cvtScalar(elemOf(dt), ptx.F32, rm, ftz, sat, relu, satf, in.Mods.Round)
		x.f2 = func(a, b uint64) uint64 { return one(b)&0xffff | (one(a)&0xffff)<<16 }
		x.fn = hBin
		return needOps(x, 3)
	case (dt == ptx.E4M3x2 || dt == ptx.E5M2x2) && st == ptx.F32:
		e4 := dt == ptx.E4M3x2
		x.f2 = func(a, b uint64) uint64 {
			return uint64(toF8(uint32(b), e4, relu)) | uint64(toF8(uint32(a), e4, relu))<<8
		}
		x.fn = hBin
		return needOps(x, 3)
	case (dt == ptx.E4M3x2 || dt == ptx.E5M2x2) && st == ptx.F16x2:
		e4 := dt == ptx.E4M3x2
		x.f1 = func(a uint64) uint64 {
			lo := toF8(fp.F16ToF32(uint16(a)), e4, relu)
			hi := toF8(fp.F16ToF32(uint16(a>>16)), e4, relu)
			return uint64(lo) | uint64(hi)<<8
		}
		x.fn = hUn
		return needOps(x, 2)
	case dt == ptx.F16x2 && (st == ptx.E4M3x2 || st == ptx.E5M2x2):
		e4 := st == ptx.E4M3x2
		x.f1 = func(a uint64) uint64 {
			return uint64(fromF8(uint8(a), e4)) | uint64(fromF8(uint8(a>>8), e4))<<16
		}
		x.fn = hUn
		return needOps(x, 2)
	}
	if dt.Bits() == 0 || st.Bits() == 0 || dt == ptx.F16x2 || st == ptx.F16x2 || dt == ptx.BF16x2 || st == ptx.BF16x2 {
		return errUnsupported(in)
	}
	x.f1 = cvtScalar(dt, st, rm, ftz, sat, relu, satf, in.Mods.Round)
	if x.f1 == nil {
		return errUnsupported(in)
	}
	if dt.IsSigned() && dt.Bits() < 64 {
		// A signed result narrower than its register is sign-extended.
		f, n := x.f1, dt.Bits()
		x.f1 = func(v uint64) uint64 { return uint64(sext(f(v), n)) }
	}
	x.fn = hUn
	return needOps(x, 2)
}

func elemOf(t ptx.Type) ptx.Type {
	if t == ptx.BF16x2 {
		return ptx.BF16
	}
	return ptx.F16
}

func toF8(f uint32, e4, relu bool) uint8 {
	if e4 {
		return fp.F32ToE4M3(f, fp.RN, true, relu)
	}
	return fp.F32ToE5M2(f, fp.RN, true, relu)
}

func fromF8(b uint8, e4 bool) uint16 {
	if e4 {
		return fp.E4M3ToF16(b)
	}
	return fp.E5M2ToF16(b)
}

// cvtScalar returns the conversion of one value from st to dt.
func cvtScalar(dt, st ptx.Type, rm fp.Rounding, ftz, sat, relu, satf bool, r ptx.RoundMode) func(uint64) uint64 {
	df, sf := dt.IsFloat(), st.IsFloat()
	switch {
	case !df && !sf:
		return cvtIntInt(dt, st, sat)
	case df && !sf:
		sb, signed := st.Bits(), st.IsSigned()
		var f func(uint64) uint64
		switch dt {
		case ptx.F32:
			f = func(v uint64) uint64 { return uint64(fp.IntToF32(v, sb, signed, rm)) }
		case ptx.F64:
			f = func(v uint64) uint64 { return fp.IntToF64(v, sb, signed, rm) }
		case ptx.F16:
			f = func(v uint64) uint64 { return uint64(fp.IntToF16(v, sb, signed, rm)) }
		case ptx.BF16:
			f = func(v uint64) uint64 { return uint64(fp.IntToBF16(v, sb, signed, rm)) }
		default:
			return nil
		}
		if sat {
			return func(v uint64) uint64 { return satFloat(f(v), dt) }
		}
		return f
	case !df && sf:
		db, signed := dt.Bits(), dt.IsSigned()
		src := st
		return func(v uint64) uint64 {
			bits, sb := v, src.Bits()
			if src == ptx.BF16 {
				bits, sb = uint64(fp.BF16ToF32(uint16(v))), 32
			}
			return fp.FloatToInt(bits, sb, db, signed, rm, ftz)
		}
	}
	return cvtFloatFloat(dt, st, rm, ftz, sat, relu, satf, r)
}

func cvtIntInt(dt, st ptx.Type, sat bool) func(uint64) uint64 {
	sb, db := st.Bits(), dt.Bits()
	ss, ds := st.IsSigned(), dt.IsSigned()
	dm := widthMask(db)
	return func(v uint64) uint64 {
		if !sat {
			if ss {
				return uint64(sext(v, sb)) & dm
			}
			return v & widthMask(sb) & dm
		}
		// saturate the source value into the destination range
		var lo, hi int64
		if ds {
			lo, hi = -1<<(db-1), 1<<(db-1)-1
			if db == 64 {
				lo, hi = math.MinInt64, math.MaxInt64
			}
		} else {
			lo = 0
			hi = int64(widthMask(db))
			if db == 64 {
				hi = math.MaxInt64
			}
		}
		if ss {
			s := sext(v, sb)
			return uint64(max(lo, min(hi, s))) & dm
		}
		u := v & widthMask(sb)
		if db == 64 && !ds {
			return u
		}
		if u > uint64(hi) {
			return uint64(hi) & dm
		}
		return u & dm
	}
}

// satFloat clamps a float of type t to [0, 1] (NaN -> +0).
func satFloat(v uint64, t ptx.Type) uint64 {
	f := toF64(v, t, false)
	switch {
	case math.IsNaN(f) || f <= 0:
		return 0
	case f >= 1:
		switch t {
		case ptx.F32:
			return 0x3f800000
		case ptx.F64:
			return 0x3ff0000000000000
		case ptx.F16:
			return 0x3c00
		case ptx.BF16:
			return 0x3f80
		}
	}
	return v
}

func cvtFloatFloat(dt, st ptx.Type, rm fp.Rounding, ftz, sat, relu, satf bool, r ptx.RoundMode) func(uint64) uint64 {
	integral := r == ptx.RoundRNI || r == ptx.RoundRZI || r == ptx.RoundRMI || r == ptx.RoundRPI
	var f func(uint64) uint64
	switch {
	case dt == ptx.F32 && st == ptx.F32:
		f = func(v uint64) uint64 {
			if integral {
				return uint64(fp.RoundToIntegralF32(uint32(v), rm, ftz))
			}
			if ftz {
				v = flushSub(v, ptx.F32)
			}
			return v
		}
	case dt == ptx.F64 && st == ptx.F64:
		f = func(v uint64) uint64 {
			if integral {
				return fp.RoundToIntegralF64(v, rm)
			}
			return v
		}
	case dt == ptx.F16 && st == ptx.F16, dt == ptx.BF16 && st == ptx.BF16:
		f = func(v uint64) uint64 { return v }
	case dt == ptx.F64 && st == ptx.F32:
		f = func(v uint64) uint64 { return fp.F32ToF64(uint32(v), ftz) }
	case dt == ptx.F32 && st == ptx.F64:
		return func(v uint64) uint64 { return uint64(fp.F64ToF32(v, rm, ftz, sat)) }
	case dt == ptx.F16 && st == ptx.F32:
		return func(v uint64) uint64 { return uint64(fp.F32ToF16(uint32(v), rm, sat, relu)) }
	case dt == ptx.BF16 && st == ptx.F32:
		return func(v uint64) uint64 { return uint64(fp.F32ToBF16(uint32(v), rm, sat, relu)) }
	case dt == ptx.F16 && st == ptx.F64:
		return func(v uint64) uint64 { return uint64(fp.F64ToF16(v, rm, sat, relu)) }
	case dt == ptx.BF16 && st == ptx.F64:
		return func(v uint64) uint64 { return uint64(fp.F64ToBF16(v, rm, sat, relu)) }
	case dt == ptx.F32 && st == ptx.F16:
		f = func(v uint64) uint64 { return uint64(fp.F16ToF32(uint16(v))) }
	case dt == ptx.F32 && st == ptx.BF16:
		f = func(v uint64) uint64 { return uint64(fp.BF16ToF32(uint16(v))) }
	case dt == ptx.F64 && st == ptx.F16:
		f = func(v uint64) uint64 { return fp.F32ToF64(fp.F16ToF32(uint16(v)), false) }
	case dt == ptx.F64 && st == ptx.BF16:
		f = func(v uint64) uint64 { return fp.F32ToF64(fp.BF16ToF32(uint16(v)), false) }
	case dt == ptx.F16 && st == ptx.BF16:
		return func(v uint64) uint64 { return uint64(fp.F32ToF16(fp.BF16ToF32(uint16(v)), rm, sat, relu)) }
	case dt == ptx.BF16 && st == ptx.F16:
		return func(v uint64) uint64 { return uint64(fp.F32ToBF16(fp.F16ToF32(uint16(v)), rm, sat, relu)) }
	case dt == ptx.TF32 && st == ptx.F32:
		return func(v uint64) uint64 { return uint64(fp.F32ToTF32(uint32(v), rm, satf, relu)) }
	default:
		return nil
	}
	if sat {
		g := f
		f = func(v uint64) uint64 { return satFloat(g(v), dt) }
	}
	return f
}
