package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// compileBitOp handles the logical, shift and bit-field families.
func compileBitOp(c *compiler, x *xinst) error {
	in := x.in
	n := x.bits
	mk := widthMask(n)
	signed := x.t.IsSigned()
	switch in.Op {
	case ptx.OpAnd, ptx.OpOr, ptx.OpXor:
		op := in.Op
		x.f2 = func(a, b uint64) uint64 {
			switch op {
			case ptx.OpAnd:
				return a & b & mk
			case ptx.OpOr:
				return (a | b) & mk
			}
			return (a ^ b) & mk
		}
		x.vop = map[ptx.Opcode]vecOp{ptx.OpAnd: vAnd, ptx.OpOr: vOr, ptx.OpXor: vXor}[op]
		if x.t == ptx.Pred {
			x.f2 = predBool(op)
			x.vop = vNone
		}
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpNot:
		x.f1 = func(a uint64) uint64 { return ^a & mk }
		if x.t == ptx.Pred {
			x.f1 = func(a uint64) uint64 { return a ^ 1 }
		}
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpCnot:
		x.f1 = func(a uint64) uint64 {
			if a&mk == 0 {
				return 1
			}
			return 0
		}
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpPopc:
		x.f1 = func(a uint64) uint64 { return uint64(bits.OnesCount64(a & mk)) }
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpClz:
		x.f1 = func(a uint64) uint64 { return uint64(bits.LeadingZeros64(a&mk) - (64 - n)) }
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpBrev:
		x.f1 = func(a uint64) uint64 { return bits.Reverse64(a) >> (64 - n) }
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpBfind:
		shiftAmt := in.Mods.Flags&ptx.FShiftAmt != 0
		x.f1 = func(a uint64) uint64 {
			a &= mk
			if signed && sext(a, n) < 0 {
				a = ^a & mk
			}
			if a == 0 {
				return 0xffffffff
			}
			p := uint64(63 - bits.LeadingZeros64(a))
			if shiftAmt {
				return uint64(n-1) - p
			}
			return p
		}
		x.fn = hUn
		return needOps(x, 2)
	case ptx.OpShl:
		x.f2 = func(a, b uint64) uint64 {
			s := b & 0xffffffff
			if s >= uint64(n) {
				return 0
			}
			return (a << s) & mk
		}
		x.vop = vShl
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpShr:
		x.f2 = func(a, b uint64) uint64 {
			s := b & 0xffffffff
			if signed {
				if s >= uint64(n) {
					s = uint64(n - 1)
				}
				return uint64(sext(a, n)>>s) & mk
			}
			if s >= uint64(n) {
				return 0
			}
			return (a & mk) >> s
		}
		if !signed {
			x.vop = vShrU
		}
		x.fn = hBin
		return needOps(x, 3)
	case ptx.OpShf:
		return compileShf(x)
	case ptx.OpBfe:
		x.f3 = func(a, b, cc uint64) uint64 { return bfe(a, b, cc, n, signed) }
		x.fn = hTer
		return needOps(x, 4)
	case ptx.OpBfi:
		if err := needOps(x, 5); err != nil {
			return err
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) {
				a, b := w.src(&x.ops[1], l), w.src(&x.ops[2], l)
				pos, ln := w.src(&x.ops[3], l)&0xff, w.src(&x.ops[4], l)&0xff
				w.set(&x.ops[0], l, bfi(a, b, pos, ln, n))
			})
			return nil
		}
		return nil
	case ptx.OpPrmt:
		mode := in.Mods.Sub
		x.f3 = func(a, b, cc uint64) uint64 { return prmt(uint32(a), uint32(b), uint32(cc), mode) }
		x.fn = hTer
		return needOps(x, 4)
	case ptx.OpLop3:
		if err := needOps(x, 5); err != nil {
			return err
		}
		if x.ops[4].kind != oImm {
			return errAt(in, "lop3 needs an immediate lookup table")
		}
		lut := x.ops[4].imm & 0xff
		x.f3 = func(a, b, cc uint64) uint64 { return lop3(a, b, cc, lut) & mk }
		x.fn = hTer
		return nil
	case ptx.OpDp4a, ptx.OpDp2a:
		return compileDp(x)
	case ptx.OpFns:
		x.f3 = func(mask, base, off uint64) uint64 { return fns(uint32(mask), uint32(base), int32(off)) }
		x.fn = hTer
		return needOps(x, 4)
	}
	return errUnsupported(in)
}

func predBool(op ptx.Opcode) func(a, b uint64) uint64 {
	return func(a, b uint64) uint64 {
		switch op {
		case ptx.OpAnd:
			return a & b & 1
		case ptx.OpOr:
			return (a | b) & 1
		}
		return (a ^ b) & 1
	}
}

// lop3 evaluates the 3-input truth table lut bitwise.
func lop3(a, b, c, lut uint64) uint64 {
	var r uint64
	for i := uint(0); i < 8; i++ {
		if lut>>i&1 == 0 {
			continue
		}
		t := ^uint64(0)
		if i&4 != 0 {
			t &= a
		} else {
			t &= ^a
		}
		if i&2 != 0 {
			t &= b
		} else {
			t &= ^b
		}
		if i&1 != 0 {
			t &= c
		} else {
			t &= ^c
		}
		r |= t
	}
	return r
}

