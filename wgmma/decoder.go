package wgmma

import "math"

// decoder turns raw elements of one float format into exact float64
// values (0 for zeros, Inf and NaN) and exponent codes (see swar.go).
// 8-bit formats are looked up in a table of all 256 encodings (built once
// per workspace, format, negation and code base); the others take a
// short path for normal numbers.
type decoder struct {
	pre, fb, eb  uint
	emask, fmask uint32
	bias, base   int32
	neg          uint64 // 1<<63 when negated
	subScale     float64
	ieee         bool
	tab          *[256]decEntry // 8-bit formats
	vc           *decConst      // f16, bf16, tf32 with AVX2 (decvec.go)
}

// decEntry is the decoding of one 8-bit encoding.
type decEntry struct {
	val  float64
	code uint16
	sp   bool // Inf or NaN
}

// decTable is a cached table and what it was built for.
type decTable struct {
	f    fmtInfo
	neg  bool
	base int32
	ok   bool
	e    [256]decEntry
}

func newDecoder(f fmtInfo, pre uint, neg bool, base int32) decoder {
	d := decoder{pre: pre, fb: uint(f.fracBits), eb: uint(f.expBits), emask: 1<<f.expBits - 1,
		fmask: 1<<f.fracBits - 1, bias: int32(f.bias), base: base, ieee: f.ieeeSpecials,
		subScale: pow2(1 - f.bias - f.fracBits)}
	if neg {
		d.neg = 1 << 63
	}
	return d
}

// decoders returns the decoders of x's A and B operands (code base base),
// with tables for 8-bit formats from o's cache.
func (o *fastOps) decoders(x *MMA, base int32) (da, db decoder) {
	pre := uint(0)
	if x.A == TF32 {
		pre = 13
	}
	da, db = newDecoder(x.A.fmt(), pre, x.NegA, base), newDecoder(x.B.fmt(), pre, x.NegB, base)
	if x.A.Bits() == 8 {
		da.tab = o.dtab[0].get(&da, x.A.fmt(), x.NegA)
		db.tab = o.dtab[1].get(&db, x.B.fmt(), x.NegB)
	} else if x.K()%4 == 0 && x.K() <= 64 {
		da.vc = vecDecoder(x.A, x.NegA, base, &o.dvec[0])
		db.vc = vecDecoder(x.B, x.NegB, base, &o.dvec[1])
	}
	return da, db
}

// get returns the table of d (format f, negated when neg), built when the
// cached one is for something else.
func (t *decTable) get(d *decoder, f fmtInfo, neg bool) *[256]decEntry {
	if t.ok && t.f == f && t.neg == neg && t.base == d.base {
		return &t.e
	}
	plain := *d
	for v := range t.e {
		raw := [1]uint32{uint32(v)}
		var val [1]float64
		var code [1]uint16
		sp := plain.slow(raw[:], val[:], 1, code[:], 1)
		t.e[v] = decEntry{val[0], code[0], sp}
	}
	t.f, t.neg, t.base, t.ok = f, neg, d.base, true
	return &t.e
}

// run decodes raw into vals[i*vs] and codes[i*cs] and reports whether an
// element is Inf or NaN.
func (d *decoder) run(raw []uint32, vals []float64, vs int, codes []uint16, cs int) bool {
	if d.tab != nil {
		sp := false
		for i, v := range raw {
			e := &d.tab[v&0xff]
			vals[i*vs] = e.val
			codes[i*cs] = e.code
			sp = sp || e.sp
		}
		return sp
	}
	if d.vc != nil && len(raw) > 0 {
		return d.runVec(raw, vals, vs, codes, cs)
	}
	if !d.ieee {
		return d.slow(raw, vals, vs, codes, cs)
	}
	// Normal numbers (1 <= e <= emask-1) and zeros here; any other value
	// sends the whole slice to slow. No calls in the loop: the compiler
	// keeps everything in registers.
	pre, fb, emask, fmask, neg := d.pre&31, d.fb&31, d.emask, d.fmask, d.neg
	fsh, sh := (52-fb)&63, (fb+d.eb)&31
	absMask := emask<<fb | fmask
	ebias := uint64(1023 - d.bias)
	cbase := uint16(d.base - 1)
	other := false
	for i, v := range raw {
		v >>= pre
		e := v >> fb & emask
		b := uint64(v>>sh&1)<<63 ^ neg | (uint64(e)+ebias)<<52 | uint64(v&fmask)<<fsh
		c := uint16(e) + cbase
		if v&absMask == 0 {
			b, c = 0, 0
		}
		other = other || (e-1 >= emask-1 && v&absMask != 0)
		vals[i*vs] = math.Float64frombits(b)
		codes[i*cs] = c
	}
	if other {
		return d.slow(raw, vals, vs, codes, cs)
	}
	return false
}

// slow is run for any encoding.
func (d *decoder) slow(raw []uint32, vals []float64, vs int, codes []uint16, cs int) bool {
	sp := false
	for i, v := range raw {
		v >>= d.pre
		e := v >> d.fb & d.emask
		frac := v & d.fmask
		sign := uint64(v>>(d.fb+d.eb)&1)<<63 ^ d.neg
		var val float64
		var code uint16
		switch {
		case e == d.emask && (d.ieee || frac == d.fmask):
			sp = true
		case e == 0:
			if frac != 0 {
				val = math.Float64frombits(math.Float64bits(float64(frac)*d.subScale) | sign)
				code = uint16(d.base)
			}
		default:
			val = math.Float64frombits(sign | uint64(int32(e)-d.bias+1023)<<52 | uint64(frac)<<(52-d.fb))
			code = uint16(int32(e) - 1 + d.base)
		}
		vals[i*vs] = val
		codes[i*cs] = code
	}
	return sp
}
