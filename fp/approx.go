package fp

import "math"

// Approximate (MUFU-style) functions. The GPU's bit patterns for these are
// not public; until the recorded corpus pins them down, each function returns
// the (near-)correctly rounded value of the exact function, computed in
// float64 and rounded once to the destination, which is always within the
// error bound PTX allows (quoted from the PTX ISA next to each). Special
// inputs follow the PTX tables. With ftz, subnormal inputs and results are
// flushed to signed zero; without it they are honoured.
//
// Bit-exactness with MUFU is NOT claimed: an H100 may differ in the last
// bits of the result wherever the documented error bound allows it.

// approx32 evaluates fn on the (optionally flushed) f32 input and rounds the
// float64 result to f32 (RN), canonicalising NaN and flushing with ftz.
func approx32(a uint32, ftz bool, fn func(float64) float64) uint32 {
	if ftz {
		a = FlushF32(a)
	}
	if isNaN32(a) {
		return CanonicalNaNF32
	}
	r := fn(float64(math.Float32frombits(a)))
	return finish32(uint32(roundF64(fmtF32, math.Float64bits(r), RN, false)), ftz, false)
}

// Ex2ApproxF32 is ex2.approx{.ftz}.f32: 2^a. PTX: max error 2 ulp across the
// full range (ex2(-inf)=+0, ex2(+-0)=1, ex2(+inf)=+inf).
func Ex2ApproxF32(a uint32, ftz bool) uint32 { return approx32(a, ftz, math.Exp2) }

// Lg2ApproxF32 is lg2.approx{.ftz}.f32: log2(a). PTX: max absolute error
// 2^-22 for a in (0.5, 2), else max relative error 2^-22 (approximately).
// lg2(+-0) = -inf, lg2(negative) = NaN, lg2(+inf) = +inf.
func Lg2ApproxF32(a uint32, ftz bool) uint32 {
	return approx32(a, ftz, func(x float64) float64 {
		if x == 0 {
			return math.Inf(-1)
		}
		return math.Log2(x)
	})
}

// SinApproxF32 is sin.approx{.ftz}.f32. PTX: max absolute error 2^-20.5 in
// [-100pi, +100pi] (larger outside). sin(+-inf) = NaN, sin(-0) = -0.
func SinApproxF32(a uint32, ftz bool) uint32 { return approx32(a, ftz, math.Sin) }

// CosApproxF32 is cos.approx{.ftz}.f32. PTX: max absolute error 2^-20.5 in
// [-100pi, +100pi]. cos(+-inf) = NaN, cos(+-0) = 1.
func CosApproxF32(a uint32, ftz bool) uint32 { return approx32(a, ftz, math.Cos) }

// RsqrtApproxF32 is rsqrt.approx{.ftz}.f32. PTX: max relative error 2^-22.9
// over the full range. rsqrt(+0)=+inf, rsqrt(-0)=-inf, rsqrt(neg)=NaN,
// rsqrt(+inf)=+0.
func RsqrtApproxF32(a uint32, ftz bool) uint32 {
	return approx32(a, ftz, func(x float64) float64 {
		if x == 0 {
			return math.Copysign(math.Inf(1), x)
		}
		return 1 / math.Sqrt(x)
	})
}

// RcpApproxF32 is rcp.approx{.ftz}.f32. PTX: max 1 ulp error over the full
// range. rcp(+-0) = +-inf, rcp(+-inf) = +-0.
func RcpApproxF32(a uint32, ftz bool) uint32 {
	return approx32(a, ftz, func(x float64) float64 { return 1 / x })
}

// SqrtApproxF32 is sqrt.approx{.ftz}.f32. PTX: max relative error 2^-23
// over the full range. sqrt(-0) = -0, sqrt(negative) = NaN.
func SqrtApproxF32(a uint32, ftz bool) uint32 { return approx32(a, ftz, math.Sqrt) }

// TanhApproxF32 is tanh.approx.f32. PTX: max relative error 2^-10.987 (sm_75+).
// tanh(+-0) = +-0, tanh(+-inf) = +-1. Subnormal inputs are honoured.
func TanhApproxF32(a uint32) uint32 { return approx32(a, false, math.Tanh) }

// DivApproxF32 is div.approx{.ftz}.f32, computed as PTX defines it,
// a * (1/b) with an ftz reciprocal: max 2 ulp error for |b| in
// [2^-126, 2^126]; for 2^126 < |b| < 2^128 the result is 0 (NaN if a is
// infinite) because the reciprocal flushes to zero.
func DivApproxF32(a, b uint32, ftz bool) uint32 {
	return MulF32(a, RcpApproxF32(b, true), RN, ftz, false)
}

