package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

func tz(m uint32) int { return bits.TrailingZeros32(m) }

// maxCallDepth bounds recursion (the hardware stack would overflow first).
const maxCallDepth = 1024

// advanceRest moves the group lanes not in m past the instruction.
func (w *Warp) advanceRest(m uint32) {
	for r := w.cur.group &^ m; r != 0; r &= r - 1 {
		w.pc[tz(r)]++
	}
}

func compileCtrl(c *compiler, x *xinst) error {
	in := x.in
	x.ctrl = true
	switch in.Op {
	case ptx.OpBra:
		if len(x.ops) != 1 || x.ops[0].kind != oLabel {
			return errAt(in, "bra needs a label")
		}
		tgt := x.ops[0].label
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			for r := m; r != 0; r &= r - 1 {
				w.pc[tz(r)] = tgt
			}
			if m != 0 && m != w.cur.group {
				w.pushReconverge(w.cur.frame, x.ipdom, w.cur.group)
			}
			w.advanceRest(m)
			return nil
		}
	case ptx.OpExit:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			w.live &^= m
			w.parked &^= m
			w.advanceRest(m)
			if m != 0 {
				w.cta.onExit(w)
			}
			return nil
		}
	case ptx.OpRet:
		x.fn = execRet
	case ptx.OpCall:
		return compileCall(c, x)
	case ptx.OpTrap, ptx.OpBrkpt:
		word := in.Op.String()
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				return w.laneFault(x, tz(m), "%s executed", word)
			}
			w.advanceRest(m)
			return nil
		}
	default:
		return errUnsupported(in)
	}
	return nil
}

func compileCall(c *compiler, x *xinst) error {
	in := x.in
	if len(x.ops) != 3 || x.ops[0].kind != oVec || x.ops[2].kind != oVec {
		return errAt(in, "malformed call")
	}
	tgt := &x.ops[1]
	if tgt.kind == oFunc {
		fi := int(tgt.fn)
		if fi < 0 || fi >= len(c.k.prog.Funcs) {
			return errAt(in, "call to an unknown function")
		}
		callee := c.k.prog.Funcs[fi]
		if callee.Extern && len(callee.Insts) == 0 && callee.Name == "vprintf" {
			if len(x.ops[2].elems) != 2 {
				return errAt(in, "vprintf takes 2 arguments")
			}
			x.ctrl = false
			x.fn = execVprintf
			return nil
		}
		if callee.Extern && len(callee.Insts) == 0 {
			return errAt(in, "call to %s, which has no body in this module (extern functions are not supported)", callee.Name)
		}
		if len(x.ops[2].elems) != len(callee.Params) || len(x.ops[0].elems) != len(callee.Rets) {
			return errAt(in, "call to %s passes %d arguments and %d results; it takes %d and %d",
				callee.Name, len(x.ops[2].elems), len(x.ops[0].elems), len(callee.Params), len(callee.Rets))
		}
	} else if tgt.kind != oReg {
		return errAt(in, "call needs a function name or a register")
	}
	x.fn = execCall
	return nil
}

func execCall(w *Warp, x *xinst, m uint32) error {
	w.advanceRest(m)
	if m == 0 {
		return nil
	}
	k := w.cta.k
	caller := w.cur.frame
	// Group the lanes by callee (indirect calls may differ per lane).
	for m != 0 {
		fi := w.calleeOf(x, tz(m))
		var sub uint32
		for r := m; r != 0; r &= r - 1 {
			if l := tz(r); w.calleeOf(x, l) == fi {
				sub |= 1 << l
			}
		}
		m &^= sub
		if fi < 0 || fi >= len(k.funcs) || k.funcs[fi] == nil {
			return w.laneFault(x, tz(sub), "indirect call to an address that is not a function")
		}
		if caller.depth+1 > maxCallDepth {
			return w.laneFault(x, tz(sub), "call stack overflow (depth %d)", maxCallDepth)
		}
		xf := k.funcs[fi]
		f := w.cta.newFrame(xf, caller.depth+1)
		f.caller, f.retPC, f.callSite = caller, w.cur.pc+1, x
		ps := xf.fn.ParamSize
		f.params = make([]byte, ps*32)
		f.rets = make([]byte, retSize(f)*32)
		frameBytes := uint64((xf.fn.LocalSize + 15) &^ 15)
		for r := sub; r != 0; r &= r - 1 {
			l := tz(r)
			f.localBase[l] = caller.localBase[l] - frameBytes
			for i, p := range xf.fn.Params {
				dst := f.params[l*ps+p.Offset : l*ps+p.Offset+p.Size]
				if err := w.argBytes(x, &x.ops[2].elems[i], l, dst); err != nil {
					return err
				}
			}
			w.frame[l] = f
			w.pc[l] = 0
		}
	}
	return nil
}

