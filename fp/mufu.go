package fp

import "math"

// MUFU: the special-function unit primitives that ptxas builds every
// approximate f32 PTX function from (approx.go holds the compositions, as
// the SASS of the corpus kernel approx_math shows them). Each primitive
// flushes a subnormal input to zero and a subnormal result to zero, and
// returns the canonical NaN for a NaN input.
//
// The values are the correctly rounded (RN) results of the exact function;
// the hardware's table interpolation differs from that in the last bit for
// a fraction of the inputs (measured in validation/testdata/README.md).

// mufu32 applies fn to the flushed input and rounds the result to f32 (RN),
// flushing a subnormal result.
func mufu32(a uint32, fn func(float64) float64) uint32 {
	a = FlushF32(a)
	if isNaN32(a) {
		return CanonicalNaNF32
	}
	r := fn(f64of32(a))
	return finish32(uint32(roundF64(fmtF32, math.Float64bits(r), RN, false)), true, false)
}

func f64of32(a uint32) float64 { return float64(math.Float32frombits(a)) }

// MufuTanh is MUFU.TANH. Unlike the other primitives it honours subnormal
// inputs (recorded: approx_math tanh.approx.f32 of 0x00079822 is 0x00079822).
func MufuTanh(a uint32) uint32 {
	if isNaN32(a) {
		return CanonicalNaNF32
	}
	r := math.Tanh(f64of32(a))
	return uint32(roundF64(fmtF32, math.Float64bits(r), RN, false))
}
