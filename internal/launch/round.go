package launch

import "math"

// Small-float rounding from float64, round-to-nearest-even in one step (no
// double rounding through float32).
// TODO: switch to package fp (F64ToF16RN, F64ToBF16RN, F64ToE4M3SatRN,
// F64ToE5M2SatRN) once it lands, and delete this file.

// smallFloat describes a binary format with an implicit leading bit.
type smallFloat struct {
	expBits, manBits int
	maxFinite        uint64 // bits of the largest finite magnitude
	nan              uint64 // canonical NaN
	satFinite        bool   // overflow saturates to maxFinite (else rounds to Inf)
}

var (
	fmtF16  = smallFloat{expBits: 5, manBits: 10, maxFinite: 0x7BFF, nan: 0x7E00}
	fmtBF16 = smallFloat{expBits: 8, manBits: 7, maxFinite: 0x7F7F, nan: 0x7FC0}
	fmtE4M3 = smallFloat{expBits: 4, manBits: 3, maxFinite: 0x7E, nan: 0x7F, satFinite: true}
	fmtE5M2 = smallFloat{expBits: 5, manBits: 2, maxFinite: 0x7B, nan: 0x7F, satFinite: true}
)

func f64ToF16RN(v float64) uint16    { return uint16(fmtF16.round(v)) }
func f64ToBF16RN(v float64) uint16   { return uint16(fmtBF16.round(v)) }
func f64ToE4M3SatRN(v float64) uint8 { return uint8(fmtE4M3.round(v)) }
func f64ToE5M2SatRN(v float64) uint8 { return uint8(fmtE5M2.round(v)) }

// round converts v to the format's bits, round-to-nearest-even. Infinities
// saturate for satFinite formats; NaN gives the canonical NaN.
func (f smallFloat) round(v float64) uint64 {
	if math.IsNaN(v) {
		return f.nan
	}
	sign := uint64(0)
	if math.Signbit(v) {
		sign = 1 << (f.expBits + f.manBits)
	}
	a := math.Abs(v)
	if a == 0 {
		return sign
	}
	inf := uint64(1<<f.expBits-1) << f.manBits
	bias := 1<<(f.expBits-1) - 1
	emin := 1 - bias
	mag := uint64(math.MaxUint64 >> 1) // infinity: clamped below
	if !math.IsInf(a, 0) {
		_, e2 := math.Frexp(a) // a = frac * 2^e2, frac in [0.5, 1)
		e := max(e2-1, emin)   // exponent of the leading bit, clamped for subnormals
		// a / 2^(e-manBits) is exact (a power-of-two scale) and at most
		// 2^(manBits+1), so RoundToEven picks the nearest even significand.
		n := math.RoundToEven(math.Ldexp(a, f.manBits-e))
		// Biased exponent field (e+bias-1) plus n: the implicit bit of n adds
		// the missing 1, a carry to 2^(manBits+1) bumps the exponent, and for
		// subnormals (e == emin) the field is 0 so the result is just n.
		mag = uint64(e+bias-1)<<f.manBits + uint64(n)
	}
	if f.satFinite {
		return sign | min(mag, f.maxFinite)
	}
	return sign | min(mag, inf)
}
