package fp

import "math"

// Round-to-odd in float64. For a value v, odd(v) is v itself when v is a
// float64, and otherwise the one of the two float64 neighbours of v whose
// last significand bit is 1. Rounding odd(v) to any format with at most 51
// significand bits, in any mode, gives the same result as rounding v itself
// (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved
// algorithms using rounding to odd", IEEE TC 2008), provided odd(v) is a
// normal float64 - true for every f32/f16/bf16 operation below, whose exact
// results lie in [2^-298, 2^257].
//
// The float64 result and its exact error come from error-free transforms:
// TwoSum for sums, the exactness of 24x24-bit products, and an FMA residual
// for quotients and square roots.

// twoSum returns s = RN(a+b) and e with a+b = s+e exactly (Knuth), for finite
// a, b whose sum does not overflow.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// oddBits returns the bits of odd(v) given q = RN(v) (finite, nonzero when
// inexact), whether v != q, and whether |v| > |q|.
func oddBits(q float64, inexact, magUp bool) uint64 {
	b := math.Float64bits(q)
	if inexact && b&1 == 0 {
		if magUp {
			b++
		} else {
			b--
		}
	}
	return b
}

// sumOdd returns odd(x+y) for x+y finite and nonzero or exact.
func sumOdd(x, y float64) uint64 {
	s, e := twoSum(x, y)
	return oddBits(s, e != 0, (e > 0) == (s > 0))
}

// quoOdd returns odd(x/y) for finite nonzero x, y with x/y in the normal
// float64 range and the residual x - q*y representable (true for operands of
// at most 24 significant bits within the f32 exponent range).
func quoOdd(x, y float64) uint64 {
	q := x / y
	r := math.FMA(-q, y, x) // exact: x - q*y
	return oddBits(q, r != 0, ((r > 0) == (y > 0)) == (q > 0))
}

// sqrtOdd returns odd(sqrt(x)) for finite x > 0 in the normal float64 range
// with exponent >= -960 (so the residual x - s*s is exact).
func sqrtOdd(x float64) uint64 {
	s := math.Sqrt(x)
	r := math.FMA(-s, s, x)
	return oddBits(s, r != 0, r > 0)
}

// zeroSumNeg gives the sign of an exactly-zero sum of operands with signs
// xneg, yneg: the common sign if they agree, else -0 only under RM.
func zeroSumNeg(xneg, yneg bool, rm Rounding) bool {
	if xneg == yneg {
		return xneg
	}
	return rm == RM
}
