package fp

import "math"

// MUFU: the special-function unit primitives that ptxas builds every
// approximate f32 PTX function from (approx.go holds the compositions, as
// the SASS of the corpus kernel approx_math shows them). The bit-exact ones
// are in mufu_exact.go; this file keeps MUFU.TANH, whose interpolator is
// not modelled yet: its value is the correctly rounded tanh, which differs
// from an H200 for 5.6% of all f32 inputs (tools/mufu/README.md).

func f64of32(a uint32) float64 { return float64(math.Float32frombits(a)) }

// MufuTanh is MUFU.TANH. For |a| < 2^-8 the unit returns a itself (every
// input of [2^-10, 2^-8) recorded, and subnormals: approx_math tanh.approx.f32
// of 0x00079822 is 0x00079822), for |a| >= 8 exactly ±1; in between the
// correctly rounded tanh stands in for its interpolator (tools/mufu/README.md).
func MufuTanh(a uint32) uint32 {
	if isNaN32(a) {
		return CanonicalNaNF32
	}
	if a&^signF32 < 0x3B800000 {
		return a
	}
	if a&^signF32 >= 0x41000000 { // |a| >= 8: exactly ±1 (recorded on all of [8, 16))
		return a&signF32 | 0x3F800000
	}
	r := math.Tanh(f64of32(a))
	return uint32(roundF64(fmtF32, math.Float64bits(r), RN, false))
}
