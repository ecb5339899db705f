package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// paramWindow is the generic base of the kernel parameter space (cvta.param).
const paramWindow = 0x7ffd_0000_0000

// classify maps a generic address to its state space and the address inside it.
func (c *CTA) classify(a uint64) (ptx.Space, uint64) {
	lay := &c.k.layout
	switch {
	case a-lay.SharedWindowBase < windowSize:
		// the window covers the whole cluster (cluster_addr.go)
		if aa := a - lay.SharedWindowBase; !c.ownShared(aa) {
			return ptx.SpaceSharedCluster, aa
		}
		return ptx.SpaceShared, a - lay.SharedWindowBase
	case a-lay.LocalWindowBase < windowSize:
		return ptx.SpaceLocal, a - lay.LocalWindowBase
	case a-paramWindow < windowSize:
		return ptx.SpaceParam, a - paramWindow
	}
	return ptx.SpaceGlobal, a
}

// maxLocalBytes bounds one thread's local memory (stack) in the simulator.
const maxLocalBytes = 1 << 20

// access returns the n bytes at addr in space sp for lane l of warp w, or a
// description of the fault.
func (w *Warp) access(sp ptx.Space, addr uint64, n int, l int) ([]byte, string) {
	c := w.cta
	if sp == ptx.SpaceNone {
		sp, addr = c.classify(addr)
	}
	switch sp {
	case ptx.SpaceGlobal, ptx.SpaceConst:
		if b := c.l.Global.Slice(addr, n); b != nil {
			if w.eff != nil {
				w.eff.noteGlobal(addr, n, false)
			}
			return b, ""
		}
		return nil, globalFault(c.l.Global, "access", sp, addr, n)
	case ptx.SpaceShared, ptx.SpaceSharedCluster:
		t, off, msg := c.sharedTarget(sp, addr, n)
		if msg != "" {
			return nil, msg
		}
		return t.shared[off : off+uint64(n)], ""
	case ptx.SpaceLocal:
		// Each thread's local memory is the stack below LocalStackTop,
		// stored growing downward: buf[len-1] is the byte at top-1.
		t := w.id*32 + l
		top := c.k.layout.LocalStackTop
		if addr+uint64(n) > top || top-addr > maxLocalBytes || addr+uint64(n) < addr {
			return nil, fmt.Sprintf("out-of-bounds local access of %d bytes at 0x%x (the stack is [0x%x, 0x%x))", n, addr, top-maxLocalBytes, top)
		}
		buf := c.local[t]
		if need := int(top - addr); need > len(buf) {
			grow := make([]byte, min(max(need, 2*len(buf), 256), maxLocalBytes))
			copy(grow[len(grow)-len(buf):], buf)
			buf = grow
			c.local[t] = buf
		}
		i := len(buf) - int(top-addr)
		return buf[i : i+n], ""
	case ptx.SpaceParam, ptx.SpaceParamEntry, ptx.SpaceParamFunc:
		return w.paramBytes(addr, n, l)
	}
	return nil, fmt.Sprintf("access to unsupported state space %s", sp)
}

// accessStore is access for a store, which overwrites all n bytes and
// reads none (GlobalMem.SliceW).
func (w *Warp) accessStore(sp ptx.Space, addr uint64, n int, l int) ([]byte, string) {
	if sp != ptx.SpaceGlobal {
		return w.access(sp, addr, n, l)
	}
	if b := w.cta.l.Global.SliceW(addr, n); b != nil {
		if w.eff != nil {
			w.eff.noteGlobal(addr, n, true)
		}
		return b, ""
	}
	return nil, globalFault(w.cta.l.Global, "store", sp, addr, n)
}

// globalFault describes an out-of-bounds global or constant access with
// the buffers around it.
func globalFault(g *GlobalMem, verb string, sp ptx.Space, addr uint64, n int) string {
	return fmt.Sprintf("out-of-bounds %s %s of %d bytes %s (address 0x%x)", spaceWord(sp), verb, n, g.Where(addr, n), addr)
}

func spaceWord(sp ptx.Space) string {
	if sp == ptx.SpaceConst {
		return "constant"
	}
	return "global"
}

