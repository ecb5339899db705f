package wgmma

import (
	"math"
	"math/bits"
)

// The fast path of the float model, for a group that is the whole K (the
// published parameters) and an f32 or f16 accumulator. Every input significand
// product has at most 22 bits, so a product scaled by the power of two
// 2^(w-Emax) (which puts the group's LSB at 1) is an exact float64; its
// conversion to int64 (truncation toward zero) is then exactly the
// model's truncating alignment, and the integer sum is exact. The integer
// reference (group in float.go) computes the same bits; tests compare
// them on random and crafted operands.
//
// Operands are decoded once per call (fastOps). The group exponents
// Emax(m, n) = max_k ea[m][k] + eb[n][k] of one row m are computed for all
// columns at once with small integers packed in the lanes of a uint64
// (swar.go). Elements with an Inf or NaN operand or accumulator go through
// the reference path.

// pow2 returns 2^e for -1022 <= e <= 1023.
func pow2(e int) float64 { return math.Float64frombits(uint64(1023+e) << 52) }

// fastOK reports whether runFast evaluates the call.
func (r *floatRun) fastOK() bool {
	return r.grp == r.k && r.k%8 == 0
}

// runFast computes d from the raw operands (Run's layout).
func (r *floatRun) runFast(x *MMA, ws *Workspace, a, b, c, d []uint32) {
	k, n := r.k, x.N
	o := &ws.fo
	vec := r.vecOK() && n%8 == 0
	if vec {
		o.loadVec(x, r.rows, a, b, r.floor, r.w, r.p.OutSigBits, r.accT)
	} else {
		o.load(x, r.rows, a, b, r.floor, r.w)
	}
	ref := false // reference operands decoded
	// refCols recomputes the columns of row m that need selects on the
	// reference path.
	refCols := func(m int, need func(j int) bool) {
		if !ref {
			r.loadRef(x, a, b)
			ref = true
		}
		for j := 0; j < n; j++ {
			var cv uint32
			if x.ScaleD {
				cv = c[m*n+j]
			}
			if need(j) {
				d[m*n+j] = r.element(m*k, j*k, cv)
			}
		}
	}
	if vec {
		if !o.rowsVec(x.ScaleD, c, d) {
			// Some element needs the reference path (the kernel left it,
			// and its accumulator, alone).
			for m := 0; m < r.rows; m++ {
				flags := o.flags[m*n : m*n+n]
				refCols(m, func(j int) bool { return flags[j] != 0 })
			}
		}
		return
	}
	for m := 0; m < r.rows; m++ {
		if o.aSp[m] {
			refCols(m, func(int) bool { return true })
			continue
		}
		var crow []uint32
		if x.ScaleD {
			crow = c[m*n : m*n+n]
		}
		o.rowEmax(m)
		if !r.rowScalar(m, crow, d[m*n:m*n+n]) {
			// The elements rowPrepare skipped (decided on the incoming
			// accumulator: c may alias d, which now holds results).
			refCols(m, func(j int) bool { return o.eab[j] == skipElem })
		}
	}
}

// loadRef decodes the operands for the reference path.
func (r *floatRun) loadRef(x *MMA, a, b []uint32) {
	r.a.load(x.A, a, r.rows, r.k, x.NegA, uint(r.w-x.A.fmt().fracBits-x.B.fmt().fracBits))
	r.b.load(x.B, b, x.N, r.k, x.NegB, 0)
}

// skipElem marks an element for the reference path in fastOps.eab.
const skipElem = -1 << 30

// rowScalar computes row m (accumulator row crow, nil without scale-d, and
// result row drow) from the decoded operands and the group exponents of
// the row. It skips elements with an Inf or NaN column or accumulator and
// reports whether there were none.
func (r *floatRun) rowScalar(m int, crow, drow []uint32) bool {
	o := r.fo
	n := len(drow)
	clean := r.rowPrepare(m, crow)
	sums, eab, off := o.sums[:n], o.eab[:n], o.offs[:n]
	k := r.k
	bv := o.bv[:n*k]
	if k == 16 {
		for j := range sums {
			sums[j] += dot16((*[16]float64)(o.tab[off[j]:]), (*[16]float64)(bv[j*16:]))
		}
	} else {
		for j := range sums {
			sums[j] += dot(o.tab[off[j]:int(off[j])+k], bv[j*k:j*k+k])
		}
	}
	w, sig := r.w, r.p.OutSigBits
	if r.accT == F16 {
		rne := r.p.F16OutRNE
		for j, e := range eab {
			if s := sums[j]; e != skipElem {
				drow[j] = encF16(s, int(e)-w, rne)
			}
		}
		return clean
	}
	for j, e := range eab {
		if e != skipElem {
			drow[j] = encF32(sums[j], int(e)-w, sig)
		}
	}
	return clean
}

