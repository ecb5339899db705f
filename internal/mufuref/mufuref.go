// Package mufuref holds the plain float64 reference values against which
// the hardware recordings of the approximate functions (issue 16) are
// stored as small residuals, and the codec of those recordings. It is a
// compression aid only: a recording decodes to exactly the hardware's bits
// (checked by a SHA-256 of the decoded words), whatever the reference.
// It must not use package fp, whose models the recordings test.
package mufuref

import "math"

func f32(x uint32) float64 { return float64(math.Float32frombits(x)) }

func bits(v float64) uint32 { return math.Float32bits(float32(v)) }

// turns is the argument of MUFU.SIN/COS for sin.approx(x): x times
// 0.15915494 (f32) rounded toward zero to f32, kept modulo 1 turn at
// 2^-25-turn resolution (the product of two f32 is exact in float64).
func turns(x float64) float64 {
	p := math.Abs(x) * float64(float32(0.15915494))
	t := float64(float32(p))
	if t > p {
		t = float64(math.Nextafter32(float32(t), 0))
	}
	return math.Copysign(math.Mod(math.Trunc(t*0x1p25), 0x1p25)*0x1p-25, x)
}

// Ref returns the reference value of the one-operand form (names as in
// tools/mufu/check: "ex2.approx.ftz.f32", ...) at x.
func Ref(form string, x uint32) uint32 {
	v := f32(x)
	switch form[:3] {
	case "ex2":
		return bits(math.Exp2(v))
	case "rcp":
		return bits(1 / v)
	case "rsq":
		return bits(1 / math.Sqrt(v))
	case "sqr":
		return bits(math.Sqrt(v))
	case "lg2":
		return bits(math.Log2(v))
	case "sin":
		return bits(math.Sin(2 * math.Pi * turns(v)))
	case "cos":
		return bits(math.Cos(2 * math.Pi * turns(v)))
	case "tan":
		return bits(math.Tanh(v))
	}
	panic("mufuref: unknown form " + form)
}

// RefDiv is the reference of the division forms.
func RefDiv(a, b uint32) uint32 { return bits(f32(a) / f32(b)) }
