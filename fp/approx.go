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
// Bit-exactness with MUFU is NOT claimed: the GPU differs in the last bit
// of the result wherever the documented error bound allows it. Recorded on an
// H200 (probe.cu, 8192 random inputs; 65536 for f16/bf16), the share of
// bit-identical results was: ex2 87%, lg2 74-77%, rsqrt 89-90%, rcp 86-89%,
// sqrt.approx 91-92%, tanh.f32 79%, div.approx 91-94%, div.full 79-84%,
// sin/cos 2-46% (MUFU range reduction is coarse: sin(FLT_MAX) gives 0 on the
// GPU), ex2.f16 70%, tanh.f16 78%, ex2.bf16 95%, tanh.bf16 97%.

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
// infinite) because the reciprocal flushes to zero (confirmed for both
// forms). Without .ftz a subnormal b is honoured (the GPU returns the
// quotient, e.g. -2^-149 / 2^-149 = -1): that case uses the rounded quotient.
func DivApproxF32(a, b uint32, ftz bool) uint32 {
	if !ftz && b&0x7F800000 == 0 && b&0x7FFFFF != 0 {
		return DivF32(a, b, RN, false)
	}
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
var fmtF64Hi = format{exp: 11, frac: 20, hasInf: true, maxFinite: 0x7FEFFFFF, nanBits: nanMUFU64 >> 32}

// gross64 is the PTX "gross approximation" scheme of rcp.approx.ftz.f64 and
// rsqrt.approx.ftz.f64: the low 32 bits of a are ignored (so a NaN whose
// payload is all low bits reads as infinity), fn is applied to the 1.11.20
// high part, the result is rounded to 1.11.20 with rm and the low 32 bits of
// the result are zero. Subnormal inputs/results flush to signed zero; NaN
// results are nanMUFU64 (confirmed).
func gross64(a uint64, rm Rounding, fn func(float64) float64) uint64 {
	a = fmtF64.flush(a) &^ 0xFFFFFFFF
	r := fn(f64(a))
	if r != r {
		return nanMUFU64
	}
	return fmtF64.flush(roundF64(fmtF64Hi, math.Float64bits(r), rm, false) << 32)
}

// RcpApproxF64 is rcp.approx.ftz.f64 (gross approximation, see gross64).
// The high word is the reciprocal of the high part rounded toward zero; on
// an H200 this matched the GPU for 7755 of 8192 random inputs (one unit of
// the 20-bit fraction off elsewhere). rcp(+-0) = +-inf,
// rcp(+-inf) = +-0.
func RcpApproxF64(a uint64) uint64 {
	return gross64(a, RZ, func(x float64) float64 { return 1 / x })
}

// RsqrtApproxF64 is rsqrt.approx{.ftz}.f64. With ftz it is the gross
// approximation (see gross64; negative inputs give nanMUFU64, confirmed);
// without ftz it is a full-precision approximation (PTX: max relative error
// about 2^-40; implemented as 1/sqrt in float64, within 1 ulp; NaN inputs
// propagate quieted and negative inputs give DefaultNaNF64, confirmed).
// rsqrt(+-0) = +-inf, rsqrt(+inf) = +0.
func RsqrtApproxF64(a uint64, ftz bool) uint64 {
	rsqrt := func(x float64) float64 {
		if x == 0 {
			return math.Copysign(math.Inf(1), x)
		}
		return 1 / math.Sqrt(x)
	}
	if ftz {
		return gross64(a, RN, rsqrt)
	}
	x := f64(a)
	if x != x || x < 0 {
		return nanResultF64(a)
	}
	return math.Float64bits(rsqrt(x))
}
