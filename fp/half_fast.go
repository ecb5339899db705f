package fp

import "math"

// mulF16RN is mul.rn.f16 without .ftz and .sat: the product of two f16
// values is exact in f32 (11x11 significand bits, exponents 2^-48..2^32),
// so rounding that f32 once to f16 is the one rounding of the exact
// product (MulF16's general path rounds the exact f64 product). A NaN
// result is the canonical NaN, as finishSmall gives.
func mulF16RN(a, b uint16) uint16 {
	p := float32(widenF16(a)) * float32(widenF16(b))
	if p != p {
		return uint16(fmtF16.nanBits)
	}
	return f32ToF16RN(math.Float32bits(p))
}

// f32ToF16RN rounds a non-NaN f32 to f16, nearest-even, overflow to inf.
func f32ToF16RN(x uint32) uint16 {
	sign := uint16(x>>16) & 0x8000
	exp := int(x>>23) & 0xFF
	man := x & 0x7FFFFF
	if exp == 0xFF { // inf (NaN excluded by the caller)
		return sign | 0x7C00
	}
	e := exp - 127 + 15
	if e >= 31 {
		return sign | 0x7C00
	}
	if e <= 0 { // subnormal or zero: the 24-bit significand shifted right
		m := man | 0x800000
		if exp == 0 {
			return sign // f32 subnormals are below half the least f16 subnormal
		}
		shift := uint(14 - e)
		if shift >= 25 {
			return sign
		}
		r := m >> shift
		rem, half := m&(1<<shift-1), uint32(1)<<(shift-1)
		if rem > half || (rem == half && r&1 != 0) {
			r++
		}
		return sign | uint16(r)
	}
	r := uint32(e)<<10 | man>>13
	rem := man & 0x1FFF
	if rem > 0x1000 || (rem == 0x1000 && r&1 != 0) {
		r++ // a carry into the exponent is right, up to inf
	}
	return sign | uint16(r)
}
