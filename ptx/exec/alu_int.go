package exec

import (
	"math"
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// sext sign-extends the low n bits of v.
func sext(v uint64, n int) int64 {
	if n >= 64 {
		return int64(v)
	}
	s := 64 - uint(n)
	return int64(v<<s) >> s
}

// compileArith handles add/sub/mul/mad/div/rem/min/max/abs/neg and friends
// for every type; floats go to compileFloatArith.
func compileArith(c *compiler, x *xinst) error {
	if x.t.IsFloat() {
		return compileFloatArith(c, x)
	}
	in := x.in
	n := x.bits
	signed := x.t.IsSigned()
	mk := widthMask(n)
	if x.t == ptx.U16x2 || x.t == ptx.S16x2 {
		return compileSIMD16(c, x)
	}
	fl := in.Mods.Flags
	switch in.Op {
	case ptx.OpAdd, ptx.OpSub, ptx.OpAddc, ptx.OpSubc:
		return compileAddSub(x, n, signed, mk)
	case ptx.OpMul, ptx.OpMul24:
		f := mulFn(in.Op == ptx.OpMul24, fl, n, signed)
		x.f2 = f
		if in.Op == ptx.OpMul && fl&(ptx.FHi|ptx.FWide) == 0 {
			x.vop = vMulLo
		}
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpMad, ptx.OpMad24, ptx.OpMadc:
		return compileMad(x, n, signed)
	case ptx.OpSad:
		x.f3 = func(a, b, cc uint64) uint64 {
			var d uint64
			if signed {
				sa, sb := sext(a, n), sext(b, n)
				if sa > sb {
					d = uint64(sa - sb)
				} else {
					d = uint64(sb - sa)
				}
			} else {
				a, b = a&mk, b&mk
				if a > b {
					d = a - b
				} else {
					d = b - a
				}
			}
			return (d + cc) & mk
		}
		x.fn = hTer
		return needOps(x, 4)
	case ptx.OpDiv, ptx.OpRem:
		x.f2 = divRemFn(in.Op == ptx.OpRem, n, signed)
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpMin, ptx.OpMax:
		isMax := in.Op == ptx.OpMax
		relu := fl&ptx.FRelu != 0
		x.f2 = func(a, b uint64) uint64 {
			var r uint64
			if signed {
				sa, sb := sext(a, n), sext(b, n)
				if (sa > sb) == isMax {
					r = uint64(sa)
				} else {
					r = uint64(sb)
				}
				if relu && sext(r, n) < 0 {
					r = 0
				}
			} else {
				a, b = a&mk, b&mk
				if (a > b) == isMax {
					r = a
				} else {
					r = b
				}
			}
			return r & mk
		}
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpAbs:
		x.f1 = func(a uint64) uint64 {
			s := sext(a, n)
			if s < 0 {
				s = -s
			}
			return uint64(s) & mk
		}
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpNeg:
		x.f1 = func(a uint64) uint64 { return (-a) & mk }
		x.fn = hUn
		return needOps(x, 2)
	}
	return errUnsupported(in)
}

func compileAddSub(x *xinst, n int, signed bool, mk uint64) error {
	in := x.in
	sub := in.Op == ptx.OpSub || in.Op == ptx.OpSubc
	carryIn := in.Op == ptx.OpAddc || in.Op == ptx.OpSubc
	carryOut := in.Mods.Flags&ptx.FCC != 0
	sat := in.Mods.Flags&ptx.FSat != 0
	if err := needOps(x, 3); err != nil {
		return err
	}
	if !carryIn && !carryOut {
		switch {
		case sat && signed:
			x.f2 = func(a, b uint64) uint64 {
				sa, sb := sext(a, n), sext(b, n)
				if sub {
					sb = -sb
				}
				r := sa + sb
				lo, hi := -int64(1)<<(n-1), int64(1)<<(n-1)-1
				if n == 64 {
					return uint64(satAdd64(sext(a, 64), sext(b, 64), sub))
				}
				r = max(lo, min(hi, r))
				return uint64(r) & mk
			}
		case sub:
			x.f2 = func(a, b uint64) uint64 { return (a - b) & mk }
			x.vop = vSub
		default:
			x.f2 = func(a, b uint64) uint64 { return (a + b) & mk }
			x.vop = vAdd
		}
		x.fn = hBin
		return nil
	}
	x.ctrl = false
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) {
			a, b := w.src(&x.ops[1], l)&mk, w.src(&x.ops[2], l)&mk
			var cin uint64
			if carryIn {
				cin = w.cc[l]
			}
			var r, cout uint64
			if sub {
				// a - b - borrow; carry flag holds the borrow.
				r = (a - b - cin) & mk
				if a < b+cin || (cin == 1 && b == mk) {
					cout = 1
				}
			} else {
				s := a + b + cin
				r = s & mk
				if n == 64 {
					_, c1 := bits.Add64(a, b, cin)
					cout = c1
				} else if s>>n != 0 {
					cout = 1
				}
			}
			if carryOut {
				w.cc[l] = cout
			}
			w.set(&x.ops[0], l, r)
		})
		return nil
	}
	return nil
}