// calleeOf is the function index a lane calls.
func (w *Warp) calleeOf(x *xinst, l int) int {
	t := &x.ops[1]
	if t.kind == oFunc {
		return int(t.fn)
	}
	a := w.src(t, l)
	if a < funcAddrBase || (a-funcAddrBase)%16 != 0 {
		return -1
	}
	return int((a - funcAddrBase) / 16)
}

// argBytes fills dst with one call argument for lane l: a .param slot of the
// caller, or a register/immediate.
func (w *Warp) argBytes(x *xinst, o *xop, l int, dst []byte) error {
	if o.kind == oSym || o.kind == oAddr {
		a := w.symAddr(o.sym, l) + uint64(o.off)
		b, msg := w.paramBytes(a, len(dst), l)
		if msg != "" {
			return w.laneFault(x, l, "%s", msg)
		}
		copy(dst, b)
		return nil
	}
	putLE(dst, min(len(dst), 8), w.src(o, l))
	return nil
}

// execRet returns the lanes in m to their caller (or exits them from the
// entry function).
func execRet(w *Warp, x *xinst, m uint32) error {
	w.advanceRest(m)
	f := w.cur.frame
	if f.caller == nil {
		w.live &^= m
		w.parked &^= m
		if m != 0 {
			w.cta.onExit(w)
		}
		return nil
	}
	cs := f.callSite
	rets := f.fn.fn.Rets
	rs := retSize(f)
	for r := m; r != 0; r &= r - 1 {
		l := tz(r)
		w.frame[l] = f.caller
		w.pc[l] = f.retPC
		for i, p := range rets {
			src := f.rets[l*rs+p.Offset : l*rs+p.Offset+p.Size]
			o := &cs.ops[0].elems[i]
			w.cur.frame = f.caller
			if o.kind == oSym || o.kind == oAddr {
				a := w.symAddr(o.sym, l) + uint64(o.off)
				b, msg := w.paramBytes(a, len(src), l)
				if msg != "" {
					w.cur.frame = f
					return w.laneFault(x, l, "%s", msg)
				}
				copy(b, src)
			} else {
				w.set(o, l, getLE(src, min(len(src), 8)))
			}
			w.cur.frame = f
		}
	}
	return nil
}

// execVprintf runs the device printf for each lane, in lane order.
func execVprintf(w *Warp, x *xinst, m uint32) error {
	for r := m; r != 0; r &= r - 1 {
		l := tz(r)
		var args [2][8]byte
		for i := range args {
			if err := w.argBytes(x, &x.ops[2].elems[i], l, args[i][:]); err != nil {
				return err
			}
		}
		n, err := w.vprintf(x, l, getLE(args[0][:], 8), getLE(args[1][:], 8))
		if err != nil {
			return err
		}
		if len(x.ops[0].elems) == 1 {
			o := &x.ops[0].elems[0]
			if o.kind == oSym || o.kind == oAddr {
				b, msg := w.paramBytes(w.symAddr(o.sym, l)+uint64(o.off), 4, l)
				if msg != "" {
					return w.laneFault(x, l, "%s", msg)
				}
				putLE(b, 4, uint64(n))
			} else {
				w.set(o, l, uint64(n))
			}
		}
	}
	return nil
}
