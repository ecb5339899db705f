package wgmma

// The fast path of the s8/u8 forms. Each product of two 8-bit integers
// and each sum of K <= 64 of them fits in 22 bits, so two columns of B are
// packed in one int64, b[j] + b[j+1]<<32, and one 64-bit multiply-add per
// k accumulates both dot products of a row: S = S0 + S1*2^32 exactly
// (|S1*2^32| < 2^55). S0 is the low 32 bits read as an int32 and S1 is
// (S-S0)>>32. The accumulator is added in 64 bits afterwards, as in the
// reference (runInt8), which TestIntFastMatchesReference compares with.

// intOps holds the decoded operands of one integer call.
type intOps struct {
	a  []int64 // A rows of K
	bp []int64 // B column pairs: [p*K+k] = b[2p][k] + b[2p+1][k]<<32
}

// runInt8Fast computes d as runInt8 does; N is even (a multiple of 8).
func (x *MMA) runInt8Fast(o *intOps, rows int, a, b, c, d []uint32) {
	k, n := x.K(), x.N
	o.a, o.bp = grow(o.a, rows*k), grow(o.bp, n/2*k)
	sa, sb := x.A == S8, x.B == S8
	for i, v := range a[:rows*k] {
		o.a[i] = ext8(v, sa)
	}
	for p := 0; p < n/2; p++ {
		b0, b1 := b[2*p*k:2*p*k+k], b[(2*p+1)*k:(2*p+1)*k+k]
		bp := o.bp[p*k : p*k+k]
		for i := range bp {
			bp[i] = ext8(b0[i], sb) + ext8(b1[i], sb)<<32
		}
	}
	for m := 0; m < rows; m++ {
		ar := o.a[m*k : m*k+k]
		drow := d[m*n : m*n+n]
		var crow []uint32
		if x.ScaleD {
			crow = c[m*n : m*n+n]
		}
		p := 0
		for ; p+2 <= n/2; p += 2 {
			s0, s1 := dotPair(ar, o.bp[p*k:p*k+k]), dotPair(ar, o.bp[(p+1)*k:(p+1)*k+k])
			x.storePair(drow, crow, 2*p, s0)
			x.storePair(drow, crow, 2*p+2, s1)
		}
		for ; p < n/2; p++ {
			x.storePair(drow, crow, 2*p, dotPair(ar, o.bp[p*k:p*k+k]))
		}
	}
}

// ext8 is the 8-bit element v, sign-extended when signed.
func ext8(v uint32, signed bool) int64 {
	if signed {
		return int64(int8(v))
	}
	return int64(uint8(v))
}

// dotPair returns sum_i a[i]*b[i] (wrapping int64).
func dotPair(a, b []int64) int64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// storePair splits the packed sum s of columns j and j+1 and stores them
// with the accumulator added.
func (x *MMA) storePair(drow, crow []uint32, j int, s int64) {
	lo := int64(int32(uint32(s)))
	hi := (s - lo) >> 32
	if crow != nil {
		lo += int64(int32(crow[j]))
		hi += int64(int32(crow[j+1]))
	}
	drow[j], drow[j+1] = x.finishInt(lo), x.finishInt(hi)
}
