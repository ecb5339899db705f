package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// ptxas fuses adjacent shared-memory accesses that share a base register
// and cover one naturally aligned 8- or 16-byte chunk (st.shared.f32 [r] and
// [r+4] become one STS.64) whenever it can prove the alignment. Nsight
// Compute counts the fused SASS instruction, so the bank model must too:
// mergeShared finds such runs at compile time; the first instruction of a
// run counts one access of the combined width and the others count nothing.
// Alignment comes from a conservative, flow-insensitive analysis of how each
// address register is computed (alignOf).

const alignTop = 1 << 16

// memRef describes a shared ld/st for merging.
type memRef struct {
	load  bool
	base  int32
	sym   ptx.SymRef
	off   int64
	width int
	abs   bool // [sym+off] of a static shared variable: off is the shared address
}

// sharedRef describes x when it is a shared ld/st. Accesses to static
// shared variables without a base register get their final address, since
// ptxas fuses those across variables it laid out next to each other.
func (c *compiler) sharedRef(x *xinst) (memRef, bool) {
	r, ok := sharedRefOf(x)
	if !ok || r.base >= 0 || r.sym.Kind == ptx.SymNone {
		return r, ok
	}
	var addr uint64
	switch r.sym.Kind {
	case ptx.SymGlobal:
		v := c.k.prog.Vars[r.sym.Index]
		if v.Space != ptx.SpaceShared || v.Extern {
			return r, ok
		}
		addr = c.k.varAddr[r.sym.Index]
	case ptx.SymLocal:
		if c.f.Locals[r.sym.Index].Space != ptx.SpaceShared {
			return r, ok
		}
		addr = c.k.sharedLocalAddr[c.xf.idx][r.sym.Index]
	default:
		return r, ok
	}
	r.abs, r.off, r.sym = true, int64(addr)+r.off, ptx.SymRef{}
	return r, true
}

func sharedRefOf(x *xinst) (memRef, bool) {
	in := x.in
	if (in.Op != ptx.OpLd && in.Op != ptx.OpSt) || in.Mods.Space != ptx.SpaceShared {
		return memRef{}, false
	}
	ai := 1
	if in.Op == ptx.OpSt {
		ai = 0
	}
	a := &x.ops[ai]
	return memRef{load: in.Op == ptx.OpLd, base: a.reg, sym: a.sym, off: a.off,
		width: x.t.Size() * max(in.Mods.Vec, 1)}, true
}

// mergeShared marks runs of fusable shared accesses in one function.
func (c *compiler) mergeShared() {
	insts := c.xf.insts
	var align []int
	for i := 0; i < len(insts); i++ {
		r0, ok := c.sharedRef(&insts[i])
		if !ok || r0.width > 8 {
			continue
		}
		members := c.fusableRun(i, r0)
		n := len(members)
		total := n * r0.width
		for n > 1 && (total > 16 || total&(total-1) != 0) {
			n--
			total = n * r0.width
		}
		if n < 2 {
			continue
		}
		if align == nil {
			align = c.alignments()
		}
		if r0.off%int64(total) != 0 || c.baseAlign(r0, align) < total {
			continue
		}
		insts[i].fuse.width = total
		for _, j := range members[1:n] {
			insts[j].fuse.merged = true
		}
	}
}

// fusableRun lists instruction i and the following accesses that continue
// it (same kind, base and guard, contiguous offsets), allowing plain ALU
// instructions in between that do not write the base register.
func (c *compiler) fusableRun(i int, r0 memRef) []int {
	insts := c.xf.insts
	members := []int{i}
	for j := i + 1; j < len(insts) && j <= i+8 && len(members) < 4; j++ {
		if c.isLabelTarget(j) {
			break
		}
		x := &insts[j]
		r, ok := c.sharedRef(x)
		if !ok {
			cl := x.op.Info().Class
			if cl != ptx.ClassInt && cl != ptx.ClassFloat && x.op != ptx.OpCvta && !otherSpaceAccess(x) {
				break
			}
			if len(x.ops) > 0 && x.ops[0].kind == oReg && x.ops[0].reg == r0.base {
				break
			}
			continue
		}
		n := len(members)
		if insts[j].fuse.merged || r.load != r0.load || r.base != r0.base || r.sym != r0.sym || r.abs != r0.abs ||
			r.width != r0.width || r.off != r0.off+int64(n*r0.width) ||
			x.guard != insts[i].guard || x.guardNeg != insts[i].guardNeg {
			break
		}
		members = append(members, j)
	}
	return members
}

