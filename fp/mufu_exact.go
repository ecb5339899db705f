package fp

import "math/bits"

// Bit-exact MUFU.RCP, RSQ, SQRT and EX2 (issue 16): the exponent and
// special-case handling around the interpolator tables of mufu_coef.go.
// Subnormal inputs read as zero and subnormal results flush to zero; a NaN
// input gives the canonical NaN.

// pack32 returns ±Y·2^p as f32 bits (Y > 0 with at most 25 significant
// bits, exact); a subnormal result flushes to ±0 and an overflow is ±inf.
func pack32(neg bool, y int64, p int) uint32 {
	var s uint32
	if neg {
		s = signF32
	}
	l := bits.Len64(uint64(y))
	be := p + l - 1 + 127
	switch {
	case be <= 0:
		return s
	case be >= 255:
		return s | 0x7F800000
	}
	var m uint64
	if l <= 24 {
		m = uint64(y) << (24 - l)
	} else {
		m = uint64(y) >> (l - 24)
	}
	return s | uint32(be)<<23 | uint32(m)&0x7FFFFF
}

// MufuRcp is MUFU.RCP: 1/a; rcp(±0) = ±inf, rcp(±inf) = ±0.
func MufuRcp(a uint32) uint32 {
	a = FlushF32(a)
	neg, e, m := a&signF32 != 0, int(a>>23&0xFF), a&0x7FFFFF
	switch {
	case isNaN32(a):
		return CanonicalNaNF32
	case e == 0:
		return a&signF32 | 0x7F800000
	case e == 255:
		return a & signF32
	}
	return pack32(neg, mufuRcp.eval(m), -24-(e-127))
}

// MufuRsq is MUFU.RSQ: 1/sqrt(a); rsq(±0) = ±inf, rsq(+inf) = +0,
// negative inputs give NaN. A power of four gives the exact result.
func MufuRsq(a uint32) uint32 {
	a = FlushF32(a)
	e, m := int(a>>23&0xFF), a&0x7FFFFF
	switch {
	case isNaN32(a):
		return CanonicalNaNF32
	case e == 0:
		return a&signF32 | 0x7F800000
	case a&signF32 != 0:
		return CanonicalNaNF32
	case e == 255:
		return 0
	}
	E := e - 127
	var y int64
	switch {
	case E&1 == 1:
		y = mufuRsq1.eval(m)
	case m == 0:
		y = 1 << 24
	default:
		y = mufuRsq0.eval(m)
	}
	return pack32(false, y, -24-E>>1)
}

// MufuSqrt is MUFU.SQRT; sqrt(±0) = ±0, sqrt(+inf) = +inf, negative
// inputs give NaN.
func MufuSqrt(a uint32) uint32 {
	a = FlushF32(a)
	e, m := int(a>>23&0xFF), a&0x7FFFFF
	switch {
	case isNaN32(a):
		return CanonicalNaNF32
	case e == 0:
		return a
	case a&signF32 != 0:
		return CanonicalNaNF32
	case e == 255:
		return a
	}
	E := e - 127
	tb := &mufuSqrt0
	if E&1 == 1 {
		tb = &mufuSqrt1
	}
	return pack32(false, tb.eval(m), -23+E>>1)
}

// MufuEx2 is MUFU.EX2: 2^a. The unit takes |a| in fixed point with 2^-23
// resolution, truncated (so |a| < 2^-23 gives exactly 1), and splits it into
// an integer n and a fraction φ; for a negative a with φ != 0 it uses
// 2^-(n+1) · 2^f with f the one's complement of φ (1 - φ - 2^-23, one step
// below 1 - φ: recorded on all of [-2, -1)). 2^f comes from the table.
// ex2(-inf) = +0, ex2(+inf) = +inf.
func MufuEx2(a uint32) uint32 {
	neg, e, m := a&signF32 != 0, int(a>>23&0xFF), a&0x7FFFFF
	switch {
	case isNaN32(a):
		return CanonicalNaNF32
	case e >= 127+8: // |a| >= 256 (or inf)
		if neg {
			return 0
		}
		return 0x7F800000
	}
	var X int64 // |a|·2^23, truncated
	if e != 0 {
		v := int64(1<<23 | m)
		if sh := e - 127; sh >= 0 {
			X = v << sh
		} else if sh > -32 {
			X = v >> -sh
		}
	}
	if neg && X != 0 {
		if X&0x7FFFFF == 0 {
			X = -X
		} else {
			X = ^X
		}
	}
	return pack32(false, mufuEx2.eval(uint32(X&0x7FFFFF)), int(X>>23)-23)
}

