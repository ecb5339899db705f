package main

import "github.com/sm90sim/sm90sim/fp"

// form is one PTX approximate form as tools/mufu/stream.cu numbers it.
type form struct {
	name string
	f    func(uint32) uint32      // one-operand forms
	d    func(a, b uint32) uint32 // division forms, over divPair
}

var forms = map[int]form{
	0:   {name: "ex2.approx.ftz.f32", f: func(a uint32) uint32 { return fp.Ex2ApproxF32(a, true) }},
	1:   {name: "ex2.approx.f32", f: func(a uint32) uint32 { return fp.Ex2ApproxF32(a, false) }},
	2:   {name: "rcp.approx.ftz.f32", f: func(a uint32) uint32 { return fp.RcpApproxF32(a, true) }},
	3:   {name: "rcp.approx.f32", f: func(a uint32) uint32 { return fp.RcpApproxF32(a, false) }},
	4:   {name: "rsqrt.approx.ftz.f32", f: func(a uint32) uint32 { return fp.RsqrtApproxF32(a, true) }},
	5:   {name: "rsqrt.approx.f32", f: func(a uint32) uint32 { return fp.RsqrtApproxF32(a, false) }},
	6:   {name: "sqrt.approx.ftz.f32", f: func(a uint32) uint32 { return fp.SqrtApproxF32(a, true) }},
	7:   {name: "sqrt.approx.f32", f: func(a uint32) uint32 { return fp.SqrtApproxF32(a, false) }},
	8:   {name: "lg2.approx.ftz.f32", f: func(a uint32) uint32 { return fp.Lg2ApproxF32(a, true) }},
	9:   {name: "lg2.approx.f32", f: func(a uint32) uint32 { return fp.Lg2ApproxF32(a, false) }},
	10:  {name: "sin.approx.ftz.f32", f: func(a uint32) uint32 { return fp.SinApproxF32(a, true) }},
	11:  {name: "sin.approx.f32", f: func(a uint32) uint32 { return fp.SinApproxF32(a, false) }},
	12:  {name: "cos.approx.ftz.f32", f: func(a uint32) uint32 { return fp.CosApproxF32(a, true) }},
	13:  {name: "cos.approx.f32", f: func(a uint32) uint32 { return fp.CosApproxF32(a, false) }},
	14:  {name: "tanh.approx.f32", f: fp.TanhApproxF32},
	100: {name: "div.full.f32", d: func(a, b uint32) uint32 { return fp.DivFullF32(a, b, false) }},
	101: {name: "div.full.ftz.f32", d: func(a, b uint32) uint32 { return fp.DivFullF32(a, b, true) }},
	102: {name: "div.approx.f32", d: func(a, b uint32) uint32 { return fp.DivApproxF32(a, b, false) }},
	103: {name: "div.approx.ftz.f32", d: func(a, b uint32) uint32 { return fp.DivApproxF32(a, b, true) }},
}

func mix32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// divPair is the j-th (dividend, divisor) pair of the division sweep
// (j < 2^30): every divisor mantissa, exponents {0 (subnormal), 1, 2, 60,
// 127, 200, 253, 254}, both signs, 8 dividends each; dividends have
// exponents 64..191 except for d >= 12 (raw random bits).
func divPair(j uint32) (a, b uint32) {
	cls := [8]uint32{0, 1, 2, 60, 127, 200, 253, 254}
	m, c, d := j&0x7FFFFF, j>>23&7, j>>26
	b = (d&1)<<31 | cls[c]<<23 | m
	h := mix32(j ^ 0x9E3779B9)
	if d >= 12 {
		return h, b
	}
	return h&0x807FFFFF | (64+(h>>23&0x7F))<<23, b
}
