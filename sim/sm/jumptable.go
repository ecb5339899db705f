package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// ptxas's jump tables (timing only; the functional run executes every PTX
// compare and branch). nvcc writes a C switch as a tree of `setp.gt`
// splits whose leaves are runs of equality tests on the switch value:
//
//	setp.eq.s32 %p17, %r13, 0;  @%p17 bra CASE0;
//	setp.eq.s32 %p18, %r13, 1;  @%p18 bra CASE1;
//	bra.uni DEFAULT;
//
// ptxas (13.0, -arch=sm_90a) keeps the tree's splits (ISETP.GT + BRA, the
// same tree) and turns every leaf run of two or more equality tests into a
// jump table (cuobjdump of bulkred_*'s bulk_red, tmast9_*'s t9_x and the
// evidence kernel tma_reduce_ops):
//
//	VIMNMX.U32 R5, R8, 0x2, PT          (or IMAD.MOV + VIADDMNMX.U32: the
//	IMAD.SHL.U32 R5, R5, 0x4, RZ         index, clamped to one entry past
//	LDC R6, c[0x2][R5+0x1c]              the run's cases; that entry is the
//	SHF.R.S32.HI R7, RZ, 0x1f, R6        code after the run)
//	BRX R6 -0x330
//
// or the same on the uniform datapath (UISETP/USEL/USHF/ULDC/BRXU) when the
// value is in a uniform register. Every way through the run is one indexed
// constant load and one indirect branch, whichever case is taken: the
// run's first compare stands for the clamp (an ALU instruction), its
// branch for the rest, which holds the warp jump_table_cycles
// (brTable: the shift, the indexed LDC's latency and BRX's refetch), and
// the run's other compares and branches have no SASS. A `bra.uni` right
// after the run (the default case) is the table's last entry: no SASS
// either. A compare after the run that is not an equality test with a
// branch (nvcc's `setp.ne %r, K; @p bra DEFAULT` for the last case) stays
// a compare and branch after the table (bulk_red: ISETP.NE after the BRX
// of cases 7-9).

// Which datapath a table takes is ptxas's register allocation; in the
// three kernels read it follows where the switch value was last compared:
// a table whose run is entered through a compare ptxas hoisted out of the
// loop (predbranch.go: t9_x's root split, then cases 0-2) reads the value
// again from the constant bank into a uniform register (ULDC ... BRXU:
// jtHeadUniform, jump_table_uniform_cycles); a table entered through a
// compare issued on the way (bulk_red's second-level splits, t9_x's cases
// 3-4, every table of tma_reduce_ops, which has no loop) indexes with that
// compare's R register (LDC ... BRX: jump_table_cycles).

// jumpTableMin: the fewest equality tests ptxas makes a table of (a single
// test stays ISETP + BRA: t9_x's case 5).
const jumpTableMin = 2

// Jump-table marks per PC (jumpTables).
const (
	jtNone        uint8 = iota
	jtHead              // the run's first branch: the table's BRX
	jtHeadUniform       // the same on the uniform datapath (BRXU)
	jtFused             // a compare or branch of the run (or its default bra.uni) with no SASS
)

// jumpTables finds the runs of equality tests ptxas turns into jump
// tables in f (every head jtHead: tableDatapaths picks the uniform ones).
func jumpTables(f *ptx.Function, infos []*exec.InstInfo) []uint8 {
	n := len(infos)
	out := make([]uint8, n)
	target := f.LabelTargets()
	// test: setp.eq (integer) of a register and an immediate at i, the
	// branch on its predicate at i+1 (nothing else)
	test := func(i int) (reg int32, imm uint64, ok bool) {
		if i+1 >= n || target[i+1] {
			return 0, 0, false
		}
		s, b := &f.Insts[i], &f.Insts[i+1]
		if s.Op != ptx.OpSetp || s.Guard >= 0 || s.Mods.Cmp != ptx.CmpEq || s.Mods.Bool != ptx.BoolNone ||
			len(s.Ops) != 3 || len(infos[i].Defs) != 1 || b.Op != ptx.OpBra || b.Guard != infos[i].Defs[0] ||
			b.GuardNeg || branchTarget(b, n+1) < 0 {
			return 0, 0, false
		}
		for _, t := range s.Mods.Types {
			if t.IsFloat() {
				return 0, 0, false
			}
		}
		return regImm(s)
	}
	for i := 0; i < n; {
		reg, imm, ok := test(i)
		if !ok {
			i++
			continue
		}
		seen := map[uint64]bool{imm: true}
		end := i + 2 // one past the run
		for end < n && !target[end] {
			r2, imm2, ok2 := test(end)
			if !ok2 || r2 != reg || seen[imm2] {
				break
			}
			seen[imm2] = true
			end += 2
		}
		if len(seen) >= jumpTableMin {
			out[i+1] = jtHead
			for j := i + 2; j < end; j++ {
				out[j] = jtFused
			}
			if end < n && !target[end] {
				if b := &f.Insts[end]; b.Op == ptx.OpBra && b.Guard < 0 {
					out[end] = jtFused // the default: the table's last entry
				}
			}
		}
		i = end
	}
	return out
}

// regImm: the register and the immediate a three-operand compare (or
// other instruction) reads as its two sources, in either order.
func regImm(in *ptx.Inst) (reg int32, imm uint64, ok bool) {
	if len(in.Ops) != 3 {
		return 0, 0, false
	}
	x, y := &in.Ops[1], &in.Ops[2]
	if x.Kind == ptx.OpdImm {
		x, y = y, x
	}
	if x.Kind != ptx.OpdReg || y.Kind != ptx.OpdImm {
		return 0, 0, false
	}
	return x.Reg, y.Imm, true
}

// tableDatapaths marks the heads of jt whose table is on the uniform
// datapath: those entered through a compare ptxas hoists out of the loop
// (hoisted: predHoisted's result).
func tableDatapaths(f *ptx.Function, infos []*exec.InstInfo, jt []uint8, hoisted []bool) {
	target := f.LabelTargets()
	for pc, m := range jt {
		if m != jtHead {
			continue
		}
		if e := tableEntry(f, infos, pc-1, target); e >= 0 && hoisted[e] {
			jt[pc] = jtHeadUniform
		}
	}
}

// tableEntry is the compare whose branch leads into the run at pc (a
// branch to its label, through a `bra.uni` right after a guarded branch,
// or falling through from a guarded branch), or -1.
func tableEntry(f *ptx.Function, infos []*exec.InstInfo, pc int, target []bool) int {
	n := len(infos)
	br := -1
	if target[pc] {
		for j := range f.Insts {
			if b := &f.Insts[j]; b.Op == ptx.OpBra && branchTarget(b, n+1) == pc {
				if br >= 0 {
					return -1 // several ways in
				}
				br = j
			}
		}
		if br > 0 && f.Insts[br].Guard < 0 && !target[br] {
			br-- // the bra.uni after a guarded branch
		}
	} else if pc > 0 {
		br = pc - 1
	}
	if br < 0 || f.Insts[br].Op != ptx.OpBra || f.Insts[br].Guard < 0 {
		return -1
	}
	if j := guardDef(f, infos, br); j >= 0 && f.Insts[j].Op == ptx.OpSetp {
		return j
	}
	return -1
}
