package fp

import "math"

// Float <-> integer conversions and round-to-integral (cvt with .rni .rzi
// .rmi .rpi). Float -> integer saturates to the destination range (PTX:
// "float-to-integer conversions saturate by default"); NaN: see FloatToInt.

// roundIntegral rounds a float64 to an integral float64 in mode rm (exact;
// keeps the sign of zero, e.g. -0.3 .rni -> -0).
func roundIntegral(v float64, rm Rounding) float64 {
	switch rm {
	case RZ:
		return math.Trunc(v)
	case RM:
		return math.Floor(v)
	case RP:
		return math.Ceil(v)
	case RNA:
		return math.Round(v)
	}
	return math.RoundToEven(v)
}

// srcValue decodes a float source of srcBits 16 (f16), 32 or 64 to float64.
func srcValue(b uint64, srcBits int, ftz bool) float64 {
	switch srcBits {
	case 16:
		h := uint64(uint16(b))
		if ftz {
			h = fmtF16.flush(h)
		}
		return widen(fmtF16, h)
	case 32:
		x := uint32(b)
		if ftz {
			x = FlushF32(x)
		}
		return float64(math.Float32frombits(x))
	}
	return math.Float64frombits(b)
}

// FloatToInt is cvt.{rni,rzi,rmi,rpi}{.ftz}.{s,u}{8,16,32,64}.{f16,f32,f64}:
// bits holds the source (f16 in the low 16 bits, f32 in the low 32), srcBits
// is 16, 32 or 64. The result is rounded with rm, saturated to the
// destination range. NaN: see nanToInt. Signed results are returned
// sign-extended to 64 bits, unsigned ones zero-extended.
func FloatToInt(bits uint64, srcBits, dstBits int, signed bool, rm Rounding, ftz bool) uint64 {
	v := srcValue(bits, srcBits, ftz)
	if v != v {
		return nanToInt(srcBits, dstBits, signed)
	}
	return floatToInt(v, dstBits, signed, rm)
}

// FloatToIntBF16 is FloatToInt for a .bf16 source.
func FloatToIntBF16(h uint16, dstBits int, signed bool, rm Rounding) uint64 {
	v := widen(fmtBF16, uint64(h))
	if v != v {
		return nanToInt(16, dstBits, signed)
	}
	return floatToInt(v, dstBits, signed, rm)
}

func floatToInt(v float64, dstBits int, signed bool, rm Rounding) uint64 {
	r := roundIntegral(v, rm)
	if signed {
		hiLim := math.Ldexp(1, dstBits-1) // 2^(n-1), first value out of range
		switch {
		case r >= hiLim:
			return uint64(1)<<(dstBits-1) - 1
		case r < -hiLim:
			return ^uint64(0) << (dstBits - 1)
		}
		return uint64(int64(r))
	}
	hiLim := math.Ldexp(1, dstBits)
	switch {
	case r >= hiLim:
		return ^uint64(0) >> (64 - dstBits)
	case r <= 0:
		return 0
	}
	return uint64(r)
}

// intMag splits the low srcBits of v into sign and magnitude.
func intMag(v uint64, srcBits int, signed bool) (neg bool, m uint64) {
	if srcBits < 64 {
		v &= 1<<srcBits - 1
		if signed && v>>(srcBits-1) != 0 {
			v |= ^uint64(0) << srcBits // sign-extend
		}
	}
	if signed && int64(v) < 0 {
		return true, -v
	}
	return false, v
}

func intTo(f format, v uint64, srcBits int, signed bool, rm Rounding) uint64 {
	neg, m := intMag(v, srcBits, signed)
	if m == 0 {
		return 0 // integer zero converts to +0
	}
	return roundBits(f, neg, m, 0, rm, false)
}

// IntToF32 is cvt.frnd.f32.{s,u}{8..64}: v holds the integer in its low
// srcBits bits.
func IntToF32(v uint64, srcBits int, signed bool, rm Rounding) uint32 {
	return uint32(intTo(fmtF32, v, srcBits, signed, rm))
}

// IntToF64 is cvt.frnd.f64.{s,u}{8..64}.
func IntToF64(v uint64, srcBits int, signed bool, rm Rounding) uint64 {
	return intTo(fmtF64, v, srcBits, signed, rm)
}

// IntToF16 is cvt.frnd.f16.{s,u}{8..64} (overflow to inf or max per mode).
func IntToF16(v uint64, srcBits int, signed bool, rm Rounding) uint16 {
	return uint16(intTo(fmtF16, v, srcBits, signed, rm))
}

// IntToBF16 is cvt.frnd.bf16.{s,u}{8..64}.
func IntToBF16(v uint64, srcBits int, signed bool, rm Rounding) uint16 {
	return uint16(intTo(fmtBF16, v, srcBits, signed, rm))
}

// RoundToIntegralF32 is cvt.{rni,rzi,rmi,rpi}{.ftz}.f32.f32 (for .sat apply
// SatF32). NaN -> canonical NaN; the sign of zero is kept.
func RoundToIntegralF32(x uint32, rm Rounding, ftz bool) uint32 {
	if ftz {
		x = FlushF32(x)
	}
	if isNaN32(x) {
		return CanonicalNaNF32
	}
	return math.Float32bits(float32(roundIntegral(float64(math.Float32frombits(x)), rm)))
}

// RoundToIntegralF64 is cvt.{rni,rzi,rmi,rpi}.f64.f64.
func RoundToIntegralF64(x uint64, rm Rounding) uint64 {
	if isNaN64(x) {
		return quietF64(x) // UNCONFIRMED: by the f64 propagation rule
	}
	return math.Float64bits(roundIntegral(math.Float64frombits(x), rm))
}

// RoundToIntegralF16 is cvt.{rni,...}{.ftz}.f16.f16.
func RoundToIntegralF16(h uint16, rm Rounding, ftz bool) uint16 {
	return uint16(roundIntegralSmall(fmtF16, uint64(h), rm, ftz))
}

// RoundToIntegralBF16 is cvt.{rni,...}.bf16.bf16.
func RoundToIntegralBF16(h uint16, rm Rounding) uint16 {
	return uint16(roundIntegralSmall(fmtBF16, uint64(h), rm, false))
}

func roundIntegralSmall(f format, b uint64, rm Rounding, ftz bool) uint64 {
	if ftz {
		b = f.flush(b)
	}
	if f.isNaN(b) {
		return f.nanBits
	}
	r := roundIntegral(widen(f, b), rm) // integral, representable in f
	return roundF64(f, math.Float64bits(r), RN, false)
}