// bfe extracts len bits at pos (PTX semantics, incl. sign replication).
func bfe(a, b, c uint64, n int, signed bool) uint64 {
	mk := widthMask(n)
	pos, ln := int(b&0xff), int(c&0xff)
	a &= mk
	if ln == 0 {
		return 0
	}
	var sbit uint64
	if signed {
		top := min(pos+ln-1, n-1)
		sbit = (a >> uint(top)) & 1
	}
	var d uint64
	if pos < n {
		d = a >> uint(pos)
	}
	// bits at or above min(ln, n-pos) come from sbit
	keep := min(ln, max(n-pos, 0))
	var km uint64
	if keep >= 64 {
		km = ^uint64(0)
	} else {
		km = (uint64(1) << uint(keep)) - 1
	}
	d &= km
	if sbit != 0 {
		d |= ^km
	}
	return d & mk
}

func bfi(a, b, pos, ln uint64, n int) uint64 {
	mk := widthMask(n)
	d := b & mk
	for i := uint64(0); i < ln && pos+i < uint64(n); i++ {
		bit := (a >> i) & 1
		d = d&^(1<<(pos+i)) | bit<<(pos+i)
	}
	return d
}

// prmt permutes bytes of {b, a} per the selector c and mode.
func prmt(a, b, c uint32, mode string) uint64 {
	src := uint64(b)<<32 | uint64(a)
	byteOf := func(i uint32) uint32 { return uint32(src>>(8*(i&7))) & 0xff }
	var sel [4]uint32
	switch mode {
	case "":
		var d uint32
		for i := 0; i < 4; i++ {
			s := (c >> (4 * i)) & 0xf
			v := byteOf(s & 7)
			if s&8 != 0 {
				if v&0x80 != 0 {
					v = 0xff
				} else {
					v = 0
				}
			}
			d |= v << (8 * i)
		}
		return uint64(d)
	case "f4e":
		s := c & 3
		sel = [4]uint32{s, s + 1, s + 2, s + 3}
	case "b4e":
		s := c & 3
		sel = [4]uint32{s, (s - 1) & 7, (s - 2) & 7, (s - 3) & 7}
	case "rc8":
		s := c & 3
		sel = [4]uint32{s, s, s, s}
	case "ecl":
		s := c & 3
		sel = [4]uint32{s, max(s, 1), max(s, 2), 3}
	case "ecr":
		s := c & 3
		sel = [4]uint32{0, min(s, 1), min(s, 2), s}
	case "rc16":
		s := c & 1
		sel = [4]uint32{2 * s, 2*s + 1, 2 * s, 2*s + 1}
	}
	var d uint32
	for i := 0; i < 4; i++ {
		d |= byteOf(sel[i]) << (8 * i)
	}
	return uint64(d)
}

func compileShf(x *xinst) error {
	fl := x.in.Mods.Flags
	left := fl&ptx.FL != 0
	clamp := fl&ptx.FClamp != 0
	if err := needOps(x, 4); err != nil {
		return err
	}
	x.f3 = func(a, b, c uint64) uint64 {
		n := c & 0xffffffff
		if clamp {
			n = min(n, 32)
		} else {
			n &= 31
		}
		v := uint64(uint32(b))<<32 | uint64(uint32(a))
		if left {
			return (v << n) >> 32 & 0xffffffff
		}
		return (v >> n) & 0xffffffff
	}
	x.fn = hTer
	return nil
}

func compileDp(x *xinst) error {
	in := x.in
	if len(in.Mods.Types) < 2 {
		return errAt(in, "%s needs two types", in.Text)
	}
	as, bs := in.Mods.Types[0].IsSigned(), in.Mods.Types[1].IsSigned()
	hi := in.Mods.Flags&ptx.FHi != 0
	dp4 := in.Op == ptx.OpDp4a
	x.f3 = func(a, b, c uint64) uint64 {
		acc := int64(int32(c))
		if !as && !bs {
			acc = int64(uint32(c))
		}
		if dp4 {
			for i := 0; i < 4; i++ {
				acc += lanePart(a, i, 8, as) * lanePart(b, i, 8, bs)
			}
		} else {
			for i := 0; i < 2; i++ {
				bi := i
				if hi {
					bi += 2
				}
				acc += lanePart(a, i, 16, as) * lanePart(b, bi, 8, bs)
			}
		}
		return uint64(uint32(acc))
	}
	x.fn = hTer
	return needOps(x, 4)
}

func lanePart(v uint64, i, w int, signed bool) int64 {
	p := (v >> uint(i*w)) & widthMask(w)
	if signed {
		return sext(p, w)
	}
	return int64(p)
}

// fns finds the n-th set bit of mask starting at base (PTX fns).
func fns(mask, base uint32, off int32) uint64 {
	if off == 0 {
		if base < 32 && mask>>base&1 != 0 {
			return uint64(base)
		}
		return 0xffffffff
	}
	cnt := off
	if off > 0 {
		for p := int(base); p < 32; p++ {
			if mask>>uint(p)&1 != 0 {
				cnt--
				if cnt == 0 {
					return uint64(p)
				}
			}
		}
	} else {
		for p := int(base); p >= 0; p-- {
			if p < 32 && mask>>uint(p)&1 != 0 {
				cnt++
				if cnt == 0 {
					return uint64(p)
				}
			}
		}
	}
	return 0xffffffff
}
