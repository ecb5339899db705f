package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// selpFolds finds the predicate round trip `selp.u32 r, A, B, p;
// setp.ne|eq.s32 q, r, B` (A, B literals, A != B; the mbarrier try_wait
// idiom of CUTLASS and the evidence kernels: `mbarrier.try_wait p; selp
// 1, 0, p` in an asm block, then nvcc's setp on the result) where r is read
// by that setp alone: ptxas drops both and branches on p itself (the SASS of
// tma_load_2d_none: SYNCS.PHASECHK.TRANS64.TRYWAIT P0 then @P0 BRA, no SEL,
// no ISETP; microbench brnt8_ns*: the same round trip on a compare's
// predicate leaves one ISETP per branch, as brnt8_nm* without it). It
// returns the PCs of the folded selp and setp instructions and, for each
// setp predicate that is such a copy, p (a branch on it waits on p's
// producer: compareBranches).
func selpFolds(f *ptx.Function, infos []*exec.InstInfo) (fold []bool, copies map[int32]int32) {
	n := len(f.Insts)
	fold = make([]bool, n)
	copies = map[int32]int32{}
	fromSetp := map[int32]bool{} // predicates a setp writes
	for pc := range f.Insts {
		if f.Insts[pc].Op == ptx.OpSetp {
			for _, r := range infos[pc].Defs {
				fromSetp[r] = true
			}
		}
	}
	for s := range f.Insts {
		in := &f.Insts[s]
		if in.Op != ptx.OpSelp || in.Guard >= 0 || len(in.Ops) != 4 || in.Ops[0].Kind != ptx.OpdReg ||
			in.Ops[1].Kind != ptx.OpdImm || in.Ops[2].Kind != ptx.OpdImm || in.Ops[1].Imm == in.Ops[2].Imm ||
			in.Ops[3].Kind != ptx.OpdReg || in.Ops[3].Neg {
			continue
		}
		r := in.Ops[0].Reg
		i := nextUse(infos, s+1, r)
		if i < 0 {
			continue
		}
		st := &f.Insts[i]
		if st.Op != ptx.OpSetp || st.Guard >= 0 || len(st.Ops) != 3 || st.Ops[0].Kind != ptx.OpdReg ||
			st.Ops[1].Kind != ptx.OpdReg || st.Ops[1].Reg != r || st.Ops[2].Kind != ptx.OpdImm ||
			(st.Mods.Cmp != ptx.CmpNe && st.Mods.Cmp != ptx.CmpEq) ||
			(st.Ops[2].Imm != in.Ops[1].Imm && st.Ops[2].Imm != in.Ops[2].Imm) {
			continue
		}
		if slicesContains(infos[i].Defs, r) || nextUse(infos, i+1, r) >= 0 {
			continue // r read again before it is written: ptxas keeps the SEL
		}
		fold[s] = true
		if fromSetp[in.Ops[3].Reg] {
			// p is a compare's: ptxas recomputes that compare next to the
			// branch (brnt8_ns*: one ISETP per branch, the SASS and the
			// times of brnt8_nm*), so the setp stays as that ISETP
			continue
		}
		fold[i] = true
		copies[st.Ops[0].Reg] = in.Ops[3].Reg
	}
	return fold, copies
}

// nextUse is the first PC from `from` on that reads r, or -1 when r is
// written first or never read again (straight-line order).
func nextUse(infos []*exec.InstInfo, from int, r int32) int {
	for j := from; j < len(infos); j++ {
		if slicesContains(infos[j].Uses, r) {
			return j
		}
		if slicesContains(infos[j].Defs, r) {
			return -1
		}
	}
	return -1
}

func slicesContains(rs []int32, r int32) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
