package fp

import "math"

// Approximate f32 functions, composed from the MUFU primitives
// (mufu_exact.go, mufu.go) exactly as ptxas 13.0 emits them for sm_90a (SASS
// of the corpus kernel validation/testdata/approx_math, provenance.json
// raw.sass, and of every form in tools/mufu/README.md). Every form equals
// an H200 on all 2^32 inputs (an H100 gave the same bits; tools/mufu). The .ftz forms
// are the bare MUFU instruction; the non-.ftz forms scale a subnormal (or,
// for rcp and div.full, a very large) operand into the MUFU range with FMUL
// and undo the scaling on the result. FMUL here is mul.rn.f32 without ftz.
// The PTX error bound of each function is quoted next to it.

const (
	minNormalBits = 0x00800000 // FLT_MIN
	two126Bits    = 0x7E800000 // 2^126
	two24         = 0x4B800000 // 2^24
	twoM12        = 0x39800000 // 2^-12
	two12         = 0x45800000 // 2^12
	quarter       = 0x3E800000 // 0.25
	half32        = 0x3F000000 // 0.5
	minus24       = 0xC1C00000 // -24
	minus126      = 0xC2FC0000 // -126
	invTwoPi      = 0x3E22F983 // 0.15915494 = 1/(2π) rounded to f32
)

func fmul(a, b uint32) uint32 { return MulF32(a, b, RN, false, false) }

// tiny reports |a| < FLT_MIN (false for NaN), the FSETP.GEU test ptxas uses.
func tiny(a uint32) bool { return a&^signF32 < minNormalBits }

// Ex2ApproxF32 is ex2.approx{.ftz}.f32: 2^a. PTX: max error 2 ulp across the
// full range (ex2(-inf)=+0, ex2(+-0)=1, ex2(+inf)=+inf). Without .ftz,
// a < -126 is computed as ex2(a/2)^2 so that subnormal results survive.
func Ex2ApproxF32(a uint32, ftz bool) uint32 {
	if ftz || !(f64of32(a) < -126) {
		return MufuEx2(a)
	}
	r := MufuEx2(fmul(a, half32))
	return fmul(r, r)
}

// Lg2ApproxF32 is lg2.approx{.ftz}.f32: log2(a). PTX: max absolute error
// 2^-22 for a in (0.5, 2), else max relative error 2^-22 (approximately).
// lg2(+-0) = -inf, lg2(negative) = NaN, lg2(+inf) = +inf. Without .ftz a
// subnormal input is scaled by 2^24 and 24 subtracted.
func Lg2ApproxF32(a uint32, ftz bool) uint32 {
	if ftz || !tiny(a) {
		return MufuLg2(a)
	}
	return AddF32(MufuLg2(fmul(a, two24)), minus24, RN, false, false)
}

// SinApproxF32 is sin.approx{.ftz}.f32: MUFU.SIN of a·(1/(2π)) rounded
// toward zero. PTX: max absolute error 2^-20.5 in [-100pi, +100pi].
func SinApproxF32(a uint32, ftz bool) uint32 {
	return MufuSin(MulF32(a, invTwoPi, RZ, ftz, false))
}

// CosApproxF32 is cos.approx{.ftz}.f32 (see SinApproxF32).
func CosApproxF32(a uint32, ftz bool) uint32 {
	return MufuCos(MulF32(a, invTwoPi, RZ, ftz, false))
}

// RsqrtApproxF32 is rsqrt.approx{.ftz}.f32. PTX: max relative error 2^-22.9
// over the full range. rsqrt(+0)=+inf, rsqrt(-0)=-inf, rsqrt(neg)=NaN,
// rsqrt(+inf)=+0. Without .ftz: rsq(a·2^24)·2^12 for subnormal a.
func RsqrtApproxF32(a uint32, ftz bool) uint32 {
	if ftz || !tiny(a) {
		return MufuRsq(a)
	}
	return fmul(MufuRsq(fmul(a, two24)), two12)
}

// RcpApproxF32 is rcp.approx{.ftz}.f32. PTX: max 1 ulp error over the full
// range. rcp(+-0) = +-inf, rcp(+-inf) = +-0. Without .ftz: s·rcp(a·s) with
// s = 0.25 for |a| > 2^126, 2^24 for subnormal a, else 1.
func RcpApproxF32(a uint32, ftz bool) uint32 {
	if ftz {
		return MufuRcp(a)
	}
	s := uint32(0x3F800000)
	switch {
	case a&^signF32 > two126Bits && !isNaN32(a):
		s = quarter
	case tiny(a):
		s = two24
	}
	return fmul(s, MufuRcp(fmul(a, s)))
}

// SqrtApproxF32 is sqrt.approx{.ftz}.f32. PTX: max relative error 2^-23
// over the full range. sqrt(-0) = -0, sqrt(negative) = NaN. Without .ftz:
// sqrt(a·2^24)·2^-12 for subnormal a.
func SqrtApproxF32(a uint32, ftz bool) uint32 {
	if ftz || !tiny(a) {
		return MufuSqrt(a)
	}
	return fmul(MufuSqrt(fmul(a, two24)), twoM12)
}

// TanhApproxF32 is tanh.approx.f32 (MUFU.TANH). PTX: max relative error
// 2^-10.987. tanh(+-0) = +-0, tanh(+-inf) = +-1.
func TanhApproxF32(a uint32) uint32 { return MufuTanh(a) }

// DivApproxF32 is div.approx{.ftz}.f32: a · rcp(b). PTX: max 2 ulp error
// for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128 the result is 0 (NaN
// if a is infinite) because MUFU.RCP flushes. Without .ftz a subnormal b is
// honoured: both operands are scaled by 2^24 first.
func DivApproxF32(a, b uint32, ftz bool) uint32 {
	if ftz {
		return MulF32(MufuRcp(b), a, RN, true, false)
	}
	if tiny(b) {
		a, b = fmul(a, two24), fmul(b, two24)
	}
	return fmul(MufuRcp(b), a)
}