// isLabelTarget reports whether some branch jumps to instruction i.
func (c *compiler) isLabelTarget(i int) bool {
	for _, l := range c.f.Labels {
		if l == i {
			return true
		}
	}
	return false
}

// baseAlign is the proven alignment of a shared address operand's base.
func (c *compiler) baseAlign(r memRef, align []int) int {
	if r.abs {
		return alignTop // the offset is the whole address
	}
	a := alignTop
	if r.base >= 0 {
		a = align[r.base]
	}
	if r.sym.Kind != ptx.SymNone {
		a = min(a, c.symAlign(r.sym))
	}
	return a
}

func (c *compiler) symAlign(s ptx.SymRef) int {
	var v *ptx.Var
	switch s.Kind {
	case ptx.SymGlobal:
		v = c.k.prog.Vars[s.Index]
	case ptx.SymLocal:
		v = c.f.Locals[s.Index]
	default:
		return 1
	}
	if v.Space == ptx.SpaceShared && v.Extern {
		return max(c.k.dynAlign, 1)
	}
	return max(v.Align, 1)
}

// alignments computes, for every register, a power of two that divides
// every value the register can hold (flow-insensitive fixpoint).
func (c *compiler) alignments() []int {
	al := make([]int, c.xf.nregs)
	for i := range al {
		al[i] = alignTop
	}
	for changed := true; changed; {
		changed = false
		for i := range c.xf.insts {
			x := &c.xf.insts[i]
			if len(x.ops) == 0 || x.ops[0].kind != oReg || x.in.Op == ptx.OpSt || x.in.Op == ptx.OpRed {
				continue
			}
			d := x.ops[0].reg
			if v := min(al[d], c.defAlign(x, al)); v < al[d] {
				al[d] = v
				changed = true
			}
		}
	}
	return al
}

func immAlign(v uint64) int {
	if v == 0 {
		return alignTop
	}
	return min(1<<bits.TrailingZeros64(v), alignTop)
}

// defAlign is the alignment of the value instruction x writes.
func (c *compiler) defAlign(x *xinst, al []int) int {
	op := func(i int) int {
		if i >= len(x.ops) {
			return 1
		}
		o := &x.ops[i]
		switch o.kind {
		case oReg:
			return al[o.reg]
		case oImm:
			return immAlign(o.imm)
		case oSym:
			return min(c.symAlign(o.sym), immAlign(uint64(o.off)))
		}
		return 1
	}
	switch x.in.Op {
	case ptx.OpMov, ptx.OpCvta:
		return op(1)
	case ptx.OpCvt:
		if len(x.in.Mods.Types) == 2 && !x.in.Mods.Types[0].IsFloat() && !x.in.Mods.Types[1].IsFloat() &&
			x.in.Mods.Types[0].Size() >= x.in.Mods.Types[1].Size() {
			return op(1)
		}
	case ptx.OpAdd, ptx.OpSub:
		if !x.t.IsFloat() {
			return min(op(1), op(2))
		}
	case ptx.OpShl:
		if len(x.ops) == 3 && x.ops[2].kind == oImm && x.ops[2].imm < 16 {
			return min(op(1)<<x.ops[2].imm, alignTop)
		}
	case ptx.OpMul:
		if !x.t.IsFloat() && x.in.Mods.Flags&ptx.FHi == 0 {
			return min(op(1)*op(2), alignTop)
		}
	case ptx.OpMad:
		if !x.t.IsFloat() && x.in.Mods.Flags&ptx.FHi == 0 {
			return min(op(1)*op(2), op(3), alignTop)
		}
	case ptx.OpAnd:
		return max(op(1), op(2))
	case ptx.OpOr:
		return min(op(1), op(2))
	}
	return 1
}

// otherSpaceAccess reports a plain ld/st in a state space that cannot alias
// shared memory (global, local, param, const): ptxas moves shared accesses
// across those when it fuses them.
func otherSpaceAccess(x *xinst) bool {
	if x.op != ptx.OpLd && x.op != ptx.OpSt && x.op != ptx.OpLdu {
		return false
	}
	switch x.in.Mods.Space {
	case ptx.SpaceGlobal, ptx.SpaceLocal, ptx.SpaceParam, ptx.SpaceParamEntry, ptx.SpaceParamFunc, ptx.SpaceConst:
		return true
	}
	return false
}
