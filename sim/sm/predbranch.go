package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Loop-invariant compares (tmast9_* loops, tools/microbench/gen8_tmast.py,
// SASS checked on the H200 and the H100): tmast9_skip_s0, a forward branch
// over a block on a loop-invariant compare, takes 34.5 cycles an iteration
// against 30.3 for tmast9_alu without it: ptxas hoists the ISETP out of the
// loop (the PTX recomputes it every iteration) and the branch reads a
// predicate that is long ready. The cost of a branch on a compare computed
// in the loop is branch_predicate_cycles (sched.go, fitted on brloop8_*).

// predHoisted marks, per PC of function f, the guarded branches whose
// guard comes from a setp of their own stretch that ptxas hoists out of
// the innermost loop around it: its sources are not written in the loop,
// and it is the loop's first such compare (ptxas keeps one loop-invariant
// compare in a predicate register across the loop: tmast9_skip_s0,
// tmast9_redif_*; with several, as in a switch's compare tree, it keeps
// the first, the tree's root, and recomputes the others in the loop:
// cuobjdump of tmast9_sw8_*, _redsw8_* (ISETP.GT P2 / P0 before the loop's
// first instruction) and bulkred_* (ISETP.GT P2, R6, 0x4 before it, the
// next split ISETP.GT P0, R8, 0x1 in it)).
//
// It returns their compares (setp[pc]): a hoisted compare has no SASS in
// the loop (the schedule marks it lowFused: its predicate is ready when its
// sources are, long before the branch).
//
// table marks the compares of jump-table runs (jumptable.go, nil: none):
// they become the table's index, not an ISETP and BRA, and are no
// candidates.
func predHoisted(f *ptx.Function, infos []*exec.InstInfo, table []uint8) (setp []bool) {
	n := len(infos)
	setp = make([]bool, n)
	type cand struct{ br, set, lo, hi int }
	var cs []cand
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpBra || in.Guard < 0 {
			continue
		}
		p := guardDef(f, infos, pc)
		if p < 0 || f.Insts[p].Op != ptx.OpSetp || f.Insts[p].Guard >= 0 {
			continue
		}
		if table != nil && (table[pc] == jtHead || table[pc] == jtFused) {
			continue // a jump table's test (jumptable.go)
		}
		lo, hi := innerLoop(f, p, n)
		if lo < 0 {
			continue // not in a loop: nothing to hoist it out of
		}
		inv := true
		for j := lo; j <= hi && inv; j++ {
			for _, u := range infos[p].Uses {
				if hasReg(infos[j].Defs, u) {
					inv = false
					break
				}
			}
		}
		if inv {
			cs = append(cs, cand{pc, p, lo, hi})
		}
	}
	hoisted := map[[2]int]bool{} // by loop: its first candidate is taken
	for _, c := range cs {       // in PC order
		if k := [2]int{c.lo, c.hi}; !hoisted[k] {
			hoisted[k] = true
			setp[c.set] = true
		}
	}
	return setp
}

// innerLoop is the PC range [target, branch] of the innermost loop (a
// backward branch) around pc, or -1, -1.
func innerLoop(f *ptx.Function, pc, n int) (int, int) {
	lo, hi := -1, -1
	for b := pc; b < n; b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra {
			continue
		}
		if t := branchTarget(in, n); t >= 0 && t <= pc && (lo < 0 || b-t < hi-lo) {
			lo, hi = t, b
		}
	}
	return lo, hi
}

func hasReg(rs []int32, r int32) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// guardDef is the instruction that last wrote the guard of the branch at
// pc since the previous branch (-1: none; the predicate comes from an
// earlier block).
func guardDef(f *ptx.Function, infos []*exec.InstInfo, pc int) int {
	g := f.Insts[pc].Guard
	for j := pc - 1; j >= 0 && infos[j].Pipe != ptx.PipeBranch; j-- {
		if hasReg(infos[j].Defs, g) {
			return j
		}
	}
	return -1
}
