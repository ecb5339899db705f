package wgmma

import (
	"math"
	"math/bits"
)

// Integer wgmma is exact: D = C + sum(a*b) over K, in 64 bits, then either
// wrapped to 32 bits (two's complement) or, with .satfinite, clamped to
// [INT32_MIN, INT32_MAX].

func (x *MMA) runInt8(rows int, a, b, c, d []uint32) {
	k, n := x.K(), x.N
	ext := func(t Type, v uint32) int64 {
		if t == S8 {
			return int64(int8(v))
		}
		return int64(uint8(v))
	}
	for m := 0; m < rows; m++ {
		for j := 0; j < n; j++ {
			var s int64
			if x.ScaleD {
				s = int64(int32(c[m*n+j]))
			}
			ar, br := a[m*k:m*k+k], b[j*k:j*k+k]
			for i := range ar {
				s += ext(x.A, ar[i]) * ext(x.B, br[i])
			}
			d[m*n+j] = x.finishInt(s)
		}
	}
}

// b1 rows are 8 words of 32 bits: bit j of word w is k = 32w+j.
const b1Words = 256 / 32

func (x *MMA) runB1(rows int, a, b, c, d []uint32) {
	n := x.N
	for m := 0; m < rows; m++ {
		for j := 0; j < n; j++ {
			var s int64
			if x.ScaleD {
				s = int64(int32(c[m*n+j]))
			}
			ar, br := a[m*b1Words:m*b1Words+b1Words], b[j*b1Words:j*b1Words+b1Words]
			for i := range ar {
				v := ar[i] & br[i]
				if x.BitOp == BitXor {
					v = ar[i] ^ br[i]
				}
				s += int64(bits.OnesCount32(v))
			}
			d[m*n+j] = x.finishInt(s)
		}
	}
}

func (x *MMA) finishInt(s int64) uint32 {
	if x.SatFinite {
		s = min(max(s, math.MinInt32), math.MaxInt32)
	}
	return uint32(s)
}
