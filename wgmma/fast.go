package wgmma

import "math"

// The fast path of the float model. Every input significand product has at
// most 22 bits, so a product scaled by the power of two 2^(w-Emax) (which
// puts the group's LSB at 1) is an exact float64; its conversion to int64
// (truncation toward zero) is then exactly the model's truncating
// alignment, and the integer sum is exact. The integer
// reference (group in float.go) computes the same bits; a test compares
// them on random and crafted operands.

// pow2 returns 2^e for -1022 <= e <= 1023.
func pow2(e int) float64 { return math.Float64frombits(uint64(1023+e) << 52) }

// rowFastF32 computes row m of an f32-accumulator wgmma whose group is the
// whole K (the published parameters). Elements with an Inf or NaN operand
// or accumulator go through the generic path.
func (r *floatRun) rowFastF32(m, n int, scaleD bool, c, d []uint32) {
	k := r.k
	ao := m * k
	if r.grp != k || k > 32 || k%4 != 0 || r.a.special[m] {
		for j := 0; j < n; j++ {
			var cv uint32
			if scaleD {
				cv = c[m*n+j]
			}
			d[m*n+j] = r.element(ao, j*k, cv)
		}
		return
	}
	var av [32]float64
	var ae [32]int32
	copy(av[:k], r.a.val[ao:ao+k])
	copy(ae[:k], r.a.exp[ao:ao+k])
	w, floor, sig := r.w, r.floor, r.p.OutSigBits
	drow := d[m*n : m*n+n]
	for j := range drow {
		var cv uint32
		if scaleD {
			cv = c[m*n+j]
		}
		if r.b.special[j] || cv&infF32 == infF32 {
			drow[j] = r.element(ao, j*k, cv)
			continue
		}
		bv, be := r.b.val[j*k:j*k+k], r.b.exp[j*k:j*k+k]
		be = be[:len(bv)]
		// Alignment exponent: max of the floor, c's exponent, ea+eb.
		var cval float64
		e0 := floor
		if cv&0x7fffffff != 0 {
			e0 = max(e0, max(int32(cv>>23&0xff), 1)-127)
			cval = float64(math.Float32frombits(cv))
		}
		e1 := e0
		for i := 0; i+3 < len(be); i += 4 {
			e0 = max(e0, ae[i&31]+be[i], ae[(i+2)&31]+be[i+2])
			e1 = max(e1, ae[(i+1)&31]+be[i+1], ae[(i+3)&31]+be[i+3])
		}
		emax := int(max(e0, e1))
		// Scaled so the group's LSB is 1; int64() truncates toward zero.
		s := pow2(w - emax)
		s0 := int64(cval * s)
		var s1 int64
		for i := 0; i+3 < len(bv); i += 4 {
			s0 += int64(av[i&31]*bv[i]*s) + int64(av[(i+2)&31]*bv[i+2]*s)
			s1 += int64(av[(i+1)&31]*bv[i+1]*s) + int64(av[(i+3)&31]*bv[i+3]*s)
		}
		if sum := s0 + s1; sum != 0 {
			drow[j] = truncF32(float64(sum)*pow2(emax-w), sig)
		} else {
			drow[j] = 0
		}
	}
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
