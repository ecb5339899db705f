package fp

import "math"

const (
	signF32 uint32 = 0x80000000
	oneF32  uint32 = 0x3F800000
)

func isNaN32(a uint32) bool { return a&^signF32 > 0x7F800000 }

// FlushF32 implements .ftz on one f32 operand or result: a subnormal becomes
// the zero of the same sign.
func FlushF32(a uint32) uint32 {
	if a&0x7F800000 == 0 {
		return a & signF32
	}
	return a
}

// SatF32 implements .sat on an f32 result: clamp to [+0.0, 1.0], NaN -> +0.0.
// -0.0 becomes +0.0 (UNCONFIRMED: the GPU clamps with max(+0, .)).
func SatF32(r uint32) uint32 {
	switch {
	case isNaN32(r) || r&signF32 != 0:
		return 0
	case r > oneF32:
		return oneF32
	}
	return r
}

// finish32 canonicalises a NaN result and applies output .ftz and .sat.
func finish32(r uint32, ftz, sat bool) uint32 {
	if isNaN32(r) {
		if sat {
			return 0
		}
		return CanonicalNaNF32
	}
	if ftz {
		r = FlushF32(r)
	}
	if sat {
		r = SatF32(r)
	}
	return r
}

func f32(a uint32) float32 { return math.Float32frombits(a) }

// minNormalF32 is the magnitude bits of 2^-126.
const minNormalF32 uint32 = 0x00800000

// tinyFlush32 implements the .ftz tininess rule: the GPU flushes a result
// whose exact value v is below 2^-126 in magnitude even when it rounds up to
// 2^-126 (tininess before rounding; confirmed for mul.rn.ftz.f32 and
// mul.rn.ftz.f16 with v = 2^-126 - 2^-150; but MulF32 keeps an RN product
// that rounds to 2^-126 at 24 bits, as recorded). Only a rounded result of
// magnitude 2^-126 needs the check.
func tinyFlush32(r uint32, v float64) uint32 {
	if r&^signF32 == minNormalF32 && math.Abs(v) < 0x1p-126 {
		return r & signF32
	}
	return r
}

// AddF32 is add{.rnd}{.ftz}{.sat}.f32.
func AddF32(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	if ftz {
		a, b = FlushF32(a), FlushF32(b)
	}
	if rm == RN { // IEEE binary32 addition, correctly rounded by the CPU
		return finish32(math.Float32bits(f32(a)+f32(b)), ftz, sat)
	}
	x, y := float64(f32(a)), float64(f32(b))
	s := x + y // exact whenever it is zero, inf or NaN
	if s == 0 || math.IsInf(s, 0) || s != s {
		r := math.Float32bits(float32(s))
		if s == 0 {
			r = 0
			if zeroSumNeg(a&signF32 != 0, b&signF32 != 0, rm) {
				r = signF32
			}
		}
		return finish32(r, ftz, sat)
	}
	return finish32(uint32(roundF64(fmtF32, sumOdd(x, y), rm, false)), ftz, sat)
}

// SubF32 is sub{.rnd}{.ftz}{.sat}.f32: a + (-b).
func SubF32(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	return AddF32(a, b^signF32, rm, ftz, sat)
}

// MulF32 is mul{.rnd}{.ftz}{.sat}.f32.
func MulF32(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	if ftz {
		a, b = FlushF32(a), FlushF32(b)
	}
	var r uint32
	if rm == RN {
		r = math.Float32bits(f32(a) * f32(b))
	} else {
		p := float64(f32(a)) * float64(f32(b)) // exact: 24x24 bits, no overflow
		r = uint32(roundF64(fmtF32, math.Float64bits(p), rm, false))
	}
	if ftz && r&^signF32 == minNormalF32 {
		v := float64(f32(a)) * float64(f32(b))
		if rm == RN && math.Abs(v) >= 0x1p-126-0x1p-151 {
			// tiny only if v rounded to 24 bits with unbounded exponent is
			// below 2^-126: recorded on an H200, div.full.ftz.f32's
			// FMUL.FTZ of 0xbf2947b1 by 0x80c1929e (exact product
			// 2^-126 - 0.38·2^-150) gives 0x00800000 (tools/mufu)
			return finish32(r, ftz, sat)
		}
		r = tinyFlush32(r, v)
	}
	return finish32(r, ftz, sat)
}

