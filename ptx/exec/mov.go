package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
)

func compileMov(c *compiler, x *xinst) error {
	if err := needOps(x, 2); err != nil {
		return err
	}
	fixFloatImms(x, x.t)
	d, a := &x.ops[0], &x.ops[1]
	n := x.bits
	switch {
	case a.kind == oVec: // pack
		k := len(a.elems)
		if k == 0 || n%k != 0 {
			return errAt(x.in, "cannot pack %d values into .%s", k, x.t)
		}
		ew := n / k
		em := widthMask(ew)
		regs := d.kind == oReg && allPlainRegs(a.elems)
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m == full && regs {
				// The whole warp, register elements: a register at a time.
				f := w.cur.frame
				dv := (*[32]uint64)(f.regs[int(d.reg)*32:])
				var v [32]uint64
				for i := range a.elems {
					s := (*[32]uint64)(f.regs[int(a.elems[i].reg)*32:])
					sh := uint(i * ew)
					for l := range v {
						v[l] |= (s[l] & em) << sh
					}
				}
				mk := f.fn.regMask[d.reg]
				for l := range v {
					dv[l] = v[l] & mk
				}
				return nil
			}
			forLanes(m, func(l int) {
				var v uint64
				for i := range a.elems {
					v |= (w.src(&a.elems[i], l) & em) << uint(i*ew)
				}
				w.set(d, l, v)
			})
			return nil
		}
	case d.kind == oVec: // unpack
		k := len(d.elems)
		if k == 0 || n%k != 0 {
			return errAt(x.in, "cannot unpack .%s into %d values", x.t, k)
		}
		ew := n / k
		em := widthMask(ew)
		regs := a.kind == oReg && !a.neg && allPlainRegs(d.elems)
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m == full && regs {
				f := w.cur.frame
				var v [32]uint64
				v = *(*[32]uint64)(f.regs[int(a.reg)*32:])
				for i := range d.elems {
					r := d.elems[i].reg
					dv := (*[32]uint64)(f.regs[int(r)*32:])
					sh, mk := uint(i*ew), em&f.fn.regMask[r]
					for l := range v {
						dv[l] = v[l] >> sh & mk
					}
				}
				return nil
			}
			forLanes(m, func(l int) {
				v := w.src(a, l)
				for i := range d.elems {
					w.set(&d.elems[i], l, (v>>uint(i*ew))&em)
				}
			})
			return nil
		}
	case a.kind == oSym && a.sym.Kind == ptx.SymFunc:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) { w.set(d, l, w.src(a, l)) })
			return nil
		}
	default:
		x.f1 = func(v uint64) uint64 { return v }
		x.fn = hMov
	}
	return nil
}

// hMov is hUn for the identity (a plain mov): a copy masked to the
// destination's width, without a call per lane.
func hMov(w *Warp, x *xinst, m uint32) error {
	d, mk := w.dstVec(&x.ops[0])
	if d == nil {
		return hUn(w, x, m)
	}
	a := w.vals(&x.ops[1], m, &w.bufA)
	if m == full {
		for l := range d {
			d[l] = a[l] & mk
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := tz(m)
		d[l] = a[l] & mk
	}
	return nil
}

// compileCvta converts between a state-space address and a generic one.
func compileCvta(c *compiler, x *xinst) error {
	if err := needOps(x, 2); err != nil {
		return err
	}
	sp := x.in.Mods.Space
	to := x.in.Mods.Flags&ptx.FTo != 0
	lay := c.k.layout
	var base uint64
	switch sp {
	case ptx.SpaceShared, ptx.SpaceSharedCluster:
		base = lay.SharedWindowBase
	case ptx.SpaceLocal:
		base = lay.LocalWindowBase
	case ptx.SpaceParam, ptx.SpaceParamEntry:
		base = paramWindow // generic param addresses (TMA maps in params, byval structs)
	case ptx.SpaceGlobal, ptx.SpaceConst:
		base = 0
	default:
		return errAt(x.in, "cvta needs a state space")
	}
	mk := widthMask(x.bits)
	if to {
		x.f1 = func(v uint64) uint64 { return (v - base) & mk }
	} else {
		x.f1 = func(v uint64) uint64 { return (v + base) & mk }
	}
	x.fn = hUn
	return nil
}

// compileIsspacep tests whether a generic address is in a state space.
func compileIsspacep(c *compiler, x *xinst) error {
	if err := needOps(x, 2); err != nil {
		return err
	}
	sp := x.in.Mods.Space
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) {
			a := w.src(&x.ops[1], l)
			kind, _ := w.cta.classify(a)
			var r bool
			switch sp {
			case ptx.SpaceShared:
				r = kind == ptx.SpaceShared
			case ptx.SpaceSharedCluster:
				r = kind == ptx.SpaceShared || kind == ptx.SpaceSharedCluster
			case ptx.SpaceLocal:
				r = kind == ptx.SpaceLocal
			case ptx.SpaceGlobal:
				r = kind == ptx.SpaceGlobal
			case ptx.SpaceConst:
				r = false
			case ptx.SpaceParam, ptx.SpaceParamEntry:
				r = false
			}
			w.set(&x.ops[0], l, b2u(r))
		})
		return nil
	}
	return nil
}

// allPlainRegs reports whether every element is a register read or written
// as is (no sink, immediate or negated predicate).
func allPlainRegs(es []xop) bool {
	for i := range es {
		if es[i].kind != oReg || es[i].neg {
			return false
		}
	}
	return len(es) > 0
}
