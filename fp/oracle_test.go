package fp

import (
	"math"
	"math/big"
	"math/rand"

	"github.com/x448/float16"
)

// This file is the test oracle. It is written independently of the
// implementation: values are computed exactly with math/big, rounded with
// big.Float's own rounding at a precision reduced for the subnormal range,
// and encoded through Go's float32/float64 conversions and x448/float16.

type ofmt struct {
	name       string
	p          int // significand bits including the hidden bit
	emin, emax int // exponent of the smallest / largest normal binade
	width      int
}

var (
	oF64  = ofmt{"f64", 53, -1022, 1023, 64}
	oF32  = ofmt{"f32", 24, -126, 127, 32}
	oF16  = ofmt{"f16", 11, -14, 15, 16}
	oBF16 = ofmt{"bf16", 8, -126, 127, 16}
)

const oraclePrec = 4096

func bigMode(rm Rounding) big.RoundingMode {
	switch rm {
	case RZ:
		return big.ToZero
	case RM:
		return big.ToNegativeInf
	case RP:
		return big.ToPositiveInf
	case RNA:
		return big.ToNearestAway
	}
	return big.ToNearestEven
}

// oracleRound rounds the exact nonzero finite value x to format o and returns
// the rounded value as a float64 (exactly representable), or ±Inf.
func oracleRound(x *big.Float, o ofmt, rm Rounding) float64 {
	neg := x.Sign() < 0
	e := x.MantExp(nil) - 1 // x = 1.f * 2^e
	prec := o.p
	if e < o.emin {
		prec = o.p - (o.emin - e)
	}
	minSub := math.Ldexp(1, o.emin-o.p+1)
	var r float64
	if prec <= 0 {
		ax := new(big.Float).SetPrec(oraclePrec).Abs(x)
		half := new(big.Float).SetMantExp(big.NewFloat(1), o.emin-o.p)
		c := ax.Cmp(half)
		up := false
		switch rm {
		case RN:
			up = c > 0
		case RNA:
			up = c >= 0
		case RP:
			up = !neg
		case RM:
			up = neg
		}
		if up {
			r = minSub
		}
		if neg {
			r = -r
		}
	} else {
		y := new(big.Float).SetMode(bigMode(rm)).SetPrec(uint(prec)).Set(x)
		r, _ = y.Float64()
	}
	maxF := (2 - math.Ldexp(1, 1-o.p)) * math.Ldexp(1, o.emax)
	if math.Abs(r) > maxF {
		toInf := rm == RN || rm == RNA || (rm == RP && !neg) || (rm == RM && neg)
		r = maxF
		if toInf {
			r = math.Inf(1)
		}
		if neg {
			r = -r
		}
	}
	return r
}

// encode turns a float64 exactly representable in o (or ±Inf/±0) into bits.
func encode(v float64, o ofmt) uint64 {
	switch o.name {
	case "f64":
		return math.Float64bits(v)
	case "f32":
		return uint64(math.Float32bits(float32(v)))
	case "f16":
		return uint64(float16.Fromfloat32(float32(v)).Bits())
	case "bf16":
		return uint64(math.Float32bits(float32(v)) >> 16)
	}
	panic("format")
}

func decodeO(b uint64, o ofmt) float64 {
	switch o.name {
	case "f64":
		return math.Float64frombits(b)
	case "f32":
		return float64(math.Float32frombits(uint32(b)))
	case "f16":
		return float64(float16.Frombits(uint16(b)).Float32())
	case "bf16":
		return float64(math.Float32frombits(uint32(b) << 16))
	}
	panic("format")
}

func bf(v float64) *big.Float { return new(big.Float).SetPrec(oraclePrec).SetFloat64(v) }

// oracleResult rounds an exact big value; zero results take the given sign.
func oracleResult(x *big.Float, o ofmt, rm Rounding, zeroNeg bool) uint64 {
	if x.Sign() == 0 {
		if zeroNeg {
			return encode(math.Copysign(0, -1), o)
		}
		return 0
	}
	return encode(oracleRound(x, o, rm), o)
}

