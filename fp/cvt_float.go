package fp

import "math"

// cvt between f64, f32, f16 and bf16. Narrowing conversions round once, from
// the exact source value, in the requested mode. Options:
//   - satfinite (cvt ... .satfinite): results beyond the finite range, and
//     infinite inputs, become the largest finite value of the same sign;
//     NaN stays NaN.
//   - relu: negative results (and -0, UNCONFIRMED) become +0; NaN becomes
//     the canonical NaN.
//   - sat (cvt.sat): clamp to [+0, 1], NaN -> +0.
//   - ftz: for f32 sources/destinations, flush subnormals to signed zero.

// narrow converts the float64 bits x to format f with the cvt options.
func narrow(f format, x uint64, rm Rounding, satfinite, relu bool) uint64 {
	if isNaN64(x) {
		return f.nanBits
	}
	return finishSmall(f, roundF64(f, x, rm, satfinite), false, false, relu)
}

func f32to64(x uint32) uint64 { return math.Float64bits(float64(math.Float32frombits(x))) }

// F32ToF16 is cvt.frnd{.relu}{.satfinite}.f16.f32. For cvt.sat.f16.f32 apply
// SatF16 to the result.
func F32ToF16(x uint32, rm Rounding, satfinite, relu bool) uint16 {
	return uint16(narrow(fmtF16, f32to64(x), rm, satfinite, relu))
}

// F64ToF16 is cvt.frnd.f16.f64: one rounding from the f64 value. A NaN keeps
// its sign (see nanF64ToSmall), unlike f32 -> f16.
func F64ToF16(x uint64, rm Rounding, satfinite, relu bool) uint16 {
	if isNaN64(x) && !relu {
		return nanF64ToSmall(fmtF16, x)
	}
	return uint16(narrow(fmtF16, x, rm, satfinite, relu))
}

// F32ToBF16 is cvt.frnd{.relu}{.satfinite}.bf16.f32.
func F32ToBF16(x uint32, rm Rounding, satfinite, relu bool) uint16 {
	return uint16(narrow(fmtBF16, f32to64(x), rm, satfinite, relu))
}

// F64ToBF16 is cvt.frnd.bf16.f64 (NaN: see nanF64ToSmall).
func F64ToBF16(x uint64, rm Rounding, satfinite, relu bool) uint16 {
	if isNaN64(x) && !relu {
		return nanF64ToSmall(fmtBF16, x)
	}
	return uint16(narrow(fmtBF16, x, rm, satfinite, relu))
}

// F16ToBF16 is cvt.frnd.bf16.f16.
func F16ToBF16(h uint16, rm Rounding) uint16 {
	return uint16(narrow(fmtBF16, math.Float64bits(widen(fmtF16, uint64(h))), rm, false, false))
}

// BF16ToF16 is cvt.frnd.f16.bf16.
func BF16ToF16(h uint16, rm Rounding) uint16 {
	return uint16(narrow(fmtF16, math.Float64bits(widen(fmtBF16, uint64(h))), rm, false, false))
}

// F16ToF32 is cvt.f32.f16 (exact; NaN: see nan.go).
func F16ToF32(h uint16) uint32 { return widenTo32(fmtF16, uint64(h)) }

// BF16ToF32 is cvt.f32.bf16 (exact; NaN: see nan.go).
func BF16ToF32(h uint16) uint32 { return widenTo32(fmtBF16, uint64(h)) }

func widenTo32(f format, b uint64) uint32 {
	if f.isNaN(b) {
		if f == fmtBF16 {
			return nanBF16ToF32(uint16(b))
		}
		return nanF16ToF32
	}
	return math.Float32bits(float32(widen(f, b)))
}

// F16ToF64 is cvt.f64.f16 (exact; NaN: see nan.go).
func F16ToF64(h uint16) uint64 { return widenTo64(fmtF16, uint64(h)) }

// BF16ToF64 is cvt.f64.bf16 (exact; NaN: see nan.go).
func BF16ToF64(h uint16) uint64 { return widenTo64(fmtBF16, uint64(h)) }

func widenTo64(f format, b uint64) uint64 {
	if f.isNaN(b) { // via f32, as the GPU converts (UNCONFIRMED)
		return nanF32ToF64(widenTo32(f, b))
	}
	return math.Float64bits(widen(f, b))
}

// F64ToF32 is cvt.frnd{.ftz}{.sat}.f32.f64.
func F64ToF32(x uint64, rm Rounding, ftz, sat bool) uint32 {
	if isNaN64(x) {
		if sat {
			return 0
		}
		return nanF64ToF32(x)
	}
	r := uint32(roundF64(fmtF32, x, rm, false))
	if ftz { // tininess before rounding, as for arithmetic (UNCONFIRMED for cvt)
		r = tinyFlush32(r, math.Float64frombits(x))
	}
	return finish32(r, ftz, sat)
}

// F32ToF64 is cvt{.ftz}.f64.f32 (exact; NaN: see nan.go).
func F32ToF64(x uint32, ftz bool) uint64 {
	if ftz {
		x = FlushF32(x)
	}
	if isNaN32(x) {
		return nanF32ToF64(x)
	}
	return f32to64(x)
}

// CvtF32F32 is cvt{.ftz}{.sat}.f32.f32 without integer rounding: a copy with
// .ftz flushing and .sat clamping; NaN becomes the canonical NaN.
func CvtF32F32(x uint32, ftz, sat bool) uint32 { return finish32(x, ftz, sat) }

// F64ToF32RN, F64ToF16RN and F64ToBF16RN round a Go float64 to nearest-even
// with one rounding (for generating test data and launch inputs).
func F64ToF32RN(v float64) uint32 { return F64ToF32(math.Float64bits(v), RN, false, false) }

// F64ToF16RN rounds v to f16, nearest-even, overflow to inf.
func F64ToF16RN(v float64) uint16 { return F64ToF16(math.Float64bits(v), RN, false, false) }

// F64ToBF16RN rounds v to bf16, nearest-even, overflow to inf.
func F64ToBF16RN(v float64) uint16 { return F64ToBF16(math.Float64bits(v), RN, false, false) }

// F16ToF64Value / BF16ToF64Value / F32ToF64Value return the exact value as a
// Go float64 (NaN as a Go NaN), for reports and tests.
func F16ToF64Value(h uint16) float64 { return widen(fmtF16, uint64(h)) }

// BF16ToF64Value returns the exact value of a bf16 encoding.
func BF16ToF64Value(h uint16) float64 { return widen(fmtBF16, uint64(h)) }