// DivFullF32 is div.full{.ftz}.f32. PTX: max 2 ulp error over the full
// range. Implemented as the correctly rounded quotient.
func DivFullF32(a, b uint32, ftz bool) uint32 { return DivF32(a, b, RN, ftz) }

// approxSmall evaluates fn on an f16/bf16 input and rounds the result to the
// same format (RN).
func approxSmall(f format, h uint16, ftz bool, fn func(float64) float64) uint16 {
	b := uint64(h)
	if ftz {
		b = f.flush(b)
	}
	if f.isNaN(b) {
		return uint16(f.nanBits)
	}
	r := roundF64(f, math.Float64bits(fn(widen(f, b))), RN, false)
	if ftz {
		r = f.flush(r)
	}
	return uint16(r)
}

// Ex2ApproxF16 is ex2.approx.f16. PTX: max relative error 2^-9.9.
func Ex2ApproxF16(h uint16) uint16 { return approxSmall(fmtF16, h, false, math.Exp2) }

// Ex2ApproxF16x2 is ex2.approx.f16x2.
func Ex2ApproxF16x2(a uint32) uint32 { return pack(Ex2ApproxF16(lo(a)), Ex2ApproxF16(hi(a))) }

// Ex2ApproxBF16 is ex2.approx.ftz.bf16. PTX: max relative error 2^-7.
func Ex2ApproxBF16(h uint16) uint16 { return approxSmall(fmtBF16, h, true, math.Exp2) }

// Ex2ApproxBF16x2 is ex2.approx.ftz.bf16x2.
func Ex2ApproxBF16x2(a uint32) uint32 { return pack(Ex2ApproxBF16(lo(a)), Ex2ApproxBF16(hi(a))) }

// TanhApproxF16 is tanh.approx.f16. PTX: max absolute error 2^-10.987.
func TanhApproxF16(h uint16) uint16 { return approxSmall(fmtF16, h, false, math.Tanh) }

// TanhApproxF16x2 is tanh.approx.f16x2.
func TanhApproxF16x2(a uint32) uint32 { return pack(TanhApproxF16(lo(a)), TanhApproxF16(hi(a))) }

// TanhApproxBF16 is tanh.approx.bf16. PTX: max absolute error 2^-8.
func TanhApproxBF16(h uint16) uint16 { return approxSmall(fmtBF16, h, false, math.Tanh) }

// TanhApproxBF16x2 is tanh.approx.bf16x2.
func TanhApproxBF16x2(a uint32) uint32 { return pack(TanhApproxBF16(lo(a)), TanhApproxBF16(hi(a))) }

// fmtF64Hi is the 1.11.20 format of the high word of an f64.
var fmtF64Hi = format{exp: 11, frac: 20, hasInf: true, maxFinite: 0x7FEFFFFF, nanBits: CanonicalNaNF64 >> 32}

// RcpApproxF64 is rcp.approx.ftz.f64, the "gross" reciprocal PTX defines:
// the low 32 bits of a are ignored, the reciprocal of the 1.11.20 high part
// is formed and rounded to 1.11.20 (RN here; the hardware rounding is
// UNCONFIRMED), and the low 32 bits of the result are zero. Subnormal inputs
// and results are flushed to signed zero. rcp(+-0) = +-inf, rcp(+-inf) = +-0.
func RcpApproxF64(a uint64) uint64 {
	a = fmtF64.flush(a) &^ 0xFFFFFFFF
	if isNaN64(a) {
		return nanResultF64(a)
	}
	r := roundF64(fmtF64Hi, math.Float64bits(1/f64(a)), RN, false)
	return fmtF64.flush(r << 32)
}

// RsqrtApproxF64 is rsqrt.approx{.ftz}.f64. PTX: max relative error about
// 2^-40 (implemented as 1/sqrt in float64, within 1 ulp). rsqrt(+-0) = +-inf,
// rsqrt(negative) = NaN, rsqrt(+inf) = +0.
func RsqrtApproxF64(a uint64, ftz bool) uint64 {
	if ftz {
		a = fmtF64.flush(a)
	}
	x := f64(a)
	if x != x || x < 0 {
		return nanResultF64(a)
	}
	if x == 0 {
		return math.Float64bits(math.Copysign(math.Inf(1), x))
	}
	r := math.Float64bits(1 / math.Sqrt(x))
	if ftz {
		r = fmtF64.flush(r)
	}
	return r
}
