package fp

import "math"

// f16 and bf16 arithmetic (add/sub/mul/fma{.rnd}{.ftz}{.sat}{.relu}.f16,
// .bf16 and the packed x2 forms). Operands are widened exactly to float64;
// sums are rounded to odd there and then once to the target, so every
// rounding mode is exact.

// widen returns the exact float64 value of an encoding of format f (any
// format of at most f32 range; NaN stays NaN).
func widen(f format, b uint64) float64 {
	switch {
	case f.exp == 8 && f.frac == 7: // bf16: the high half of an f32
		return float64(math.Float32frombits(uint32(b) << 16))
	case f.exp == 8 && f.frac == 23:
		return float64(math.Float32frombits(uint32(b)))
	case f.exp == 5 && f.frac == 10:
		return widenF16(uint16(b))
	}
	neg, m, e := f.decode(b)
	var v float64
	switch {
	case f.isNaN(b):
		return math.NaN()
	case f.isInf(b):
		v = math.Inf(1)
	default:
		// m < 2^24 and e >= -149: the product is exact.
		v = float64(m) * math.Float64frombits(uint64(e+1023)<<52)
	}
	if neg {
		v = -v
	}
	return v
}

// widenF16 is widen for f16 with the format constants folded in.
func widenF16(h uint16) float64 {
	e := uint64(h>>10) & 0x1F
	m := uint64(h) & 0x3FF
	var v float64
	switch e {
	case 0:
		v = float64(m) * 0x1p-24
	case 0x1F:
		if m != 0 {
			return math.NaN()
		}
		v = math.Inf(1)
	default:
		v = math.Float64frombits((e+1008)<<52 | m<<42)
	}
	if h&0x8000 != 0 {
		v = -v
	}
	return v
}

// satOne returns the encoding of 1.0 in f.
func (f format) one() uint64 { return uint64(f.bias()) << f.frac }

// finishSmall canonicalises NaN and applies .ftz, .sat and .relu.
func finishSmall(f format, r uint64, ftz, sat, relu bool) uint64 {
	if f.isNaN(r) {
		if sat {
			return 0
		}
		return f.nanBits
	}
	if ftz {
		r = f.flush(r)
	}
	if (sat || relu) && r&f.signBit() != 0 {
		return 0 // negative and -0 clamp to +0 (UNCONFIRMED for -0)
	}
	if sat && r > f.one() {
		return f.one()
	}
	return r
}

func addSmall(f format, a, b uint64, rm Rounding) uint64 {
	x, y := widen(f, a), widen(f, b)
	s := x + y
	switch {
	case s != s || math.IsInf(s, 0):
		return roundF64(f, math.Float64bits(s), rm, false)
	case s == 0:
		if zeroSumNeg(a&f.signBit() != 0, b&f.signBit() != 0, rm) {
			return f.signBit()
		}
		return 0
	}
	return roundF64(f, sumOdd(x, y), rm, false)
}

func mulSmall(f format, a, b uint64, rm Rounding) (uint64, float64) {
	p := widen(f, a) * widen(f, b) // exact: at most 24x24 bits
	return roundF64(f, math.Float64bits(p), rm, false), p
}

// tinyFlushSmall applies the .ftz tininess-before-rounding rule (see
// tinyFlush32) given the exact (or round-to-odd) value v.
func tinyFlushSmall(f format, r uint64, v float64) uint64 {
	minNorm := uint64(1) << f.frac
	if r&^f.signBit() == minNorm && math.Abs(v) < math.Float64frombits(uint64(1023+1-f.bias())<<52) {
		return r & f.signBit()
	}
	return r
}

func fmaSmall(f format, a, b, c uint64, rm Rounding) (uint64, float64) {
	p := float64(widen(f, a) * widen(f, b))
	z := widen(f, c)
	s, e := twoSum(p, z)
	switch {
	case s != s || math.IsInf(s, 0):
		return roundF64(f, math.Float64bits(p+z), rm, false), s
	case s == 0:
		if zeroSumNeg(math.Signbit(p), c&f.signBit() != 0, rm) {
			return f.signBit(), 0
		}
		return 0, 0
	}
	odd := oddBits(s, e != 0, (e > 0) == (s > 0))
	return roundF64(f, odd, rm, false), math.Float64frombits(odd)
}

// tinyIf applies tinyFlushSmall when ftz is set.
func tinyIf(f format, ftz bool, r uint64, v float64) uint64 {
	if ftz {
		return tinyFlushSmall(f, r, v)
	}
	return r
}

func ftzIn(f format, ftz bool, v ...*uint64) {
	if ftz {
		for _, p := range v {
			*p = f.flush(*p)
		}
	}
}

// AddF16 is add{.rnd}{.ftz}{.sat}.f16.
func AddF16(a, b uint16, rm Rounding, ftz, sat bool) uint16 {
	x, y := uint64(a), uint64(b)
	ftzIn(fmtF16, ftz, &x, &y)
	return uint16(finishSmall(fmtF16, addSmall(fmtF16, x, y, rm), ftz, sat, false))
}