// paramBytes resolves a param-space address: the frame's return slots, its
// call slots, or its incoming parameters (the launch block for the entry).
func (w *Warp) paramBytes(addr uint64, n int, l int) ([]byte, string) {
	f := w.cur.frame
	var area []byte
	var stride int
	switch {
	case addr >= retSlotBase:
		addr -= retSlotBase
		area, stride = f.rets, retSize(f)
	case addr >= paramSlotBase:
		addr -= paramSlotBase
		area, stride = f.slots, f.fn.fn.LocalParamSize
	case f.params == nil:
		p := w.cta.l.Params
		if addr+uint64(n) > uint64(len(p)) {
			return nil, fmt.Sprintf("parameter access of %d bytes at offset %d beyond the %d-byte parameter block", n, addr, len(p))
		}
		return p[addr : addr+uint64(n)], ""
	default:
		area, stride = f.params, f.fn.fn.ParamSize
	}
	if addr+uint64(n) > uint64(stride) {
		return nil, fmt.Sprintf("parameter access of %d bytes at offset %d beyond the %d-byte area", n, addr, stride)
	}
	base := uint64(l*stride) + addr
	return area[base : base+uint64(n)], ""
}

// kernelParam reports whether param-space address addr names the kernel's
// parameter block (paramBytes' Launch.Params case). The block is read-only,
// as on the GPU (a constant bank): a write would be seen by later CTAs of a
// serial run only, and by none of a parallel one's other workers.
func (w *Warp) kernelParam(sp ptx.Space, addr uint64) bool {
	switch sp {
	case ptx.SpaceParam, ptx.SpaceParamEntry, ptx.SpaceParamFunc:
		return addr < paramSlotBase && w.cur.frame.params == nil
	}
	return false
}

func retSize(f *Frame) int {
	rs := f.fn.fn.Rets
	if len(rs) == 0 {
		return 0
	}
	last := rs[len(rs)-1]
	return last.Offset + last.Size
}

// addrOf computes the address named by an address operand for lane l.
func (w *Warp) addrOf(o *xop, l int) uint64 {
	var a uint64
	if o.sym.Kind != ptx.SymNone {
		a = w.symAddr(o.sym, l)
	}
	if o.reg >= 0 {
		a += w.cur.frame.regs[int(o.reg)*32+l]
	}
	return a + uint64(o.off)
}

// memSpace is the state space an instruction uses, taking symbol operands
// into account (ld [param] without .param is not legal PTX, but ld.param
// on a local .param slot is).
func memSpace(in *ptx.Inst) ptx.Space { return in.Mods.Space }

func compileLdSt(c *compiler, x *xinst) error {
	in := x.in
	if err := needOps(x, 2); err != nil {
		return err
	}
	load := in.Op != ptx.OpSt
	ao, vo := &x.ops[1], &x.ops[0]
	if !load {
		ao, vo = &x.ops[0], &x.ops[1]
	}
	if ao.kind != oAddr {
		return errAt(in, "%s needs an address operand", in.Text)
	}
	t := x.t
	es := t.Size()
	nv := max(in.Mods.Vec, 1)
	if vo.kind == oVec && len(vo.elems) != nv {
		return errAt(in, "%s needs %d vector elements, got %d", in.Text, nv, len(vo.elems))
	}
	sp := memSpace(in)
	signed := t.IsSigned()
	fixFloatImms(x, t)
	kind := smem.OpLd
	if !load {
		kind = smem.OpSt
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		var acc smem.Access
		acc.Kind, acc.Width = kind, es*nv
		for mm := m; mm != 0; mm &= mm - 1 {
			l := tz(mm)
			a := w.addrOf(ao, l)
			s, aa := sp, a
			if s == ptx.SpaceNone {
				s, aa = w.cta.classify(a)
			}
			if aa%uint64(es*nv) != 0 {
				return w.laneFault(x, l, "misaligned %s of %d bytes at 0x%x", ldstWord(load), es*nv, a)
			}
			if !load && w.kernelParam(s, aa) {
				return w.laneFault(x, l, "store to the kernel's parameter block at offset %d (it is read-only)", aa)
			}
			var b []byte
			var msg string
			if load {
				b, msg = w.access(s, aa, es*nv, l)
			} else {
				b, msg = w.accessStore(s, aa, es*nv, l)
			}
			if msg != "" {
				return w.laneFault(x, l, "%s", msg)
			}
			if (s == ptx.SpaceShared || s == ptx.SpaceSharedCluster) && w.cta.ownShared(aa) {
				acc.Active |= 1 << l
				acc.Addr[l] = uint32(aa)
			} else {
				w.noteRemote(s)
			}
			for i := 0; i < nv; i++ {
				e := vo
				if vo.kind == oVec {
					e = &vo.elems[i]
				}
				p := b[i*es : i*es+es]
				if load {
					v := getLE(p, es)
					if signed {
						v = uint64(sext(v, es*8))
					}
					w.set(e, l, v)
				} else {
					putLE(p, es, w.src(e, l))
				}
			}
		}
		if acc.Active != 0 {
			w.countSmem(x, &acc)
		}
		return nil
	}
	return nil
}

func ldstWord(load bool) string {
	if load {
		return "load"
	}
	return "store"
}
