package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Register-bank conflicts. A SASS instruction that reads three distinct
// per-thread (R) registers stalls its scheduler's dispatch for part of a
// cycle on average: two of its operands often sit in one bank of the
// register file and the operand collector reads them one after the
// other (ncu: dispatch stalls). The microbenchmarks: itmix_imad_lop
// (IMAD + `LOP3.LUT R12, R12, R26, R5`) runs 0.37-0.43 issue cycles per LOP3
// slower than itmix_imad_lop2 (LOP3 of two registers) at 1, 4 and 8 warps
// per scheduler, with 0.74 warps per issue in dispatch stall at 8 against
// 0.04 (H200 and H100 alike); itmix_imad3_shf's IMAD of three values does
// not pay, because ptxas keeps the loop-invariant one in a uniform
// register (`IMAD R8, R8, R17, UR5`). regbank_conflict_cycles is that
// mean cost, charged to the scheduler's issue slot.
//
// From the PTX: the instruction's SASS inputs are its register operands,
// with a value ptxas fused into it (lower.go: a logic tree's leaves, an
// IADD3's third input) replaced by that producer's inputs; a register
// counts when it is not uniform (uniform.go), or uniform but read twice by
// one instruction somewhere (ptxas then keeps it in an R register:
// itmix_imad_lop's `mad.lo x, x, m, m`), or a second uniform input of the
// instruction (one uniform operand a SASS instruction). Only integer
// instructions of one SASS instruction on the ALU and IMAD pipes are
// judged (what the microbenchmarks cover).

// threeRegSources marks, by PC, the instructions of f whose SASS reads three
// distinct R registers. kinds is lowerFunc's result, uni uniformRegs'.
func threeRegSources(f *ptx.Function, infos []*exec.InstInfo, kinds []uint8, uni []bool) []bool {
	n := len(infos)
	out := make([]bool, n)
	nregs := len(f.Regs)
	// a uniform value read twice by one instruction lives in an R register
	inR := make([]bool, nregs)
	for pc := range f.Insts {
		ops := f.Insts[pc].Ops
		for k := 1; k < len(ops); k++ {
			r := ops[k].Reg
			if ops[k].Kind != ptx.OpdReg || r < 0 || int(r) >= nregs || !uni[r] {
				continue
			}
			for j := k + 1; j < len(ops); j++ {
				if ops[j].Kind == ptx.OpdReg && ops[j].Reg == r {
					inR[r] = true
				}
			}
		}
	}
	inputs := make([][]int32, n)
	lastDef := map[int32]int{}
	for i, inf := range infos {
		if i > 0 && infos[i-1].Pipe == ptx.PipeBranch {
			clear(lastDef)
		}
		var in []int32
		for _, r := range inf.Uses {
			if int(r) >= nregs {
				continue // the carry flag
			}
			if a, ok := lastDef[r]; ok && kinds[a] == lowFused {
				for _, x := range inputs[a] {
					if !slices.Contains(in, x) {
						in = append(in, x)
					}
				}
				continue
			}
			if !slices.Contains(in, r) {
				in = append(in, r)
			}
		}
		inputs[i] = in
		for _, r := range inf.Defs {
			lastDef[r] = i
		}
		if kinds[i] == lowFused || inf.Slots != 1 || (inf.Pipe != ptx.PipeALU && inf.Pipe != ptx.PipeIMAD) {
			continue
		}
		if f.Insts[i].Mods.Types != nil && slices.ContainsFunc(f.Insts[i].Mods.Types, ptx.Type.IsFloat) {
			continue
		}
		rs, us := 0, 0
		for _, r := range in {
			switch {
			case !uni[r] || inR[r] || f.Regs[r].Type == ptx.Pred:
				if f.Regs[r].Type != ptx.Pred {
					rs++
				}
			default:
				us++
			}
		}
		if us > 1 {
			rs += us - 1
		}
		out[i] = rs >= 3
	}
	return out
}
