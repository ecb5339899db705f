package fp

// tanhTables are MUFU.TANH's interpolator tables for |a| in [2^e, 2^(e+1)),
// e = -8..2, and tanhQBits the mantissa bits the unit keeps of |a| there
// (the rest are truncated): each table covers 2^17 quantized inputs per
// segment, like the other units' 17-bit offsets (tools/mufu/README.md).
var (
	tanhTables = [11]*interpTable{&mufuTanhM8, &mufuTanhM7, &mufuTanhM6, &mufuTanhM5, &mufuTanhM4,
		&mufuTanhM3, &mufuTanhM2, &mufuTanhM1, &mufuTanhP0, &mufuTanhP1, &mufuTanhP2}
	tanhQBits = [11]int{17, 17, 17, 18, 18, 19, 19, 19, 20, 21, 20}
)

// MufuTanh is MUFU.TANH: |a| < 2^-8 gives a itself (subnormals included:
// approx_math tanh.approx.f32 of 0x00079822 is 0x00079822), |a| >= 8 gives
// ±1; in between the unit truncates the mantissa of |a| to the bits of
// tanhQBits, interpolates tanh(|a|) in fixed point with 2^-36 resolution,
// truncates that to f32 and applies the sign of a.
func MufuTanh(a uint32) uint32 {
	if isNaN32(a) {
		return CanonicalNaNF32
	}
	e := int(a>>23&0xFF) - 127
	switch {
	case e < -8:
		return a
	case e >= 3:
		return a&signF32 | 0x3F800000
	}
	i := e + 8
	q := a & 0x7FFFFF >> (23 - tanhQBits[i])
	return a&signF32 | fixedRZ32(tanhTables[i].eval(q), 36)
}
