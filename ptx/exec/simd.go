package exec

import "github.com/sm90sim/sm90sim/ptx"

// compileSIMD16 handles add/sub/min/max on .u16x2/.s16x2 (sm_90).
func compileSIMD16(c *compiler, x *xinst) error {
	in := x.in
	signed := x.t == ptx.S16x2
	relu := in.Mods.Flags&ptx.FRelu != 0
	var f func(a, b uint64) uint64
	switch in.Op {
	case ptx.OpAdd:
		f = func(a, b uint64) uint64 { return (a + b) & 0xffff }
	case ptx.OpSub:
		f = func(a, b uint64) uint64 { return (a - b) & 0xffff }
	case ptx.OpMin, ptx.OpMax:
		isMax := in.Op == ptx.OpMax
		f = func(a, b uint64) uint64 {
			var gt bool
			if signed {
				gt = sext(a, 16) > sext(b, 16)
			} else {
				gt = a > b
			}
			r := b
			if gt == isMax {
				r = a
			}
			if relu && signed && sext(r, 16) < 0 {
				r = 0
			}
			return r
		}
	default:
		return errUnsupported(in)
	}
	x.f2, x.fn = packed2(f), hBin
	return needOps(x, 3)
}

// compileVideo returns the compiler for the legacy video instructions
// (vadd, vadd2, vadd4, ...) or nil.
func compileVideo(op ptx.Opcode) compileFn {
	switch op {
	case ptx.OpSzext, ptx.OpBmsk:
		return compileSzextBmsk
	case ptx.OpVadd2, ptx.OpVsub2, ptx.OpVavrg2, ptx.OpVabsdiff2, ptx.OpVmin2, ptx.OpVmax2, ptx.OpVset2,
		ptx.OpVadd4, ptx.OpVsub4, ptx.OpVavrg4, ptx.OpVabsdiff4, ptx.OpVmin4, ptx.OpVmax4, ptx.OpVset4:
		return compileVideoSIMD
	}
	return nil
}

// compileVideoSIMD handles the packed video instructions vop2/vop4
// (vadd, vsub, vavrg, vabsdiff, vmin, vmax, vset) with the default byte
// selectors and masks, in the plain (merge into c, optional .sat) and the
// accumulating (.add: d = c + sum of the element results) forms.
func compileVideoSIMD(c *compiler, x *xinst) error {
	in := x.in
	name := in.Op.String()
	lanes := 4
	if name[len(name)-1] == '2' {
		lanes = 2
	}
	op := name[:len(name)-1]
	if len(in.Mods.Types) != 3 {
		return errAt(in, "%s needs three types", in.Text)
	}
	if err := needOps(x, 4); err != nil {
		return err
	}
	dsg, asg, bsg := in.Mods.Types[0].IsSigned(), in.Mods.Types[1].IsSigned(), in.Mods.Types[2].IsSigned()
	sat := in.Mods.Flags&ptx.FSat != 0
	add := false
	for _, q := range in.Quals {
		if q == "add" {
			add = true
		}
	}
	cmp := in.Mods.Cmp
	ew := 32 / lanes
	x.f3 = func(a, b, cc uint64) uint64 {
		var acc int64
		var d uint64
		for i := 0; i < lanes; i++ {
			ea, eb := lanePart(a, i, ew, asg), lanePart(b, i, ew, bsg)
			var r int64
			switch op {
			case "vadd":
				r = ea + eb
			case "vsub":
				r = ea - eb
			case "vavrg":
				r = (ea + eb + 1) >> 1
			case "vabsdiff":
				r = ea - eb
				if r < 0 {
					r = -r
				}
			case "vmin":
				r = min(ea, eb)
			case "vmax":
				r = max(ea, eb)
			case "vset":
				r = int64(b2u(cmpInts(cmp, uint64(ea), uint64(eb), ptx.S64)))
			}
			if add {
				acc += r
				continue
			}
			if sat {
				lo, hi := int64(0), int64(1)<<ew-1
				if dsg {
					lo, hi = -(int64(1) << (ew - 1)), int64(1)<<(ew-1)-1
				}
				r = max(lo, min(hi, r))
			}
			d |= (uint64(r) & widthMask(ew)) << uint(i*ew)
		}
		if add {
			return uint64(int64(int32(cc))+acc) & 0xffffffff
		}
		return d
	}
	x.fn = hTer
	return nil
}

// compileSzextBmsk handles szext (sign/zero-extend from bit N) and bmsk
// (bit mask of width b at position a), with .wrap or .clamp.
func compileSzextBmsk(c *compiler, x *xinst) error {
	in := x.in
	clamp := false
	for _, q := range in.Quals {
		if q == "clamp" {
			clamp = true
		}
	}
	norm := func(v uint64) uint64 {
		v &= 0xffffffff
		if clamp {
			return min(v, 32)
		}
		return v & 31
	}
	if in.Op == ptx.OpSzext {
		signed := x.t.IsSigned()
		x.f2 = func(a, b uint64) uint64 {
			n := norm(b)
			if n == 0 {
				return 0
			}
			if signed {
				return uint64(sext(a, int(n))) & 0xffffffff
			}
			return a & widthMask(int(n))
		}
	} else {
		// PTX ISA bmsk semantics: mask0 = ~0 << a1, mask1 = ~0 << (a1+b1),
		// d = mask0 &^ mask1, with the overflow and zero-width cases.
		x.f2 = func(a, b uint64) uint64 {
			a, b = a&0xffffffff, b&0xffffffff
			a1, b1 := a&31, b&31
			mask0 := uint32(0xffffffff) << a1
			sum := a1 + b1
			var mask1 uint32
			if sum < 32 {
				mask1 = uint32(0xffffffff) << sum
			}
			over := sum >= 32
			if clamp {
				if a >= 32 {
					mask0 = 0
					over = true
				}
				if b >= 32 {
					over = true
				}
			}
			switch {
			case over:
				mask1 = 0
			case b1 == 0:
				mask1 = 0xffffffff
			}
			return uint64(mask0 &^ mask1)
		}
	}
	x.fn = hBin
	return needOps(x, 3)
}