// randBits draws bit patterns biased toward interesting classes: zeros,
// subnormals, values near 1, the extremes of the exponent range, ties.
func randBits(r *rand.Rand, o ofmt) uint64 {
	frac := o.p - 1
	expBits := o.width - 1 - frac
	sign := uint64(r.Intn(2)) << (o.width - 1)
	var e uint64
	switch r.Intn(8) {
	case 0:
		e = 0 // zero / subnormal
	case 1:
		e = uint64(r.Intn(3)) + 1
	case 2:
		e = uint64(1<<expBits - 2 - r.Intn(3))
	case 3, 4:
		bias := 1<<(expBits-1) - 1
		e = uint64(bias - 12 + r.Intn(25))
	default:
		e = uint64(r.Intn(1<<expBits - 1))
	}
	m := r.Uint64() & (1<<frac - 1)
	switch r.Intn(6) {
	case 0:
		m &= ^uint64(0) << (frac / 2) // short significands: exact cases and ties
	case 1:
		m = 0
	}
	return sign | e<<frac | m
}

// canonNaN is the expected NaN result for format o.
func canonNaN(o ofmt) uint64 {
	switch o.name {
	case "f64":
		return CanonicalNaNF64
	case "f32":
		return uint64(CanonicalNaNF32)
	}
	return 0x7FFF
}

// oracleOp computes op on inputs given as exact float64 values: finite inputs
// exactly with big.Float then rounded; special inputs with IEEE float64
// semantics (exact for inf/NaN results) and the canonical NaN.
func oracleOp(o ofmt, op string, xs []float64, rm Rounding) uint64 {
	finite := true
	for _, x := range xs {
		if math.IsInf(x, 0) || x != x {
			finite = false
		}
	}
	neg := func(i int) bool { return math.Signbit(xs[i]) }
	bf := func(v float64) *big.Float {
		if !finite {
			return new(big.Float)
		}
		return new(big.Float).SetPrec(oraclePrec).SetFloat64(v)
	}
	var spec float64
	var exact *big.Float
	zeroNeg := false
	switch op {
	case "add":
		spec = xs[0] + xs[1]
		exact = bf(0).Add(bf(xs[0]), bf(xs[1]))
		zeroNeg = (neg(0) && neg(1)) || (rm == RM && (neg(0) || neg(1)))
	case "mul":
		spec = xs[0] * xs[1]
		exact = bf(0).Mul(bf(xs[0]), bf(xs[1]))
		zeroNeg = neg(0) != neg(1)
	case "fma":
		spec = math.FMA(xs[0], xs[1], xs[2])
		prod := bf(0).Mul(bf(xs[0]), bf(xs[1]))
		exact = bf(0).Add(prod, bf(xs[2]))
		pn := neg(0) != neg(1)
		zeroNeg = (pn && neg(2)) || (rm == RM && (pn || neg(2)))
	case "div":
		spec = xs[0] / xs[1]
		if xs[1] == 0 {
			finite = false
		}
		if finite {
			exact = bf(0).Quo(bf(xs[0]), bf(xs[1]))
		}
		zeroNeg = neg(0) != neg(1)
	case "sqrt":
		spec = math.Sqrt(xs[0])
		if xs[0] < 0 {
			finite = false
		}
		if finite {
			exact = bf(0)
			if xs[0] != 0 {
				exact = bf(0).Sqrt(bf(xs[0]))
			}
		}
		zeroNeg = neg(0)
	}
	if !finite {
		if spec != spec {
			if o.name == "f64" { // recorded GPU rule: first NaN operand (b, a, c; div: a, b), quiet bit set
				order := []int{1, 0, 2}
				if op == "div" || op == "sqrt" {
					order = []int{0, 1}
				}
				for _, i := range order {
					if i < len(xs) && xs[i] != xs[i] {
						return math.Float64bits(xs[i]) | 1<<51
					}
				}
				return 0xFFF8000000000000
			}
			return canonNaN(o)
		}
		return encode(spec, o)
	}
	return oracleResult(exact, o, rm, zeroNeg)
}

// oracleTiny reports whether the exact result of op is nonzero, finite and
// below 2^emin in magnitude (the .ftz flush condition: tininess before
// rounding).
func oracleTiny(o ofmt, op string, xs []float64) bool {
	for _, x := range xs {
		if math.IsInf(x, 0) || x != x {
			return false
		}
	}
	b := func(v float64) *big.Float { return new(big.Float).SetPrec(oraclePrec).SetFloat64(v) }
	var e *big.Float
	switch op {
	case "mul":
		e = b(0).Mul(b(xs[0]), b(xs[1]))
	case "fma":
		e = b(0).Add(b(0).Mul(b(xs[0]), b(xs[1])), b(xs[2]))
	case "div":
		if xs[1] == 0 {
			return false
		}
		e = b(0).Quo(b(xs[0]), b(xs[1]))
	default:
		return false
	}
	lim := new(big.Float).SetMantExp(big.NewFloat(1), o.emin)
	return e.Sign() != 0 && new(big.Float).Abs(e).Cmp(lim) < 0
}