func satAdd64(a, b int64, sub bool) int64 {
	if sub {
		if b == math.MinInt64 {
			if a >= 0 {
				return math.MaxInt64
			}
			return a - b
		}
		b = -b
	}
	r := a + b
	if a > 0 && b > 0 && r < 0 {
		return math.MaxInt64
	}
	if a < 0 && b < 0 && r >= 0 {
		return math.MinInt64
	}
	return r
}

// mulFull returns the 2n-bit product of a and b as (hi, lo) over n bits each.
func mulFull(a, b uint64, n int, signed bool) (hi, lo uint64) {
	mk := widthMask(n)
	if n == 64 {
		h, l := bits.Mul64(a, b)
		if signed {
			if int64(a) < 0 {
				h -= b
			}
			if int64(b) < 0 {
				h -= a
			}
		}
		return h, l
	}
	var p uint64
	if signed {
		p = uint64(sext(a, n) * sext(b, n))
	} else {
		p = (a & mk) * (b & mk)
	}
	return (p >> n) & mk, p & mk
}

func mulFn(is24 bool, fl ptx.Flag, n int, signed bool) func(a, b uint64) uint64 {
	mk := widthMask(n)
	if is24 {
		return func(a, b uint64) uint64 {
			var p uint64
			if signed {
				p = uint64(sext(a, 24) * sext(b, 24))
			} else {
				p = (a & 0xffffff) * (b & 0xffffff)
			}
			if fl&ptx.FHi != 0 {
				return (p >> 16) & mk
			}
			return p & mk
		}
	}
	switch {
	case fl&ptx.FHi != 0:
		return func(a, b uint64) uint64 { h, _ := mulFull(a, b, n, signed); return h }
	case fl&ptx.FWide != 0:
		wm := widthMask(2 * n)
		return func(a, b uint64) uint64 {
			h, l := mulFull(a, b, n, signed)
			return (h<<n | l) & wm
		}
	}
	return func(a, b uint64) uint64 { return (a * b) & mk }
}

func compileMad(x *xinst, n int, signed bool) error {
	in := x.in
	fl := in.Mods.Flags
	if err := needOps(x, 4); err != nil {
		return err
	}
	mul := mulFn(in.Op == ptx.OpMad24, fl, n, signed)
	rn := n
	if fl&ptx.FWide != 0 {
		rn = 2 * n
	}
	mk := widthMask(rn)
	carryIn := in.Op == ptx.OpMadc
	carryOut := fl&ptx.FCC != 0
	sat := fl&ptx.FSat != 0
	if !carryIn && !carryOut {
		if sat && signed && fl&ptx.FHi != 0 && n == 32 {
			x.f3 = func(a, b, c uint64) uint64 {
				p := sext(a, 32) * sext(b, 32)
				r := (p >> 32) + sext(c, 32)
				r = max(math.MinInt32, min(math.MaxInt32, r))
				return uint64(r) & mk
			}
		} else {
			x.f3 = func(a, b, c uint64) uint64 { return (mul(a, b) + c) & mk }
		}
		x.fn = hTer
		return nil
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) {
			p := mul(w.src(&x.ops[1], l), w.src(&x.ops[2], l)) & mk
			c := w.src(&x.ops[3], l) & mk
			var cin uint64
			if carryIn {
				cin = w.cc[l]
			}
			var r, cout uint64
			if rn == 64 {
				r, cout = bits.Add64(p, c, cin)
			} else {
				s := p + c + cin
				r, cout = s&mk, (s>>rn)&1
			}
			if carryOut {
				w.cc[l] = cout
			}
			w.set(&x.ops[0], l, r)
		})
		return nil
	}
	return nil
}

func divRemFn(rem bool, n int, signed bool) func(a, b uint64) uint64 {
	mk := widthMask(n)
	return func(a, b uint64) uint64 {
		if signed {
			sa, sb := sext(a, n), sext(b, n)
			if sb == 0 {
				if rem {
					return uint64(sa) & mk
				}
				return mk // -1
			}
			if sb == -1 {
				if rem {
					return 0
				}
				return uint64(-sa) & mk
			}
			if rem {
				return uint64(sa%sb) & mk
			}
			return uint64(sa/sb) & mk
		}
		a, b = a&mk, b&mk
		if b == 0 {
			if rem {
				return a
			}
			return mk
		}
		if rem {
			return a % b
		}
		return a / b
	}
}
