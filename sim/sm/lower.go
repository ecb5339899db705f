package sm

import (
	"slices"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Lowering is what ptxas makes of the integer instructions of a kernel, as
// far as the PTX shows it (no SASS needed), by function and PC:
//
//   - lowFused: ptxas folds the instruction into its only user: a two-input
//     add or sub whose result feeds one other add or sub becomes part of
//     that one's IADD3 (microbench itput_add: 64 IADD3 for 128 add.u32;
//     itput64_add: IADD3 + IADD3.X per two add.u64); a logic operation
//     (and, or, xor, not, lop3) whose result feeds one other becomes part
//     of its LOP3 while the tree has at most three inputs (smem_ld128_*:
//     one LOP3 per 1.5 PTX xor; int_hash's `(x & y) | (~x & lo)`: one
//     LOP3). No SASS, no issue slot: the value is ready when its inputs are.
//   - lowFlex: a two-input 32-bit add or sub, or a shift left by an
//     immediate, that ptxas puts on the ALU (IADD3, SHF) or on the FMA
//     pipe (IMAD.IADD, VIADD, IMAD.SHL) to balance the two (chain_add_s32:
//     31 IADD3 and 33 IMAD.IADD; ncu on idivtput_u32: 5872 ALU and 6080
//     FMA-pipe instructions, validation/microbench/pipes.core6.json): it
//     issues to whichever of the two is free first.
//
// Producer and user must be in one straight-line stretch (no branch
// between them), the user the only reader of the producer's value (the
// register is written again after it in the stretch, or written once and
// read once in the function), neither guarded.
type Lowering struct {
	byFunc [][]uint8
	// reduced: the shared atomics ptxas reduces in the warp (atomserial.go)
	reduced [][]bool
	// three: instructions whose SASS reads three R registers (regbank.go)
	three [][]bool
	// order: the PC whose timing an issue at this PC takes (sched.go);
	// infos the analysed function's instructions
	order [][]int32
	infos []*exec.InstInfo
	// cmpBranch: branches on a setp's predicate (sched.go)
	cmpBranch [][]bool
	// hoisted: branches on a compare ptxas hoists out of the loop (predbranch.go)
	hoisted [][]bool
	// sbase: movs of a shared variable's address left in place (sharedbase.go)
	sbase [][]bool
	// brs: merged compare chains and if-converted branches (brshape.go)
	brs []brShapeInfo
	// lhoist: counted loops whose compare ptxas puts at the top (loophoist.go)
	lhoist []*loopHoist
	// elect: stores ptxas wraps in an ELECT loop (bulkelect.go)
	elect [][]bool
}

const (
	lowNone uint8 = iota
	lowFused
	lowFlex
	lowAbsorb // an add that took in another (a three-input IADD3: ALU only)
)

// NewLowering analyses kernel k's entry function.
func NewLowering(k *exec.Kernel) *Lowering {
	l := &Lowering{}
	infos := k.Infos()
	if len(infos) == 0 {
		return l
	}
	fi := int(infos[0].Func)
	prog := k.Program()
	if fi < 0 || fi >= len(prog.Funcs) || len(prog.Funcs[fi].Insts) != len(infos) {
		return l
	}
	f := prog.Funcs[fi]
	for i := range infos {
		if infos[i].Text != f.Insts[i].Text {
			return l // not the instructions the infos describe
		}
	}
	l.byFunc = make([][]uint8, fi+1)
	l.byFunc[fi] = lowerFunc(infos, f.Insts)
	l.reduced = make([][]bool, fi+1)
	l.reduced[fi] = atomReduced(f, infos)
	l.three = make([][]bool, fi+1)
	l.three[fi] = threeRegSources(f, infos, l.byFunc[fi])
	l.order = make([][]int32, fi+1)
	l.order[fi] = issueOrder(f, infos, l.byFunc[fi])
	l.infos = infos
	l.cmpBranch = make([][]bool, fi+1)
	fold, copies := selpFolds(f, infos)
	for pc, h := range fold {
		if h {
			l.byFunc[fi][pc] = lowFused // a predicate's selp/setp round trip: no SASS (selpfold.go)
		}
	}
	l.cmpBranch[fi] = compareBranches(infos, copies)
	l.hoisted = make([][]bool, fi+1)
	var setp []bool
	l.hoisted[fi], setp = predHoisted(f, infos)
	for pc, h := range setp {
		if h {
			l.byFunc[fi][pc] = lowFused // hoisted out of the loop: no SASS in it
		}
	}
	l.sbase = make([][]bool, fi+1)
	l.sbase[fi] = sharedBaseMovs(prog, f)
	l.brs = make([]brShapeInfo, fi+1)
	l.brs[fi] = brShapes(f, infos)
	for pc, sh := range l.brs[fi].shape {
		if sh == brMerged || sh == brIfConv {
			l.byFunc[fi][pc] = lowFused // no BRA in SASS (brshape.go)
		}
	}
	l.lhoist = make([]*loopHoist, fi+1)
	l.lhoist[fi] = findLoopHoists(f, infos)
	l.elect = make([][]bool, fi+1)
	l.elect[fi] = electStores(f, infos)
	return l
}

// brShape is the instruction's branch shape (brshape.go) and, for
// brOrSetp, the previous compare's predicate.
func (l *Lowering) brShape(info *exec.InstInfo) (uint8, int32) {
	if l == nil || int(info.Func) >= len(l.brs) {
		return brPlain, 0
	}
	b := &l.brs[info.Func]
	if int(info.PC) >= len(b.shape) {
		return brPlain, 0
	}
	return b.shape[info.PC], b.prevPred[info.PC]
}

// ifConvSkipped: the PCs an if-converted branch jumps over.
func (l *Lowering) ifConvSkipped(info *exec.InstInfo) (lo, hi int32) {
	b := &l.brs[info.Func]
	return b.skipLo[info.PC], b.skipHi[info.PC]
}

// compareBranch: a branch on a setp's predicate (sched.go).
func (l *Lowering) compareBranch(info *exec.InstInfo) bool {
	return l != nil && perPC(l.cmpBranch, info)
}

// timed is the instruction whose timing an issue of info takes: ptxas's
// order of straight-line code (sched.go).
func (l *Lowering) timed(info *exec.InstInfo) *exec.InstInfo {
	if l == nil || info == nil {
		return info
	}
	if int(info.Func) >= len(l.order) || int(info.PC) >= len(l.order[info.Func]) {
		return info
	}
	if pc := l.order[info.Func][info.PC]; pc != info.PC && int(pc) < len(l.infos) {
		return l.infos[pc]
	}
	return info
}

// perPC is an analysis table's entry for the instruction (the zero value
// outside the analysed function).
func perPC[T any](tab [][]T, info *exec.InstInfo) (v T) {
	if int(info.Func) < len(tab) {
		if b := tab[info.Func]; int(info.PC) < len(b) {
			v = b[info.PC]
		}
	}
	return v
}

// threeRegs: the instruction's SASS reads three distinct R registers
// (regbank.go).
func (l *Lowering) threeRegs(info *exec.InstInfo) bool { return l != nil && perPC(l.three, info) }

// warpReduced: ptxas reduces this shared atomic in the warp (atomserial.go).
func (l *Lowering) warpReduced(info *exec.InstInfo) bool { return l != nil && perPC(l.reduced, info) }

// predHoisted: the branch's guard comes from a compare ptxas hoists out
// of the loop (predbranch.go).
func (l *Lowering) predHoisted(info *exec.InstInfo) bool { return l != nil && perPC(l.hoisted, info) }

// sharedBase: a mov of a shared variable's address whose S2UR ptxas
// leaves in place (sharedbase.go).
func (l *Lowering) sharedBase(info *exec.InstInfo) bool { return l != nil && perPC(l.sbase, info) }

// electStore: a store ptxas wraps in an ELECT loop (bulkelect.go).
func (l *Lowering) electStore(info *exec.InstInfo) bool { return l != nil && perPC(l.elect, info) }

// kind is the lowering of an instruction.
func (l *Lowering) kind(info *exec.InstInfo) uint8 {
	if l == nil {
		return lowNone
	}
	return perPC(l.byFunc, info)
}

// leafSet is the inputs of a (fused) logic tree: registers and immediates.
type leafSet struct {
	regs []int32
	imms int
}

func (a leafSet) union(b leafSet) leafSet {
	out := leafSet{regs: slices.Clone(a.regs), imms: a.imms + b.imms}
	for _, r := range b.regs {
		if !slices.Contains(out.regs, r) {
			out.regs = append(out.regs, r)
		}
	}
	return out
}

func (a leafSet) n() int { return len(a.regs) + a.imms }

func lowerFunc(infos []*exec.InstInfo, insts []ptx.Inst) []uint8 {
	out := make([]uint8, len(infos))
	defs, uses := map[int32]int{}, map[int32]int{}
	for _, inf := range infos {
		for _, r := range inf.Defs {
			defs[r]++
		}
		for _, r := range inf.Uses {
			uses[r]++
		}
	}
	// block[i]: index of the straight-line stretch instruction i is in
	block := make([]int, len(infos))
	b := 0
	for i, inf := range infos {
		block[i] = b
		if inf.Pipe == ptx.PipeBranch {
			b++
		}
	}
	leaves := make([]leafSet, len(infos))
	lastDef := map[int32]int{} // register -> its last def in the current stretch
	// producer: the instruction of kind want whose value of register r
	// user i reads, in i's stretch, when i is the value's only reader
	producer := func(i int, r int32, want func(int) bool) int {
		a, ok := lastDef[r]
		if !ok || a >= i || block[a] != block[i] || !want(a) || out[a] == lowFused {
			return -1
		}
		n := 0
		for j := a + 1; j < len(infos) && block[j] == block[a]; j++ {
			if slices.Contains(infos[j].Uses, r) {
				n++
			}
			if slices.Contains(infos[j].Defs, r) {
				// redefined: the value is dead after j
				if n == 1 {
					return a
				}
				return -1
			}
		}
		// live to the stretch's end: fused only if nothing else reads it
		if n == 1 && defs[r] == 1 && uses[r] == 1 {
			return a
		}
		return -1
	}
	addLike := func(j int) bool { return isAddLike(infos[j], &insts[j]) }
	logic := func(j int) bool { return isLogic(infos[j], &insts[j]) }
	for i, inf := range infos {
		in := &insts[i]
		if i > 0 && block[i] != block[i-1] {
			clear(lastDef)
		}
		switch {
		case isAddLike(inf, in):
			for _, r := range inf.Uses {
				if a := producer(i, r, addLike); a >= 0 && out[a] != lowAbsorb && infos[a].Bits == inf.Bits {
					out[a], out[i] = lowFused, lowAbsorb
					break
				}
			}
			if out[i] == lowNone && inf.Bits == 32 {
				out[i] = lowFlex
			}
		case isLogic(inf, in):
			var ls leafSet
			srcs := in.Ops[1:]
			if inf.Op == ptx.OpLop3 && len(srcs) > 0 {
				srcs = srcs[:len(srcs)-1] // the truth table
			}
			for j := range srcs {
				if srcs[j].Kind == ptx.OpdImm {
					ls.imms++
				}
			}
			for k, r := range inf.Uses {
				if a := producer(i, r, logic); a >= 0 && leavesIntact(leaves[a], a, lastDef) {
					if u := ls.union(leaves[a]); u.n()+len(uncounted(inf.Uses[k+1:], u)) <= 3 {
						ls, out[a] = u, lowFused
						continue
					}
				}
				if !slices.Contains(ls.regs, r) {
					ls.regs = append(ls.regs, r)
				}
			}
			leaves[i] = ls
		case inf.Op == ptx.OpShl && inf.Bits == 32 && in.Guard < 0 && len(in.Ops) == 3 && in.Ops[2].Kind == ptx.OpdImm:
			out[i] = lowFlex // SHF.L.U32 or IMAD.SHL.U32
		case in.Guard >= 0 && guardedAddFlex(inf, in):
			out[i] = lowFlex // @P IADD3 or @P VIADD (brnt8_nb64: alternating with ISETPs, one a cycle)
		}
		for _, r := range inf.Defs {
			lastDef[r] = i
		}
	}
	return out
}

// leavesIntact: no input register of producer a was written at or after
// a (the asm "+r" chains of itmix_*: `lop3 y, y, x, m` twice on one y is
// four values, y0 x1 x2 m, not the three register names).
func leavesIntact(ls leafSet, a int, lastDef map[int32]int) bool {
	for _, r := range ls.regs {
		if d, ok := lastDef[r]; ok && d >= a {
			return false
		}
	}
	return true
}

// uncounted is the registers of the uses still to come not yet in u.
func uncounted(uses []int32, u leafSet) []int32 {
	var out []int32
	for _, x := range uses {
		if !slices.Contains(u.regs, x) {
			out = append(out, x)
		}
	}
	return out
}

// isAddLike: an unguarded integer add or sub of two inputs, no carry, no
// saturation.
func isAddLike(inf *exec.InstInfo, in *ptx.Inst) bool {
	if (inf.Op != ptx.OpAdd && inf.Op != ptx.OpSub) || inf.Pipe != ptx.PipeALU || in.Guard >= 0 || inf.Slots == 0 {
		return false
	}
	if inf.Bits != 32 && inf.Bits != 64 {
		return false
	}
	return !strings.Contains(in.Text, ".cc") && !strings.Contains(in.Text, ".sat") && len(in.Ops) == 3
}

// guardedAddFlex: a guarded 32-bit add or sub, which ptxas puts on either
// pipe like an unguarded one (brshape.go).
func guardedAddFlex(inf *exec.InstInfo, in *ptx.Inst) bool {
	return (inf.Op == ptx.OpAdd || inf.Op == ptx.OpSub) && inf.Pipe == ptx.PipeALU && inf.Slots > 0 && inf.Bits == 32 &&
		!strings.Contains(in.Text, ".cc") && !strings.Contains(in.Text, ".sat") && len(in.Ops) == 3
}

// isLogic: an unguarded and, or, xor, not or lop3 of 32 or 64 bits.
func isLogic(inf *exec.InstInfo, in *ptx.Inst) bool {
	switch inf.Op {
	case ptx.OpAnd, ptx.OpOr, ptx.OpXor, ptx.OpNot, ptx.OpLop3:
	default:
		return false
	}
	return in.Guard < 0 && inf.Slots > 0 && (inf.Bits == 32 || inf.Bits == 64) && !strings.Contains(in.Text, ".pred")
}

// flexPipe is the pipe a lowFlex instruction issues to: the ALU, or the
// FMA pipe's IMAD forms when that is free sooner.
func flexPipe(sp *subPart) ptx.Pipe {
	if sp.pipeFree[ptx.PipeIMAD] < sp.pipeFree[ptx.PipeALU] {
		return ptx.PipeIMAD
	}
	return ptx.PipeALU
}
