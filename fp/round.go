package fp

import "math/bits"

// roundBits rounds the value (-1)^neg * m * 2^e to format f under rm and
// returns its encoding. m may carry a sticky bit in its lowest position (the
// value is then "just above" m*2^e): callers that do so must supply at least
// p+2 significant bits (p = f.frac+1) so that the sticky bit lies strictly
// below the rounding position. Exact inputs (integers, exact products, ...)
// need no such care: every bit of m is honoured.
//
// Overflow gives infinity or the largest finite value per IEEE 754 for rm;
// with satfinite it always gives the largest finite value. Formats without an
// infinity (e4m3) give NaN on overflow unless satfinite.
// A zero m gives the zero of sign neg.
func roundBits(f format, neg bool, m uint64, e int, rm Rounding, satfinite bool) uint64 {
	var sign uint64
	if neg {
		sign = f.signBit()
	}
	if m == 0 {
		return sign
	}
	top := bits.Len64(m) - 1 + e // exponent of the leading bit
	lsb := top - f.frac
	if min := f.eminLSB(); lsb < min {
		lsb = min
	}
	shift := lsb - e
	var q uint64
	if shift <= 0 {
		q = m << uint(-shift) // exact: fits in frac+1 bits
	} else {
		var rem, half uint64
		switch {
		case shift < 64:
			q = m >> uint(shift)
			rem = m & (1<<uint(shift) - 1)
			half = 1 << uint(shift-1)
		case shift == 64:
			q, rem, half = 0, m, 1<<63
		default: // far below half of the last place
			q, rem, half = 0, 1, 2
		}
		if roundUp(rm, neg, q&1 == 1, rem, half) {
			q++
		}
	}
	if q>>uint(f.frac+1) != 0 { // carried into the next binade
		q >>= 1
		lsb++
	}
	if q == 0 {
		return sign
	}
	var mag uint64
	if q>>uint(f.frac) != 0 {
		be := uint64(lsb - f.eminLSB() + 1)
		mag = be<<uint(f.frac) | q&f.fracMask()
		if be >= 1<<uint(f.exp) { // exponent field overflow: saturate the magnitude
			mag = ^uint64(0) >> 1
		}
	} else {
		mag = q // subnormal
	}
	if mag > f.maxFinite {
		switch {
		case satfinite || !overflowsToInf(rm, neg):
			mag = f.maxFinite
		case f.hasInf:
			mag = f.infBits()
		default:
			return f.nanBits
		}
	}
	return sign | mag
}

// roundUp decides the increment of a truncated magnitude whose odd-ness is
// odd, with discarded part rem compared against half (rem != 0 means inexact).
func roundUp(rm Rounding, neg, odd bool, rem, half uint64) bool {
	switch rm {
	case RN:
		return rem > half || (rem == half && odd)
	case RNA:
		return rem >= half
	case RZ:
		return false
	case RP:
		return !neg && rem != 0
	case RM:
		return neg && rem != 0
	}
	return false
}

// roundF64 rounds the float64 (bits x, finite, or an odd-rounded stand-in for
// an exact value, see odd.go) to format f. Infinities map to infinities (or
// max-finite with satfinite, NaN for e4m3 without it); NaN maps to f.nanBits.
func roundF64(f format, x uint64, rm Rounding, satfinite bool) uint64 {
	neg := x>>63 != 0
	be := int(x >> 52 & 0x7FF)
	m := x & (1<<52 - 1)
	if be == 0x7FF {
		if m != 0 {
			return f.nanBits
		}
		var sign uint64
		if neg {
			sign = f.signBit()
		}
		switch {
		case satfinite:
			return sign | f.maxFinite
		case f.hasInf:
			return sign | f.infBits()
		}
		return f.nanBits
	}
	if be == 0 {
		return roundBits(f, neg, m, -1074, rm, satfinite)
	}
	return roundBits(f, neg, m|1<<52, be-1075, rm, satfinite)
}
