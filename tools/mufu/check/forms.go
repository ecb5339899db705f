package main

import (
	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/internal/mufuref"
)

var (
	mix32   = mufuref.Mix32
	divPair = mufuref.DivPair
)

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