// DivFullF32 is div.full{.ftz}.f32. PTX: max 2 ulp error over the full
// range. Computed as DivApproxF32 after scaling both operands by 0.25 when
// |b| > 2^126.
func DivFullF32(a, b uint32, ftz bool) uint32 {
	if b&^signF32 > two126Bits && !isNaN32(b) {
		a, b = MulF32(a, quarter, RN, ftz, false), MulF32(b, quarter, RN, ftz, false)
	}
	return DivApproxF32(a, b, ftz)
}

// mufuSmall is MUFU.{EX2,TANH}.{F16,BF16}: the input widened to f32, the
// f32 MUFU primitive applied, and the result truncated (RZ) to the 16-bit
// format: equal to an H200 on all 65536 inputs of each form
// (fp/testdata/mufu_hw.gz, with the bit-exact f32 units of issue 16).
func mufuSmall(f format, h uint16, ftz bool, prim func(uint32) uint32) uint16 {
	b := uint64(h)
	if ftz {
		b = f.flush(b)
	}
	if f.isNaN(b) {
		return uint16(f.nanBits)
	}
	x := math.Float32bits(float32(widen(f, b))) // exact
	r := prim(x)
	if isNaN32(r) {
		return uint16(f.nanBits)
	}
	var o uint64
	if f == fmtF16 && r&^signF32 >= 0x47800000 { // |r| >= 2^16: inf, not max-finite (recorded: ex2.f16(16) = inf)
		return uint16(r>>16&0x8000 | 0x7C00)
	}
	if f == fmtBF16 {
		o = uint64(F32ToBF16(r, RZ, false, false))
	} else {
		o = uint64(F32ToF16(r, RZ, false, false))
	}
	if ftz {
		o = f.flush(o)
	}
	return uint16(o)
}

// Ex2ApproxF16 is ex2.approx.f16 (MUFU.EX2.F16). PTX: max relative error 2^-9.9.
func Ex2ApproxF16(h uint16) uint16 { return mufuSmall(fmtF16, h, false, MufuEx2) }

// Ex2ApproxF16x2 is ex2.approx.f16x2.
func Ex2ApproxF16x2(a uint32) uint32 { return pack(Ex2ApproxF16(lo(a)), Ex2ApproxF16(hi(a))) }

// Ex2ApproxBF16 is ex2.approx.ftz.bf16 (MUFU.EX2.BF16). PTX: max relative error 2^-7.
func Ex2ApproxBF16(h uint16) uint16 { return mufuSmall(fmtBF16, h, true, MufuEx2) }

// Ex2ApproxBF16x2 is ex2.approx.ftz.bf16x2.
func Ex2ApproxBF16x2(a uint32) uint32 { return pack(Ex2ApproxBF16(lo(a)), Ex2ApproxBF16(hi(a))) }

// TanhApproxF16 is tanh.approx.f16 (MUFU.TANH.F16). PTX: max absolute error 2^-10.987.
func TanhApproxF16(h uint16) uint16 { return mufuSmall(fmtF16, h, false, MufuTanh) }

// TanhApproxF16x2 is tanh.approx.f16x2.
func TanhApproxF16x2(a uint32) uint32 { return pack(TanhApproxF16(lo(a)), TanhApproxF16(hi(a))) }

// TanhApproxBF16 is tanh.approx.bf16 (MUFU.TANH.BF16). PTX: max absolute error 2^-8.
func TanhApproxBF16(h uint16) uint16 { return mufuSmall(fmtBF16, h, false, MufuTanh) }

// TanhApproxBF16x2 is tanh.approx.bf16x2.
func TanhApproxBF16x2(a uint32) uint32 { return pack(TanhApproxBF16(lo(a)), TanhApproxBF16(hi(a))) }

// RsqrtApproxF64 is rsqrt.approx{.ftz}.f64. With ftz it is MUFU.RSQ64H
// (see mufu64H; negative inputs give nanMUFU64, confirmed). Without ftz it
// is the sequence ptxas 13.0 emits (tools/mufu, forms.sass): y = RSQ64H,
// e = fma(x, -y², 1), y + (y·e)·fma(e, 0.375, 0.5); a positive subnormal x
// is scaled by 2^54 and the result by 2^27; rsqrt(±0) = ±inf, rsqrt(+inf) =
// +0, a NaN propagates quieted (x + x), other negative inputs give
// DefaultNaNF64.
func RsqrtApproxF64(a uint64, ftz bool) uint64 {
	if ftz {
		return mufu64H(a, true)
	}
	hi := uint32(a >> 32)
	if hi-0x100000 < 0x7FE00000 { // positive, normal, finite
		return rsqrtNewton64(a)
	}
	switch {
	case a&^signF64 == 0:
		return a | 0x7FF0000000000000
	case a&^signF64 > 0x7FF0000000000000:
		return AddF64(a, a, RN)
	case a&signF64 != 0:
		return DefaultNaNF64
	case a == 0x7FF0000000000000:
		return 0
	}
	return MulF64(rsqrtNewton64(MulF64(a, 0x4350000000000000, RN)), 0x41A0000000000000, RN) // 2^54, 2^27
}

func rsqrtNewton64(x uint64) uint64 {
	y := mufu64H(x, true)
	e := FmaF64(x, NegF64(MulF64(y, y, RN)), 0x3FF0000000000000, RN)
	c := FmaF64(e, 0x3FD8000000000000, 0x3FE0000000000000, RN)
	return FmaF64(c, MulF64(y, e, RN), y, RN)
}