// SubF16 is sub{.rnd}{.ftz}{.sat}.f16.
func SubF16(a, b uint16, rm Rounding, ftz, sat bool) uint16 {
	return AddF16(a, b^0x8000, rm, ftz, sat)
}

// MulF16 is mul{.rnd}{.ftz}{.sat}.f16.
func MulF16(a, b uint16, rm Rounding, ftz, sat bool) uint16 {
	if rm == RN && !ftz && !sat {
		return mulF16RN(a, b) // half_fast.go
	}
	x, y := uint64(a), uint64(b)
	ftzIn(fmtF16, ftz, &x, &y)
	r, v := mulSmall(fmtF16, x, y, rm)
	return uint16(finishSmall(fmtF16, tinyIf(fmtF16, ftz, r, v), ftz, sat, false))
}

// FmaF16 is fma.rnd{.ftz}{.sat}.f16.
func FmaF16(a, b, c uint16, rm Rounding, ftz, sat bool) uint16 {
	x, y, z := uint64(a), uint64(b), uint64(c)
	ftzIn(fmtF16, ftz, &x, &y, &z)
	r, v := fmaSmall(fmtF16, x, y, z, rm)
	return uint16(finishSmall(fmtF16, tinyIf(fmtF16, ftz, r, v), ftz, sat, false))
}

// FmaReluF16 is fma.rnd{.ftz}.relu.f16: negative results become +0, NaN the
// canonical NaN.
func FmaReluF16(a, b, c uint16, rm Rounding, ftz bool) uint16 {
	x, y, z := uint64(a), uint64(b), uint64(c)
	ftzIn(fmtF16, ftz, &x, &y, &z)
	r, v := fmaSmall(fmtF16, x, y, z, rm)
	return uint16(finishSmall(fmtF16, tinyIf(fmtF16, ftz, r, v), ftz, false, true))
}

// AddBF16 is add{.rnd}.bf16 (subnormals supported, no .ftz/.sat in PTX).
func AddBF16(a, b uint16, rm Rounding) uint16 {
	return uint16(finishSmall(fmtBF16, addSmall(fmtBF16, uint64(a), uint64(b), rm), false, false, false))
}

// SubBF16 is sub{.rnd}.bf16.
func SubBF16(a, b uint16, rm Rounding) uint16 { return AddBF16(a, b^0x8000, rm) }

// MulBF16 is mul{.rnd}.bf16.
func MulBF16(a, b uint16, rm Rounding) uint16 {
	r, _ := mulSmall(fmtBF16, uint64(a), uint64(b), rm)
	return uint16(finishSmall(fmtBF16, r, false, false, false))
}

// FmaBF16 is fma.rnd{.relu}.bf16.
func FmaBF16(a, b, c uint16, rm Rounding, relu bool) uint16 {
	r, _ := fmaSmall(fmtBF16, uint64(a), uint64(b), uint64(c), rm)
	return uint16(finishSmall(fmtBF16, r, false, false, relu))
}

// AbsF16 / NegF16 / AbsBF16 / NegBF16 are sign-bit operations (abs{.ftz}.f16
// flushes a subnormal input first); a NaN gives the canonical NaN
// (see nanAbsNegF16).
func AbsF16(a uint16, ftz bool) uint16 {
	if fmtF16.isNaN(uint64(a)) {
		return nanAbsNegF16
	}
	if ftz {
		a = uint16(fmtF16.flush(uint64(a)))
	}
	return a &^ 0x8000
}

// NegF16 is neg{.ftz}.f16.
func NegF16(a uint16, ftz bool) uint16 {
	if fmtF16.isNaN(uint64(a)) {
		return nanAbsNegF16
	}
	if ftz {
		a = uint16(fmtF16.flush(uint64(a)))
	}
	return a ^ 0x8000
}

// AbsBF16 is abs.bf16.
func AbsBF16(a uint16) uint16 {
	if fmtBF16.isNaN(uint64(a)) {
		return nanAbsNegBF16
	}
	return a &^ 0x8000
}

// NegBF16 is neg.bf16.
func NegBF16(a uint16) uint16 {
	if fmtBF16.isNaN(uint64(a)) {
		return nanAbsNegBF16
	}
	return a ^ 0x8000
}

// SatF16 applies .sat to an f16 value: clamp to [+0, 1], NaN -> +0.
func SatF16(h uint16) uint16 { return uint16(finishSmall(fmtF16, uint64(h), false, true, false)) }

// ReluF16 applies .relu to an f16 value: negative -> +0, NaN -> canonical NaN.
func ReluF16(h uint16) uint16 { return uint16(finishSmall(fmtF16, uint64(h), false, false, true)) }

// ReluBF16 applies .relu to a bf16 value.
func ReluBF16(h uint16) uint16 { return uint16(finishSmall(fmtBF16, uint64(h), false, false, true)) }