// MufuLg2 is MUFU.LG2: log2(a) = E + log2(m) for a = 2^E·m. The unit forms
// E + log2(m) in fixed point with 2^-36 resolution (log2(m) from the table,
// exactly 0 for m = 1) and truncates it (RZ) to f32, so results near zero
// keep 2^-36 absolute precision. lg2(±0) = -inf, lg2(+inf) = +inf,
// negative inputs give NaN.
func MufuLg2(a uint32) uint32 {
	a = FlushF32(a)
	e, m := int(a>>23&0xFF), a&0x7FFFFF
	switch {
	case isNaN32(a):
		return CanonicalNaNF32
	case e == 0:
		return 0xFF800000
	case a&signF32 != 0:
		return CanonicalNaNF32
	case e == 255:
		return a
	}
	if e == 127 && m == 0 {
		return 0 // lg2(1) = +0 exactly
	}
	v := int64(e-127)<<36 + mufuLg2.eval(m)
	if v < 0 {
		v = ^v // the magnitude of a negative sum is its one's complement
		return signF32 | fixedRZ32(v, 36)
	}
	return fixedRZ32(v, 36)
}

// fixedRZ32 converts the fixed-point value v·2^-u to f32, truncating (RZ).
func fixedRZ32(v int64, u int) uint32 {
	var s uint32
	if v < 0 {
		s, v = signF32, -v
	}
	if v == 0 {
		return s
	}
	l := bits.Len64(uint64(v))
	if l > 24 {
		v >>= l - 24 // truncate to 24 significant bits
		return pack32(s != 0, v, l-24-u)
	}
	return pack32(s != 0, v, -u)
}

// MufuSin is MUFU.SIN: sin(2π·t) for t in turns (ptxas multiplies by
// 1/(2π) first). The unit keeps |t| in fixed point with 2^-25-turn
// resolution, truncated: quadrant q (2 bits) and fraction φ (23 bits). It
// reads sin(π/2·φ) from the table for even q and the table at the one's
// complement of φ (2^23-1-φ) for odd q, in fixed point with 2^-37
// resolution, truncates that to f32 and negates it for q >= 2 (so sin of an
// odd multiple of π is -0) and for a negative t. sin(±inf) = NaN.
func MufuSin(a uint32) uint32 { return mufuSinCos(a, 0) }

// MufuCos is MUFU.COS: cos(2π·t) = sin(2π·(|t| + 1/4)) (see MufuSin).
func MufuCos(a uint32) uint32 { return mufuSinCos(a&^signF32, 1) }

func mufuSinCos(a uint32, dq int) uint32 {
	a = FlushF32(a)
	e := int(a >> 23 & 0xFF)
	switch {
	case isNaN32(a), e == 255:
		return CanonicalNaNF32
	case e == 0:
		if dq == 1 {
			return 0x3F800000
		}
		return a
	}
	var T uint64 // |t|·2^25 mod 2^25
	m := uint64(a&0x7FFFFF | 0x800000)
	if sh := e - 127 + 2; sh >= 0 {
		if sh < 25 {
			T = m << sh
		}
	} else if sh > -25 {
		T = m >> -sh
	}
	q := (int(T>>23) + dq) & 3
	phi := uint32(T & 0x7FFFFF)
	if q&1 == 1 {
		phi = 0x7FFFFF - phi
	}
	r := fixedRZ32(mufuSin.eval(phi), 37)
	if q >= 2 {
		r ^= signF32
	}
	return r ^ a&signF32
}

// RcpApproxF64 is rcp.approx.ftz.f64: MUFU.RCP64H on the high word (ptxas
// sets the low word of the result to 0; see mufu64H).
func RcpApproxF64(a uint64) uint64 { return mufu64H(a, false) }

// mufu64H is MUFU.RCP64H (rsq false) or MUFU.RSQ64H (rsq true) on the high
// word of a (1.11.20; the low 32 bits are ignored, so a NaN whose payload is
// all low bits reads as infinity). The 20-bit fraction feeds the f32 tables
// as the top of a 23-bit mantissa and the result's fraction is the table
// value truncated to 20 bits (recorded on an H200: every high word of [1,4)
// and 2^18 others). f64-subnormal inputs read as zero and subnormal results
// flush to zero; rcp(±0) = ±inf, rcp(±inf) = ±0, rsq(+inf) = +0, NaN
// results are nanMUFU64.
func mufu64H(a uint64, rsq bool) uint64 {
	h := uint32(a >> 32)
	s, e, f := h&signF32, int(h>>20&0x7FF), h&0xFFFFF
	switch {
	case e == 0x7FF && f != 0:
		return nanMUFU64
	case e == 0:
		return uint64(s|0x7FF00000) << 32
	case rsq && s != 0:
		return nanMUFU64
	case e == 0x7FF:
		return uint64(s) << 32
	}
	E := e - 1023
	var y int64
	var p int
	switch {
	case !rsq:
		y, p = mufuRcp.eval(f<<3), -24-E
	case E&1 == 1:
		y, p = mufuRsq1.eval(f<<3), -24-E>>1
	case f == 0:
		y, p = 1<<24, -24-E>>1
	default:
		y, p = mufuRsq0.eval(f<<3), -24-E>>1
	}
	l := bits.Len64(uint64(y)) // 24 or 25
	be := p + l - 1 + 1023
	if be <= 0 {
		return uint64(s) << 32
	}
	frac := uint32(y<<(25-l)) >> 4 & 0xFFFFF // the 23 bits below the leading one, truncated to 20
	return uint64(s|uint32(be)<<20|frac) << 32
}