// rowPrepare sets, for each element of row m, eab to its group exponent
// (skipElem for the reference path), off to the offset in tab of the A
// row scaled for it, and sums to its aligned accumulator.
func (r *floatRun) rowPrepare(m int, crow []uint32) bool {
	o := r.fo
	k, n := r.k, o.n
	o.row = o.av[m*k : m*k+k]
	clear(o.valid)
	eab, off, sums, bsp := o.eab[:n], o.offs[:n], o.sums[:n], o.bSp[:n]
	valid := o.valid
	w, floor := r.w, o.floor
	f16 := r.accT == F16
	clean := true
	for j := range eab {
		var cv uint32
		if crow != nil {
			cv = crow[j]
		}
		if bsp[j] || r.accSpecial(cv) {
			clean = false
			eab[j], off[j], sums[j] = skipElem, 0, 0
			continue
		}
		emax := eab[j]
		var cval float64
		switch {
		case f16 && cv&0x7fff != 0:
			emax = max(emax, max(int32(cv>>10&0x1f), 1)-15)
			cval = f16Value(cv)
		case !f16 && cv&0x7fffffff != 0:
			emax = max(emax, max(int32(cv>>23&0xff), 1)-127)
			cval = float64(math.Float32frombits(cv))
		}
		eab[j] = emax
		// The A row scaled by 2^(w-emax), so that the group's LSB is 1;
		// int64() truncates toward zero.
		i := uint(emax - floor)
		if valid[i>>6]&(1<<(i&63)) == 0 {
			o.scaleRow(int(i))
		}
		off[j] = int32(int(i) * k)
		sums[j] = int64(cval * pow2(w-int(emax)))
	}
	return clean
}

// f16Value is the finite f16 value with bits v (low 16 bits).
func f16Value(v uint32) float64 {
	e := int(v >> 10 & 0x1f)
	m := float64(v & 0x3ff)
	if e == 0 {
		m *= 0x1p-24
	} else {
		m = (m + 1024) * pow2(e-25)
	}
	if v&0x8000 != 0 {
		return -m
	}
	return m
}

// dot16 returns sum_i int64(a[i]*b[i]).
func dot16(a, b *[16]float64) int64 {
	s0 := int64(a[0]*b[0]) + int64(a[1]*b[1]) + int64(a[2]*b[2]) + int64(a[3]*b[3])
	s1 := int64(a[4]*b[4]) + int64(a[5]*b[5]) + int64(a[6]*b[6]) + int64(a[7]*b[7])
	s2 := int64(a[8]*b[8]) + int64(a[9]*b[9]) + int64(a[10]*b[10]) + int64(a[11]*b[11])
	s3 := int64(a[12]*b[12]) + int64(a[13]*b[13]) + int64(a[14]*b[14]) + int64(a[15]*b[15])
	return (s0 + s1) + (s2 + s3)
}

// dot returns sum_i int64(a[i]*b[i]) for len(a) a multiple of 8.
func dot(a, b []float64) int64 {
	var s0, s1 int64
	for i := 0; i+8 <= len(a) && i+8 <= len(b); i += 8 {
		x := (*[8]float64)(a[i : i+8])
		y := (*[8]float64)(b[i : i+8])
		s0 += int64(x[0]*y[0]) + int64(x[1]*y[1]) + int64(x[2]*y[2]) + int64(x[3]*y[3])
		s1 += int64(x[4]*y[4]) + int64(x[5]*y[5]) + int64(x[6]*y[6]) + int64(x[7]*y[7])
	}
	return s0 + s1
}

// encF32 returns sum*2^lsb rounded toward zero to sig significant bits
// and to the f32 grid, as encodeF32RZ (an exactly zero sum is +0).
func encF32(sum int64, lsb, sig int) uint32 {
	if sum == 0 {
		return 0
	}
	neg := sum >> 63
	mag := uint64((sum ^ neg) - neg)
	n := bits.Len64(mag)
	e := lsb + n - 1
	if e < -126 || e > 127 {
		return encodeF32RZ(neg != 0, mag, lsb, sig)
	}
	v := mag << (uint(64-n) & 63) >> 40 // leading bit at bit 23
	v &^= 1<<(uint(24-sig)&63) - 1
	return uint32(neg)&(1<<31) | uint32(e+127)<<23 | uint32(v)&0x7fffff
}

// encF16 returns sum*2^lsb (|sum| < 2^53) as f16, as encodeF16 (an
// exactly zero sum is +0).
func encF16(sum int64, lsb int, rne bool) uint32 {
	if sum == 0 {
		return 0
	}
	if !rne || lsb < -1000 || lsb > 900 {
		neg := sum >> 63
		return uint32(encodeF16(neg != 0, uint64((sum^neg)-neg), lsb, rne))
	}
	return uint32(f64ToF16RNE(float64(sum) * pow2(lsb)))
}

// f64ToF16RNE rounds v (not NaN) to f16, to nearest even; beyond the range
// it is Inf.
func f64ToF16RNE(v float64) uint16 {
	b := math.Float64bits(v)
	sign := uint16(b>>48) & 0x8000
	mag := b &^ (1 << 63)
	if mag < 0x3f10000000000000 { // below 2^-14: the subnormal grid 2^-24
		x := math.Float64frombits(mag) * 0x1p24
		return sign | uint16(math.Float64bits(x+0x1p52)) // RNE integer; 1024 is 2^-14
	}
	mag += 1<<41 - 1 + (mag >> 42 & 1) // RNE at the f16 fraction LSB
	h := mag>>42 - (1023-15)<<10
	if h >= 0x7c00 {
		return sign | infF16
	}
	return sign | uint16(h)
}

// truncF32 rounds the float64 v (nonzero, exact) toward zero to sig
// significant bits and to the f32 grid; overflow gives Inf.
func truncF32(v float64, sig int) uint32 {
	b := math.Float64bits(v)
	sign := uint32(b>>32) & (1 << 31)
	e := int(b>>52&0x7ff) - 1023
	if e >= -126 {
		if e > 127 {
			return sign | infF32
		}
		b &^= 1<<uint(53-sig) - 1
		return sign | math.Float32bits(float32(math.Float64frombits(b)))
	}
	q := max(e-(sig-1), -149)
	t := math.Trunc(math.Abs(v) * pow2(-q))
	return sign | math.Float32bits(float32(t*pow2(q)))
}
