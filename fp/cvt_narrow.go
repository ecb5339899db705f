package fp

import "math"

// tf32 and fp8 conversions.
//
// tf32 (1.8.10) lives in a 32-bit register as an f32 pattern whose low 13 bits
// are zero. fp8 follows the OCP 8-bit formats: e4m3 (bias 7, no infinity,
// S.1111.111 is the only NaN, max 448) and e5m2 (bias 15, IEEE-like, max
// 57344). PTX converts to fp8 only with .rn.satfinite{.relu}: NaN -> NaN,
// +-inf and finite overflow -> +-max finite.

// F32ToTF32 is cvt.rna{.satfinite}.tf32.f32 and cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32.
// Without satfinite an overflow (or inf input) gives inf. NaN: see nanTF32.
func F32ToTF32(x uint32, rm Rounding, satfinite, relu bool) uint32 {
	if isNaN32(x) {
		return nanTF32(x)
	}
	return uint32(narrow(fmtTF32, f32to64(x), rm, satfinite, relu)) << 13
}

// F32ToE4M3 is one element of cvt.rn.satfinite{.relu}.e4m3x2.f32.
func F32ToE4M3(x uint32, rm Rounding, satfinite, relu bool) uint8 {
	return uint8(narrow(fmtE4M3, f32to64(x), rm, satfinite, relu))
}

// F32ToE5M2 is one element of cvt.rn.satfinite{.relu}.e5m2x2.f32.
func F32ToE5M2(x uint32, rm Rounding, satfinite, relu bool) uint8 {
	return uint8(narrow(fmtE5M2, f32to64(x), rm, satfinite, relu))
}

// F16ToE4M3 is one element of cvt.rn.satfinite{.relu}.e4m3x2.f16x2.
func F16ToE4M3(h uint16, rm Rounding, satfinite, relu bool) uint8 {
	return uint8(narrow(fmtE4M3, math.Float64bits(widen(fmtF16, uint64(h))), rm, satfinite, relu))
}

// F16ToE5M2 is one element of cvt.rn.satfinite{.relu}.e5m2x2.f16x2.
func F16ToE5M2(h uint16, rm Rounding, satfinite, relu bool) uint8 {
	return uint8(narrow(fmtE5M2, math.Float64bits(widen(fmtF16, uint64(h))), rm, satfinite, relu))
}

// E4M3ToF16 is one element of cvt.rn.f16x2.e4m3x2 (exact; NaN -> cvtNaNF16).
// For the .relu form apply ReluF16.
func E4M3ToF16(b uint8) uint16 { return fp8ToF16(fmtE4M3, b) }

// E5M2ToF16 is one element of cvt.rn.f16x2.e5m2x2 (exact; NaN -> cvtNaNF16).
func E5M2ToF16(b uint8) uint16 { return fp8ToF16(fmtE5M2, b) }

func fp8ToF16(f format, b uint8) uint16 {
	if f.isNaN(uint64(b)) {
		return cvtNaNF16
	}
	return uint16(roundF64(fmtF16, math.Float64bits(widen(f, uint64(b))), RN, false))
}

// E4M3ToF64Value / E5M2ToF64Value return the exact value (NaN as Go NaN).
func E4M3ToF64Value(b uint8) float64 { return widen(fmtE4M3, uint64(b)) }

// E5M2ToF64Value returns the exact value of an e5m2 encoding.
func E5M2ToF64Value(b uint8) float64 { return widen(fmtE5M2, uint64(b)) }

// F64ToE4M3SatRN rounds a Go float64 to e4m3, nearest-even, saturating to
// +-448 (inf too); NaN -> NaNE4M3. One rounding.
func F64ToE4M3SatRN(v float64) uint8 {
	return uint8(narrow(fmtE4M3, math.Float64bits(v), RN, true, false))
}

// F64ToE5M2SatRN rounds a Go float64 to e5m2, nearest-even, saturating to
// +-57344 (inf too); NaN -> NaNE5M2.
func F64ToE5M2SatRN(v float64) uint8 {
	return uint8(narrow(fmtE5M2, math.Float64bits(v), RN, true, false))
}
