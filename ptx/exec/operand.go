package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
)

// src reads operand o for lane l (registers, immediates, specials, symbol
// addresses). Predicates read as 0/1 and honour `!p`.
func (w *Warp) src(o *xop, l int) uint64 {
	switch o.kind {
	case oReg:
		v := w.cur.frame.regs[int(o.reg)*32+l]
		if o.neg {
			v ^= 1
		}
		return v
	case oImm:
		return o.imm
	case oSpecial:
		return w.special(o, l)
	case oSym:
		return w.symAddr(o.sym, l) + uint64(o.off)
	}
	return 0
}

// set writes v to operand o (a register or `_`) for lane l, masked to the
// register's width.
func (w *Warp) set(o *xop, l int, v uint64) {
	if o.kind != oReg {
		return
	}
	f := w.cur.frame
	f.regs[int(o.reg)*32+l] = v & f.fn.regMask[o.reg]
}

// symAddr is the address of a symbol in its own state space.
func (w *Warp) symAddr(s ptx.SymRef, l int) uint64 {
	k := w.cta.k
	f := w.cur.frame
	switch s.Kind {
	case ptx.SymGlobal:
		if k.prog.Vars[s.Index].Space == ptx.SpaceShared {
			return k.varAddr[s.Index] + w.cta.sharedBase() // cluster_addr.go
		}
		return k.varAddr[s.Index]
	case ptx.SymLocal:
		v := f.fn.fn.Locals[s.Index]
		switch v.Space {
		case ptx.SpaceShared:
			return k.sharedLocalAddr[f.fn.idx][s.Index] + w.cta.sharedBase()
		case ptx.SpaceLocal:
			return f.localBase[l] + uint64(f.fn.fn.LocalOffsets[s.Index])
		case ptx.SpaceParam:
			return paramSlotBase + uint64(f.fn.fn.LocalParamOffsets[s.Index])
		}
	case ptx.SymParam:
		return uint64(f.fn.fn.Params[s.Index].Offset)
	case ptx.SymRet:
		return retSlotBase + uint64(f.fn.fn.Rets[s.Index].Offset)
	case ptx.SymFunc:
		return funcAddrBase + uint64(s.Index)*16
	}
	return 0
}

// Param-space address tags for call slots and return values of .func frames.
const (
	paramSlotBase = 1 << 24
	retSlotBase   = 1 << 25
)

// special reads a special register for lane l.
func (w *Warp) special(o *xop, l int) uint64 {
	c := w.cta
	comp := int(o.comp)
	if comp < 0 || comp > 2 {
		comp = 0
	}
	t := w.id*32 + l
	switch o.sp {
	case ptx.SpecTid:
		return uint64(c.tidOf(t)[comp])
	case ptx.SpecNtid:
		return uint64(c.l.Block[comp])
	case ptx.SpecCtaid:
		return uint64(c.ctaid[comp])
	case ptx.SpecNctaid:
		return uint64(c.l.Grid[comp])
	case ptx.SpecLaneid:
		return uint64(l)
	case ptx.SpecWarpid:
		return uint64(w.id)
	case ptx.SpecNwarpid:
		return 64
	case ptx.SpecSmid:
		return uint64(c.smid)
	case ptx.SpecNsmid:
		return uint64(c.k.layout.NumSMs)
	case ptx.SpecGridid:
		return c.l.GridID
	case ptx.SpecLanemaskEq:
		return uint64(uint32(1) << l)
	case ptx.SpecLanemaskLe:
		return uint64(uint32((uint64(2) << l) - 1))
	case ptx.SpecLanemaskLt:
		return uint64(uint32((uint64(1) << l) - 1))
	case ptx.SpecLanemaskGe:
		return uint64(^uint32((uint64(1) << l) - 1))
	case ptx.SpecLanemaskGt:
		return uint64(^uint32((uint64(2) << l) - 1))
	case ptx.SpecClock:
		return uint64(uint32(c.now()))
	case ptx.SpecClockHi:
		return uint64(uint32(c.now() >> 32))
	case ptx.SpecClock64:
		return uint64(c.now())
	case ptx.SpecGlobaltimer:
		return c.globaltimer()
	case ptx.SpecGlobaltimerLo:
		return uint64(uint32(c.globaltimer()))
	case ptx.SpecGlobaltimerHi:
		return c.globaltimer() >> 32
	case ptx.SpecDynamicSmemSize:
		return uint64(c.l.DynamicShared)
	case ptx.SpecTotalSmemSize:
		// static + dynamic, in the 128-byte allocation granularity (an H200
		// reported 0x580 for 0x130 static + 1000 dynamic bytes).
		n := int(c.k.DynamicSharedBase()) - c.k.layout.SharedReservedBytes + c.l.DynamicShared
		return uint64((n + 127) &^ 127)
	case ptx.SpecAggrSmemSize:
		return uint64(c.k.SharedBytes(c.l.DynamicShared))
	case ptx.SpecClusterid:
		return uint64(c.ctaid[comp] / c.clusterDim(comp))
	case ptx.SpecNclusterid:
		return uint64(c.l.Grid[comp] / c.clusterDim(comp))
	case ptx.SpecClusterCtaid:
		return uint64(c.ctaid[comp] % c.clusterDim(comp))
	case ptx.SpecClusterNctaid:
		return uint64(c.clusterDim(comp))
	case ptx.SpecClusterCtarank:
		return uint64(c.rank)
	case ptx.SpecClusterNctarank:
		return uint64(c.clusterDim(0) * c.clusterDim(1) * c.clusterDim(2))
	case ptx.SpecIsExplicitCluster:
		if c.l.ClusterGiven {
			return 1
		}
		return 0
	}
	return 0
}

func (c *CTA) clusterDim(i int) int {
	if d := c.l.Cluster[i]; d > 0 {
		return d
	}
	return 1
}
