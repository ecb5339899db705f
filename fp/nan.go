package fp

// NaN policy: which bit pattern a NaN result has. Every choice is a named
// constant or a small function here so that new GPU recordings can change it
// in one place. "Confirmed" means recorded on a Hopper GPU (H200, sm_90,
// driver 580.159.04, CUDA 13.0) with testdata/gpuprobe/probe.cu; the rest is
// UNCONFIRMED and inferred.
const (
	// CanonicalNaNF32 is the result of every f32 arithmetic op producing or
	// propagating a NaN (confirmed: add/mul/fma/div/sqrt/rcp/min/max/cvt.rni,
	// cvt.f32.f16). Not used by cvt.f32.f64 / cvt.f32.bf16 (see below).
	CanonicalNaNF32 uint32 = 0x7FFFFFFF
	// CanonicalNaNF16 / CanonicalNaNBF16: f16/bf16 arithmetic and every
	// conversion to f16/bf16 (confirmed: add/mul/fma{.relu}.f16, fma.bf16,
	// cvt.{rn,rm}.f16.f32, cvt.{rn,rz}.bf16.f32, cvt.f16x2.{e4m3x2,e5m2x2}).
	CanonicalNaNF16  uint16 = 0x7FFF
	CanonicalNaNBF16 uint16 = 0x7FFF

	// f64 does NOT canonicalise (confirmed): a NaN operand propagates with
	// its sign and payload and the quiet bit set; an invalid operation
	// (inf-inf, 0*inf, 0/0, sqrt(-x)) gives DefaultNaNF64 (sign set).
	DefaultNaNF64 uint64 = 0xFFF8000000000000
	quietBitF64   uint64 = 1 << 51
	// CanonicalNaNF64 is kept for callers that need "some f64 NaN"; no
	// arithmetic result uses it.
	CanonicalNaNF64 uint64 = 0x7FFFFFFFFFFFFFFF

	// NaNE4M3 / NaNE5M2: cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 of any NaN,
	// either sign (confirmed).
	NaNE4M3 uint8 = 0x7F
	NaNE5M2 uint8 = 0x7F

	// nanMUFU64 is the result of rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64
	// for a NaN (and rsqrt for a negative) input (confirmed).
	nanMUFU64 uint64 = 0x7FFFFFFF00000000
)

// quietF64 returns the NaN a with its quiet bit set.
func quietF64(a uint64) uint64 { return a | quietBitF64 }

// nanF64 picks the NaN result of an f64 operation from its operands, in the
// given priority order: the first NaN operand, quieted; DefaultNaNF64 when
// no operand is NaN (invalid operation). Observed orders with several NaN
// operands (one sample each; ptxas may swap commutative operands):
// add/sub/mul/min/max prefer b, then a (sub keeps b's sign); fma prefers c,
// then b, then a; div prefers a, then b.
func nanF64(ops ...uint64) uint64 {
	for _, a := range ops {
		if isNaN64(a) {
			return quietF64(a)
		}
	}
	return DefaultNaNF64
}

// nanResultF64 is the NaN result of a unary f64 op on a.
func nanResultF64(a uint64) uint64 { return nanF64(a) }

// nanF64ToF32 is cvt.f32.f64 of a NaN: sign kept, the top 22 payload bits
// kept, quiet bit set (confirmed).
func nanF64ToF32(a uint64) uint32 {
	return uint32(a>>63)<<31 | 0x7FC00000 | uint32(a>>29)&0x3FFFFF
}

// nanF64ToSmall is cvt.rn.{f16,bf16}.f64 of a NaN: sign kept, quiet bit
// set, the top payload bits kept (like nanF64ToF32). Confirmed for the sign
// and quiet bit (f16_bf16 o16 slots 38-39: 0x7FF8000000000000 -> 0x7E00 /
// 0x7FC0, 0xFFF8002460000000 -> 0xFE00 / 0xFFC0, 0x7FF8000020000000 (the
// GPU's cvt.f64.f32 of 0x7F800001) -> 0x7E00 / 0x7FC0); the payload bits are
// UNCONFIRMED (every recorded case has zero top payload bits).
func nanF64ToSmall(f format, a uint64) uint16 {
	sign := a >> 63 << (f.exp + f.frac)
	quiet := uint64(1) << (f.frac - 1)
	return uint16(sign | f.expMask() | quiet | a>>(52-f.frac)&f.fracMask())
}