// FmaF32 is fma.rnd{.ftz}{.sat}.f32 (and mad.rnd.f32): a*b+c with a single
// rounding. The product is exact in float64; the sum is rounded to odd in
// float64 and then once to f32, which is the correctly rounded result.
func FmaF32(a, b, c uint32, rm Rounding, ftz, sat bool) uint32 {
	if ftz {
		a, b, c = FlushF32(a), FlushF32(b), FlushF32(c)
	}
	z := float64(f32(c))
	p := float64(float64(f32(a)) * float64(f32(b)))
	s, e := twoSum(p, z)
	if s == 0 || math.IsInf(s, 0) || s != s {
		r := math.Float32bits(float32(p + z))
		if p+z == 0 {
			r = 0
			if zeroSumNeg(math.Signbit(p), c&signF32 != 0, rm) {
				r = signF32
			}
		}
		return finish32(r, ftz, sat)
	}
	odd := oddBits(s, e != 0, (e > 0) == (s > 0))
	var r uint32
	if rm == RN {
		r = math.Float32bits(float32(math.Float64frombits(odd)))
	} else {
		r = uint32(roundF64(fmtF32, odd, rm, false))
	}
	if ftz {
		r = tinyFlush32(r, math.Float64frombits(odd)) // odd(v) < 2^-126 iff v < 2^-126
	}
	return finish32(r, ftz, sat)
}

// DivF32 is div.rnd{.ftz}.f32 (IEEE 754 correctly rounded division).
func DivF32(a, b uint32, rm Rounding, ftz bool) uint32 {
	if ftz {
		a, b = FlushF32(a), FlushF32(b)
	}
	x, y := float64(f32(a)), float64(f32(b))
	var r uint32
	if rm == RN {
		r = math.Float32bits(f32(a) / f32(b))
	} else {
		q := x / y
		if q == 0 || math.IsInf(q, 0) || q != q { // exact special cases
			return finish32(math.Float32bits(float32(q)), ftz, false)
		}
		r = uint32(roundF64(fmtF32, quoOdd(x, y), rm, false))
	}
	if ftz && r&^signF32 == minNormalF32 {
		r = tinyFlush32(r, math.Float64frombits(quoOdd(x, y)))
	}
	return finish32(r, ftz, false)
}

// RcpF32 is rcp.rnd{.ftz}.f32: the correctly rounded 1/a.
func RcpF32(a uint32, rm Rounding, ftz bool) uint32 { return DivF32(oneF32, a, rm, ftz) }

// SqrtF32 is sqrt.rnd{.ftz}.f32 (correctly rounded). sqrt(-0) = -0,
// sqrt(negative) = NaN.
func SqrtF32(a uint32, rm Rounding, ftz bool) uint32 {
	if ftz {
		a = FlushF32(a)
	}
	x := float64(f32(a))
	if x <= 0 || math.IsInf(x, 0) || x != x {
		return finish32(math.Float32bits(float32(math.Sqrt(x))), ftz, false)
	}
	if rm == RN { // 53 >= 2*24+2: float64 sqrt then float32 is correctly rounded
		return finish32(math.Float32bits(float32(math.Sqrt(x))), ftz, false)
	}
	return finish32(uint32(roundF64(fmtF32, sqrtOdd(x), rm, false)), ftz, false)
}

// AbsF32 is abs{.ftz}.f32: clears the sign bit; a NaN gives the canonical
// NaN (see nanAbsNegF32).
func AbsF32(a uint32, ftz bool) uint32 {
	if isNaN32(a) {
		return nanAbsNegF32
	}
	if ftz {
		a = FlushF32(a)
	}
	return a &^ signF32
}

// NegF32 is neg{.ftz}.f32: flips the sign bit; a NaN gives the canonical NaN.
func NegF32(a uint32, ftz bool) uint32 {
	if isNaN32(a) {
		return nanAbsNegF32
	}
	if ftz {
		a = FlushF32(a)
	}
	return a ^ signF32
}

// CopysignF32 is copysign.f32 d, a, b: b with the sign of a.
func CopysignF32(a, b uint32) uint32 { return b&^signF32 | a&signF32 }
