package fp

import (
	"math/big"
	"math/bits"
)

// Exact f64 arithmetic with math/big, for the directed-rounding cases the
// error-free transforms in f64.go do not cover (results near the subnormal
// range, fma, .rna). Inputs are finite and the special cases are handled by
// the callers. Slow (~1 us) but rare: PTX code almost never asks for a
// directed f64 rounding.

// ex is the exact value (-1)^neg * m * 2^e.
type ex struct {
	neg bool
	m   *big.Int
	e   int
}

func exOf(a uint64) ex {
	neg, m, e := fmtF64.decode(a)
	return ex{neg, new(big.Int).SetUint64(m), e}
}

func exMul(x, y ex) ex {
	return ex{x.neg != y.neg, new(big.Int).Mul(x.m, y.m), x.e + y.e}
}

// exAdd returns x+y exactly; a zero result has neg false (callers decide the
// sign of zero).
func exAdd(x, y ex) ex {
	e := min(x.e, y.e)
	xm := new(big.Int).Lsh(x.m, uint(x.e-e))
	ym := new(big.Int).Lsh(y.m, uint(y.e-e))
	if x.neg {
		xm.Neg(xm)
	}
	if y.neg {
		ym.Neg(ym)
	}
	s := xm.Add(xm, ym)
	neg := s.Sign() < 0
	return ex{neg, s.Abs(s), e}
}

// round64 rounds x (plus a sticky amount below its last bit when sticky) to
// f64. A zero x without sticky gives the zero of sign x.neg.
func round64(x ex, sticky bool, rm Rounding) uint64 {
	n := x.m.BitLen()
	e := x.e
	var m uint64
	if n > 62 {
		sh := uint(n - 62)
		if x.m.TrailingZeroBits() < sh {
			sticky = true
		}
		m = new(big.Int).Rsh(x.m, sh).Uint64()
		e += int(sh)
	} else {
		m = x.m.Uint64()
	}
	if sticky { // append the sticky bit below at least 55 significant bits
		sh := 63 - bits.Len64(m)
		m = m<<uint(sh) | 1
		e -= sh
	}
	return roundBits(fmtF64, x.neg, m, e, rm, false)
}

func addExact64(a, b uint64, rm Rounding) uint64 {
	s := exAdd(exOf(a), exOf(b))
	if s.m.Sign() == 0 {
		return zero64(zeroSumNeg(a>>63 != 0, b>>63 != 0, rm))
	}
	return round64(s, false, rm)
}

func mulExact64(a, b uint64, rm Rounding) uint64 {
	return round64(exMul(exOf(a), exOf(b)), false, rm)
}

func fmaExact64(a, b, c uint64, rm Rounding) uint64 {
	p := exMul(exOf(a), exOf(b))
	pneg := p.neg
	if p.m.Sign() == 0 && c<<1 == 0 {
		return zero64(zeroSumNeg(pneg, c>>63 != 0, rm))
	}
	s := exAdd(p, exOf(c))
	if s.m.Sign() == 0 {
		return zero64(zeroSumNeg(pneg, c>>63 != 0, rm))
	}
	return round64(s, false, rm)
}

// divExact64 computes a/b for finite nonzero a, b.
func divExact64(a, b uint64, rm Rounding) uint64 {
	x, y := exOf(a), exOf(b)
	k := 60 + y.m.BitLen() - x.m.BitLen() // quotient gets >= 60 bits
	if k < 0 {
		k = 0
	}
	num := new(big.Int).Lsh(x.m, uint(k))
	q, r := new(big.Int).QuoRem(num, y.m, new(big.Int))
	return round64(ex{x.neg != y.neg, q, x.e - y.e - k}, r.Sign() != 0, rm)
}

// sqrtExact64 computes sqrt(a) for finite a > 0.
func sqrtExact64(a uint64, rm Rounding) uint64 {
	x := exOf(a)
	// make the exponent even and the radicand large: m*2^e = (m*2^k)*2^(e-k)
	k := 130 - x.m.BitLen()
	if (x.e-k)%2 != 0 {
		k++
	}
	num := new(big.Int).Lsh(x.m, uint(k))
	s := new(big.Int).Sqrt(num)
	rest := new(big.Int).Sub(num, new(big.Int).Mul(s, s))
	return round64(ex{false, s, (x.e - k) / 2}, rest.Sign() != 0, rm)
}
