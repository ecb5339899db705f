package exec

import (
	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// atomFn computes the new memory value from the old one and the operands.
type atomFn func(old, b, c uint64) uint64

func atomOp(in *ptx.Inst, t ptx.Type) (atomFn, error) {
	n := t.Bits()
	mk := widthMask(n)
	signed := t.IsSigned()
	switch in.Mods.Sub {
	case "and":
		return func(o, b, _ uint64) uint64 { return o & b & mk }, nil
	case "or":
		return func(o, b, _ uint64) uint64 { return (o | b) & mk }, nil
	case "xor":
		return func(o, b, _ uint64) uint64 { return (o ^ b) & mk }, nil
	case "exch":
		return func(_, b, _ uint64) uint64 { return b & mk }, nil
	case "cas":
		return func(o, b, c uint64) uint64 {
			if o&mk == b&mk {
				return c & mk
			}
			return o
		}, nil
	case "inc":
		return func(o, b, _ uint64) uint64 {
			if o&mk >= b&mk {
				return 0
			}
			return (o + 1) & mk
		}, nil
	case "dec":
		return func(o, b, _ uint64) uint64 {
			if o&mk == 0 || o&mk > b&mk {
				return b & mk
			}
			return (o - 1) & mk
		}, nil
	case "add":
		switch t {
		case ptx.F32:
			return func(o, b, _ uint64) uint64 { return uint64(fp.AddF32(uint32(o), uint32(b), fp.RN, true, false)) }, nil
		case ptx.F64:
			return func(o, b, _ uint64) uint64 { return fp.AddF64(o, b, fp.RN) }, nil
		case ptx.F16:
			return func(o, b, _ uint64) uint64 { return uint64(fp.AddF16(uint16(o), uint16(b), fp.RN, false, false)) }, nil
		case ptx.BF16:
			return func(o, b, _ uint64) uint64 { return uint64(fp.AddBF16(uint16(o), uint16(b), fp.RN)) }, nil
		case ptx.F16x2:
			return func(o, b, _ uint64) uint64 {
				lo := fp.AddF16(uint16(o), uint16(b), fp.RN, false, false)
				hi := fp.AddF16(uint16(o>>16), uint16(b>>16), fp.RN, false, false)
				return uint64(lo) | uint64(hi)<<16
			}, nil
		case ptx.BF16x2:
			return func(o, b, _ uint64) uint64 {
				lo := fp.AddBF16(uint16(o), uint16(b), fp.RN)
				hi := fp.AddBF16(uint16(o>>16), uint16(b>>16), fp.RN)
				return uint64(lo) | uint64(hi)<<16
			}, nil
		}
		return func(o, b, _ uint64) uint64 { return (o + b) & mk }, nil
	case "min", "max":
		isMax := in.Mods.Sub == "max"
		if t.IsFloat() {
			return nil, errUnsupported(in)
		}
		return func(o, b, _ uint64) uint64 {
			var gt bool
			if signed {
				gt = sext(b, n) > sext(o, n)
			} else {
				gt = b&mk > o&mk
			}
			if gt == isMax && (b&mk) != (o&mk) {
				return b & mk
			}
			return o & mk
		}, nil
	}
	return nil, errUnsupported(in)
}

func compileAtom(c *compiler, x *xinst) error {
	in := x.in
	red := in.Op == ptx.OpRed
	t := x.t
	for _, q := range in.Mods.Types {
		t = q // the last type is the operand type (atom.global.add.noftz.f16)
	}
	f, err := atomOp(in, t)
	if err != nil {
		return err
	}
	ai := 1
	if red {
		ai = 0
	}
	if len(x.ops) < ai+2 || x.ops[ai].kind != oAddr {
		return errAt(in, "%s needs an address and a value", in.Text)
	}
	fixFloatImms(x, t)
	es := t.Size()
	sp := in.Mods.Space
	hasC := len(x.ops) > ai+2
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		var acc smem.Access
		acc.Kind, acc.Width = smem.OpAtom, es
		for mm := m; mm != 0; mm &= mm - 1 {
			l := tz(mm)
			a := w.addrOf(&x.ops[ai], l)
			s, aa := sp, a
			if s == ptx.SpaceNone {
				s, aa = w.cta.classify(a)
			}
			if aa%uint64(es) != 0 {
				return w.laneFault(x, l, "misaligned atomic of %d bytes at 0x%x", es, a)
			}
			if w.kernelParam(s, aa) {
				return w.laneFault(x, l, "atomic on the kernel's parameter block at offset %d (it is read-only)", aa)
			}
			b, msg := w.access(s, aa, es, l)
			if msg != "" {
				return w.laneFault(x, l, "%s", msg)
			}
			if (s == ptx.SpaceShared || s == ptx.SpaceSharedCluster) && w.cta.ownShared(aa) {
				acc.Active |= 1 << l
				acc.Addr[l] = uint32(aa)
			} else {
				w.noteRemote(s)
			}
			old := getLE(b, es)
			var cv uint64
			if hasC {
				cv = w.src(&x.ops[ai+2], l)
			}
			putLE(b, es, f(old, w.src(&x.ops[ai+1], l), cv))
			if !red {
				w.set(&x.ops[0], l, old)
			}
		}
		if acc.Active != 0 {
			w.countSmem(x, &acc)
		}
		return nil
	}
	return nil
}
