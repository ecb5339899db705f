package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A branch guarded by a predicate the warp has just computed waits for it
// longer than an ALU instruction would: ISETP then a dependent BRA. From
// the tmast9_* loops (tools/microbench/gen8_tmast.py, SASS checked, the
// same cycles on the H200 and the H100):
//
//   - tmast9_alu, one asm add per iteration (SASS: IMAD.IADD, VIADD,
//     ISETP, @!P BRA): 30.3 cycles an iteration, where the model without
//     this wait gives 15.2 (the compare's ALU latency, then the branch's);
//   - tmast9_sw8_s5, three ISETP + dependent taken BRA pairs more per
//     iteration (ptxas's compare chain of a switch): 92.4, about 20 cycles
//     a pair;
//   - tmast9_skip_s0, a forward branch over a block on a loop-invariant
//     compare (ptxas hoists the ISETP out of the loop; the PTX recomputes
//     it every iteration): 34.5, only 4 cycles more than tmast9_alu.
//
// So the guard of a branch is ready PredBranchCycles after the cycle the
// scoreboard has for it, unless the compare that writes it is one ptxas
// hoists out of the loop (predHoisted).

// predHoisted marks, per PC of function f, the guarded branches whose
// guard comes from a setp of their own stretch that ptxas hoists out of
// the innermost loop around it: its sources are not written in the loop,
// and it is the loop's only such compare (ptxas keeps a loop-invariant
// compare in a predicate register across the loop when it is alone:
// tmast9_skip_s0, tmast9_redif_*; with several, as in a switch's compare
// chain, it recomputes them: tmast9_sw8_*, bulkred_*).
//
// It returns the branches (bra[pc]) and their compares (setp[pc]): a
// hoisted compare has no SASS in the loop (Lowering marks it lowFused: its
// predicate is ready when its sources are, long before the branch).
func predHoisted(f *ptx.Function, infos []*exec.InstInfo) (bra, setp []bool) {
	n := len(infos)
	bra, setp = make([]bool, n), make([]bool, n)
	type cand struct{ br, set, lo, hi int }
	var cs []cand
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpBra || in.Guard < 0 {
			continue
		}
		p := -1
		for j := pc - 1; j >= 0 && infos[j].Pipe != ptx.PipeBranch; j-- {
			if hasReg(infos[j].Defs, in.Guard) {
				p = j
				break
			}
		}
		if p < 0 || f.Insts[p].Op != ptx.OpSetp || f.Insts[p].Guard >= 0 {
			continue
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
	for _, c := range cs {
		alone := true
		for _, d := range cs {
			if d.br != c.br && d.lo == c.lo && d.hi == c.hi {
				alone = false
			}
		}
		if alone {
			bra[c.br], setp[c.set] = true, true
		}
	}
	return bra, setp
}

// predCover is, per guarded branch, how many issuing instructions of its
// straight-line stretch do not feed its guard: work ptxas can schedule
// between the compare and the branch (it puts the ISETP early), which
// hides the wait as far as it goes (1 cycle each). chain_* and fma_tput_*
// (64 dependent or independent ops per loop iteration) hide it all;
// tmast9_alu (one add besides the counter) almost none.
func predCover(infos []*exec.InstInfo) []int32 {
	n := len(infos)
	out := make([]int32, n)
	for pc := range infos {
		if infos[pc].Op != ptx.OpBra || len(infos[pc].Uses) == 0 {
			continue
		}
		start := pc
		for start > 0 && infos[start-1].Pipe != ptx.PipeBranch {
			start--
		}
		need := map[int32]bool{infos[pc].Uses[0]: true} // registers the guard depends on
		cover := int32(0)
		for j := pc - 1; j >= start; j-- {
			feeds := false
			for _, d := range infos[j].Defs {
				if need[d] {
					feeds = true
				}
			}
			if feeds {
				for _, u := range infos[j].Uses {
					need[u] = true
				}
			} else if infos[j].Slots > 0 {
				cover += infos[j].Slots
			}
		}
		out[pc] = cover
	}
	return out
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

// branchGuardReady is the earliest cycle branch info may issue for its
// guard (0: no wait of this kind).
func (s *SM) branchGuardReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	c := s.cfg.PredBranchCycles - int(s.code.low.predCover(info))
	if info.Op != ptx.OpBra || c <= 0 || len(info.Uses) == 0 || s.code.low.predHoisted(info) {
		return 0
	}
	t := ws.reg(info.Uses[0])
	if t <= 0 {
		return 0
	}
	return t + engine.Cycle(c)
}