// nanF32ToF64 is cvt.f64.f32 of a NaN: the inverse widening, quiet bit set.
// UNCONFIRMED (inferred from nanF64ToF32 and the f64 propagation rule).
func nanF32ToF64(a uint32) uint64 {
	return uint64(a>>31)<<63 | 0x7FF8000000000000 | uint64(a&0x3FFFFF)<<29
}

// nanBF16ToF32 is cvt.f32.bf16 of a NaN: a plain 16-bit shift, payload and
// signalling bit kept (confirmed).
func nanBF16ToF32(h uint16) uint32 { return uint32(h) << 16 }

// nanF16ToF32 is cvt.f32.f16 of a NaN (confirmed canonical).
const nanF16ToF32 = CanonicalNaNF32

// nanTF32 is cvt.rna.tf32.f32 of a NaN: the input with its low 13 bits
// cleared, sign and high payload kept, no quieting (confirmed for .rna; a
// signalling NaN whose payload sits in the low bits becomes infinity).
func nanTF32(x uint32) uint32 { return x &^ 0x1FFF }

// nanToInt is cvt.{rni,rzi,rmi,rpi}.{s,u}N.{f16,bf16,f32,f64} of a NaN
// (srcBits 16, 32 or 64). Confirmed:
//   - 64-bit destinations, signed or unsigned, from every source: INT64_MIN
//     bit pattern 0x8000000000000000 (float_special un64 slots 19-26 f64,
//     40-47 f32; cvt_all hf slots 8-15 f16, 56-63 bf16);
//   - f64 -> s32 and f64 -> u32: 0x80000000 (float_special un64 slots 11-18);
//   - f32/f16/bf16 -> 32-, 16-bit destinations: 0 (float_special un32 slots
//     11-18, cvt_all hf slots 0-7, 16-23, 48-55, 64-71).
//
// UNCONFIRMED: f64 -> 8/16-bit destinations; taken as the destination's
// sign-bit pattern like f64 -> 32 bits; f16/f32 -> 8-bit: 0 like 16-bit.
// Signed results are sign-extended to 64 bits (as FloatToInt returns them).
func nanToInt(srcBits, dstBits int, signed bool) uint64 {
	if dstBits < 64 && srcBits < 64 {
		return 0
	}
	r := uint64(1) << (dstBits - 1)
	if signed {
		r = ^uint64(0) << (dstBits - 1)
	}
	return r
}

// cvtNaNF16 / cvtNaNBF16: any NaN converted to f16 / bf16.
const (
	cvtNaNF16  = CanonicalNaNF16
	cvtNaNBF16 = CanonicalNaNBF16
)

// abs/neg of a NaN. ptxas emits these as arithmetic (an add of -0 or a
// min/max-like op), not as sign-bit logic, so a NaN follows the arithmetic
// NaN rule of its format (confirmed: float_special un32 slots 8-9 abs/neg.f32
// of 0x7FC00000, 0xFFC00001, 0x7F800001, 0x7FA00000 -> 0x7FFFFFFF; un64 slots
// 8-9 abs/neg.f64 of 0xFFF8000000000001 -> 0xFFF8000000000001 (sign kept,
// not cleared or flipped), of 0x7FF4000000000000 -> 0x7FFC000000000000;
// f16_bf16 o16 slots 9-10, 25-26 and o32 slots 9-10: abs/neg.{f16,bf16,f16x2}
// of any NaN -> 0x7FFF per half).
const (
	nanAbsNegF32  = CanonicalNaNF32
	nanAbsNegF16  = CanonicalNaNF16
	nanAbsNegBF16 = CanonicalNaNBF16
)

// nanAbsNegF64 is abs/neg.f64 of a NaN: the operand quieted, sign unchanged.
func nanAbsNegF64(a uint64) uint64 { return quietF64(a) }
