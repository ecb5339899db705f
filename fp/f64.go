package fp

import "math"

const signF64 uint64 = 1 << 63

func isNaN64(a uint64) bool { return a&^signF64 > 0x7FF0000000000000 }

func f64(a uint64) float64 { return math.Float64frombits(a) }

// res64 maps a float64 result to bits with the f64 NaN policy; ops lists
// the operands in NaN priority order (see nanF64).
func res64(r float64, ops ...uint64) uint64 {
	if r != r {
		return nanF64(ops...)
	}
	return math.Float64bits(r)
}

// AddF64 is add{.rnd}.f64. RN uses the CPU's IEEE binary64 addition;
// directed modes correct it with the exact TwoSum error.
func AddF64(a, b uint64, rm Rounding) uint64 {
	x, y := f64(a), f64(b)
	s := x + y
	if rm == RN || s != s {
		return res64(s, b, a)
	}
	if math.IsInf(s, 0) {
		if math.IsInf(x, 0) || math.IsInf(y, 0) {
			return math.Float64bits(s)
		}
		return overflow64(s < 0, rm)
	}
	if s == 0 {
		return zero64(zeroSumNeg(a>>63 != 0, b>>63 != 0, rm))
	}
	if rm == RNA {
		return addExact64(a, b, rm)
	}
	_, e := twoSum(x, y)
	return directed64(s, e, rm)
}

// SubF64 is sub{.rnd}.f64. A NaN b propagates with its own sign, not
// negated (recorded, float_special bin64 slots 4-7: sub(0, 0x7FF8...) =
// 0x7FF8..., sub(0, 0xFFF8...01) = 0xFFF8...01).
func SubF64(a, b uint64, rm Rounding) uint64 {
	if isNaN64(a) || isNaN64(b) {
		return nanF64(b, a)
	}
	return AddF64(a, b^signF64, rm)
}

// MulF64 is mul{.rnd}.f64.
func MulF64(a, b uint64, rm Rounding) uint64 {
	x, y := f64(a), f64(b)
	p := x * y
	if rm == RN || p != p || x == 0 || y == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return res64(p, b, a)
	}
	if math.IsInf(p, 0) {
		return overflow64(p < 0, rm)
	}
	if math.Abs(p) < 0x1p-960 || rm == RNA { // FMA residual may be inexact
		return mulExact64(a, b, rm)
	}
	return directed64(p, math.FMA(x, y, -p), rm)
}

// FmaF64 is fma.rnd.f64 (and mad.rnd.f64), single rounding. NaN priority
// c, b, a: c over a and b over a are recorded (float_special bin64 slots
// 16-19, e.g. fma(0x7FF8..., -3, 0xFFF8...01) = 0xFFF8...01); c over b is
// UNCONFIRMED (chosen to match add/mul, which prefer their last operand).
func FmaF64(a, b, c uint64, rm Rounding) uint64 {
	x, y, z := f64(a), f64(b), f64(c)
	r := math.FMA(x, y, z)
	if rm == RN || r != r {
		if r != r {
			return nanF64(c, b, a)
		}
		return math.Float64bits(r)
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) {
		return math.Float64bits(r)
	}
	return fmaExact64(a, b, c, rm)
}

// DivF64 is div.rnd.f64 (IEEE correctly rounded).
func DivF64(a, b uint64, rm Rounding) uint64 {
	x, y := f64(a), f64(b)
	q := x / y
	if rm == RN || q != q || x == 0 || y == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return res64(q, a, b)
	}
	if math.IsInf(q, 0) {
		return overflow64(q < 0, rm)
	}
	ax, aq := math.Abs(x), math.Abs(q)
	if rm == RNA || ax < 0x1p-900 || aq < 0x1p-900 || math.Abs(y) < 0x1p-1000 {
		return divExact64(a, b, rm)
	}
	r := math.FMA(-q, y, x) // exact residual x - q*y
	// sign of (x/y - q) is sign(r)*sign(y); express it as an error term e.
	e := r
	if y < 0 {
		e = -r
	}
	return directed64(q, e, rm)
}

// RcpF64 is rcp.rnd.f64: the correctly rounded 1/a.
func RcpF64(a uint64, rm Rounding) uint64 { return DivF64(0x3FF0000000000000, a, rm) }

// SqrtF64 is sqrt.rnd.f64 (correctly rounded).
func SqrtF64(a uint64, rm Rounding) uint64 {
	x := f64(a)
	s := math.Sqrt(x)
	if rm == RN || x <= 0 || x != x || math.IsInf(x, 0) {
		return res64(s, a)
	}
	scale := 0
	if x < 0x1p-900 { // scale into range where the residual is exact
		x *= 0x1p200
		scale = -100
		s = math.Sqrt(x)
	}
	if rm == RNA {
		return sqrtExact64(a, rm)
	}
	r := math.FMA(-s, s, x)
	out := math.Float64frombits(directed64(s, r, rm))
	return math.Float64bits(math.Ldexp(out, scale)) // exact: result is normal
}

// directed64 corrects q = RN(v) to rm, given e with sign(v - q) = sign(e)
// (e == 0 when v == q). q is finite and nonzero.
func directed64(q, e float64, rm Rounding) uint64 {
	b := math.Float64bits(q)
	if e == 0 {
		return b
	}
	magUp := (e > 0) == (q > 0) // v is farther from zero than q
	switch rm {
	case RZ:
		if !magUp {
			b--
		}
	case RP:
		if e > 0 {
			b = step64(b, q > 0)
		}
	case RM:
		if e < 0 {
			b = step64(b, q < 0)
		}
	}
	return b
}

// step64 moves the magnitude of finite nonzero bits one ulp up or down.
func step64(b uint64, up bool) uint64 {
	if up {
		return b + 1 // may become inf: correct overflow for the directed mode
	}
	return b - 1
}

func zero64(neg bool) uint64 {
	if neg {
		return signF64
	}
	return 0
}

// overflow64 is the result of an overflowing f64 operation of sign neg.
func overflow64(neg bool, rm Rounding) uint64 {
	r := uint64(0x7FEFFFFFFFFFFFFF)
	if overflowsToInf(rm, neg) {
		r = 0x7FF0000000000000
	}
	if neg {
		r |= signF64
	}
	return r
}

// MinF64 is min{.NaN}.f64; MaxF64 is max{.NaN}.f64 (see minmax.go).
func MinF64(a, b uint64, nanProp bool) uint64 {
	return minMax(fmtF64, a, b, false, false, nanProp, false, false)
}

// MaxF64 is max{.NaN}.f64.
func MaxF64(a, b uint64, nanProp bool) uint64 {
	return minMax(fmtF64, a, b, true, false, nanProp, false, false)
}

// AbsF64 / NegF64 are bit operations (NaN payload kept).
func AbsF64(a uint64) uint64 {
	if isNaN64(a) {
		return nanAbsNegF64(a)
	}
	return a &^ signF64
}

// NegF64 flips the sign bit.
func NegF64(a uint64) uint64 {
	if isNaN64(a) {
		return nanAbsNegF64(a)
	}
	return a ^ signF64
}
