package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Address offsets folded into the memory instruction. ptxas turns
// `add.s64 %rd15, %rd14, 128; st.global.u32 [%rd15], %r1;` into
// `STG.E [R14.64+0x80], R1`: an add of an immediate whose value is only
// ever the address of memory instructions becomes their immediate offset,
// with no SASS of its own. tools/microbench/gls2.cu's 16 unrolled stores
// (gls2_st*_coal_*: one add.s64 of 128·k before each st.global in the PTX)
// are 16 STG.E [R6.64+0x80·k] and 7 other instructions in the loop
// (cuobjdump of the recorded PTX, ptxas 13.0, H200); one warp stores a
// 32-bit coalesced line every 7.5 cycles there, which the adds' issue and
// ALU latency before each store would make 9.5.
//
// The fold needs: an unguarded add (or sub) of a register and an integer
// immediate within the 24-bit signed offset of SASS, 32 or 64 bits, no
// carry; its destination written once in the function; every reader an
// address `[%r]` or `[%r+off]` of a load, store, atomic or matrix
// load/store in the add's straight-line stretch, with the base register
// not written between the add and the reader (the reader reads base+imm).
func addrFolds(f *ptx.Function, infos []*exec.InstInfo) []bool {
	return immAddFolds(f, infos, func(_ int, in *ptx.Inst, d int32) bool { return addrOnly(in, d) })
}

// immAddFolds marks the adds of an immediate (addImmBase) whose
// destination is written once in the function and whose every reader,
// in the add's straight-line stretch with the base not written in
// between, is one reader(j, in, d) accepts: addrFolds (memory
// instructions' [R+imm]) and tmaOperandAdds (tmacopy.go: a TMA load's
// ELECT preamble).
func immAddFolds(f *ptx.Function, infos []*exec.InstInfo, reader func(j int, in *ptx.Inst, d int32) bool) []bool {
	n := len(infos)
	out := make([]bool, n)
	var defs, reads map[int32]int // writes and reading instructions per register (at the first candidate)
	target := f.LabelTargets()
	for i := 0; i < n; i++ {
		base, ok := addImmBase(infos[i], &f.Insts[i])
		if !ok {
			continue
		}
		if defs == nil {
			defs, reads = map[int32]int{}, map[int32]int{}
			for _, inf := range infos {
				for _, r := range inf.Defs {
					defs[r]++
				}
				for k, r := range inf.Uses {
					if !hasReg(inf.Uses[:k], r) {
						reads[r]++
					}
				}
			}
		}
		d := f.Insts[i].Ops[0].Reg
		if defs[d] != 1 {
			continue
		}
		readers, fold := 0, true
		// the rest of the add's straight-line stretch
		for j := i + 1; j < n && fold; j++ {
			if target[j] {
				break
			}
			in, inf := &f.Insts[j], infos[j]
			if hasReg(inf.Uses, d) {
				if !reader(j, in, d) {
					fold = false
					break
				}
				readers++
			}
			if inf.Pipe == ptx.PipeBranch || hasReg(inf.Defs, base) {
				break
			}
		}
		out[i] = fold && readers > 0 && readers == reads[d]
	}
	return out
}

// addImmBase: the instruction is `add d, base, imm` (or `add d, imm,
// base`, `sub d, base, imm`) whose immediate fits SASS's 24-bit signed
// address offset; base is the register.
func addImmBase(inf *exec.InstInfo, in *ptx.Inst) (int32, bool) {
	if (inf.Op != ptx.OpAdd && inf.Op != ptx.OpSub) || in.Guard >= 0 || inf.Slots == 0 || len(in.Ops) != 3 {
		return 0, false
	}
	if (inf.Bits != 32 && inf.Bits != 64) || strings.Contains(in.Text, ".cc") || strings.Contains(in.Text, ".sat") {
		return 0, false
	}
	if in.Ops[0].Kind != ptx.OpdReg {
		return 0, false
	}
	a, b := in.Ops[1], in.Ops[2]
	if a.Kind == ptx.OpdImm && inf.Op == ptx.OpAdd {
		a, b = b, a
	}
	if a.Kind != ptx.OpdReg || b.Kind != ptx.OpdImm {
		return 0, false
	}
	v := int64(b.Imm)
	if inf.Bits == 32 {
		v = int64(int32(uint32(b.Imm)))
	}
	if v < -(1<<23) || v >= 1<<23 {
		return 0, false
	}
	return a.Reg, true
}

// addrOnly: register r appears in in only as the base of an address
// operand, and in is a memory instruction whose SASS takes [R+imm].
func addrOnly(in *ptx.Inst, r int32) bool {
	switch in.Op {
	case ptx.OpLd, ptx.OpLdu, ptx.OpSt, ptx.OpAtom, ptx.OpRed, ptx.OpLdmatrix, ptx.OpStmatrix:
	default:
		return false
	}
	return wholeAddrOnly(in, r)
}

// wholeAddrOnly: r appears in in only as a whole address operand `[%r]`
// (not its guard, not another operand): addrOnly, and a TMA load's
// destination or mbarrier (tmaOperandAdds).
func wholeAddrOnly(in *ptx.Inst, r int32) bool {
	if in.Guard == r {
		return false
	}
	found := false
	for k := range in.Ops {
		o := &in.Ops[k]
		switch {
		case o.Kind == ptx.OpdAddr && o.Reg == r && len(o.Elems) == 0:
			found = true
		case operandReads(o, r):
			return false
		}
	}
	return found
}

// operandReads: operand o reads register r (directly or in a vector).
func operandReads(o *ptx.Operand, r int32) bool {
	if (o.Kind == ptx.OpdReg || o.Kind == ptx.OpdAddr) && o.Reg == r {
		return true
	}
	for k := range o.Elems {
		if operandReads(&o.Elems[k], r) {
			return true
		}
	}
	return false
}
