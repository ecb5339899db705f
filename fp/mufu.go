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

// sinQuarter returns sin(2π·(q + f)/4) for quadrant q (0..3) and f in [0, 1),
// with exact zeros and ones at the quadrant boundaries (the unit works per
// quadrant: sin(π) gives -0, recorded in approx_math __sinf of 1797993.25).
func sinQuarter(q int, f float64) float64 {
	s, c := math.Sin(math.Pi/2*f), math.Cos(math.Pi/2*f)
	if f == 0 {
		s, c = 0, 1
	}
	switch q & 3 {
	case 1:
		return c
	case 2:
		return -s
	case 3:
		return -c
	}
	return s
}

// sinCosArg splits the MUFU.SIN / MUFU.COS argument (in turns; ptxas
// multiplies by 1/(2π) first) into quadrant and fraction. The unit keeps
// |t| in fixed point with 2^-25 turn (2^-23 quadrant) resolution, truncated
// (recorded: approx_math __sinf, t = 4.29e-8 turn gives sin ≈ 2π·2^-25;
// every |t| < 2^-25 gives ±0).
func sinCosArg(t float64) (q int, f float64) {
	u := math.Mod(math.Trunc(math.Abs(t)*0x1p25), 0x1p25) * 0x1p-23 // quarter turns
	q = int(u)
	return q, u - float64(q)
}

// MufuSin is MUFU.SIN: sin(2π·t) (see sinCosArg); sin(±inf) = NaN, odd in t.
func MufuSin(a uint32) uint32 {
	return mufu32(a, func(t float64) float64 {
		if math.IsInf(t, 0) {
			return math.NaN()
		}
		r := sinQuarter(sinCosArg(t))
		if t < 0 || t == 0 && math.Signbit(t) {
			r = -r
		}
		return r
	})
}

// MufuCos is MUFU.COS: cos(2π·t) = sin(2π·(|t| + 1/4)).
func MufuCos(a uint32) uint32 {
	return mufu32(a, func(t float64) float64 {
		if math.IsInf(t, 0) {
			return math.NaN()
		}
		q, f := sinCosArg(t)
		return sinQuarter(q+1, f)
	})
}
