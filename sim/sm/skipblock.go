package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A block skipped on a loop-invariant predicate (session 32, lane tmast;
// timing only). tmast9_skip_s0 (tools/microbench/tmast9.cu, kind 7:
// `add; if (sel == 1) { bulk reduction; commit; wait_group 0 }` with
// sel = 0) takes 34.46 cycles an iteration on the H200 against 30.32 for
// tmast9_alu (the same loop without the if): the skip costs 4.1 cycles,
// branch_not_taken_cycles (4, fitted on brnt8_*), not a taken branch
// (branch_latency_cycles, 10), and none of the block's address arithmetic
// (`and; cvt; add.s64` of the reduction's destination, written before the
// branch in the PTX and read only in the block) is paid. The rule, read
// from these recordings (the SASS of t9_x's kind 7 was not dumped): ptxas
// lays such a block out of line (the loop falls through when it skips the
// block) and sinks into it the arithmetic only the block reads.
//
// skipBlocks marks, per PC of f,
//   - out: the guarded forward branches over such a block: the branch's
//     compare is hoisted out of the loop (setp, predHoisted), a guarded
//     backward branch after the block closes the loop, the block
//     [branch+1, target) holds no branch and no label another branch
//     jumps to, and it is not if-converted (brPlain). When every active
//     lane takes it, it holds branch_not_taken_cycles (warp.go).
//   - sunk: the integer arithmetic right before such a branch (its basic
//     block, unguarded) whose results only the block (or other sunk
//     instructions) reads: no SASS on the loop's path (lowFused);
//   - sunkOf: per such branch, its sunk PCs in PTX order: when the warp
//     enters the block they issue there, after the branch (skipEnter).
//     tmast9_skip_s1 (sel = 1, the block run every iteration) stays where
//     it was (169.3 cycles, GPU 167.7): making them free on both paths put
//     it at 157.3 (-6.2%).
func skipBlocks(f *ptx.Function, infos []*exec.InstInfo, setp []bool, shape []uint8) (out, sunk []bool, sunkOf [][]int32) {
	n := len(infos)
	refs := branchRefs(f, n) // bra instructions into each PC
	for b := range f.Insts {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 || shape[b] != brPlain {
			continue
		}
		p := guardDef(f, infos, b)
		if p < 0 || !setp[p] {
			continue
		}
		t := branchTarget(in, n+1)
		if t <= b+1 || t > n {
			continue
		}
		// in a loop: a guarded backward branch at or after the target
		// jumps to or before the compare (t6red_none's `if (tid != 0)`
		// before its ret lies under a switch's unguarded bra.uni back
		// jumps only, no loop: it stays a taken branch)
		ok := false
		for k := t; k < n && !ok; k++ {
			if g := &f.Insts[k]; g.Op == ptx.OpBra && g.Guard >= 0 {
				bt := branchTarget(g, n)
				ok = bt >= 0 && bt <= p
			}
		}
		for j := b + 1; j < t && ok; j++ {
			ok = !(j > b+1 && refs[j] > 0) && infos[j].Pipe != ptx.PipeBranch
		}
		if !ok {
			continue
		}
		if out == nil {
			out, sunk, sunkOf = make([]bool, n), make([]bool, n), make([][]int32, n)
		}
		out[b] = true
		// sink backwards from the branch: an instruction goes when every
		// reader of its results is in the block or already sunk
		for j := b - 1; j >= 0 && infos[j].Pipe != ptx.PipeBranch && refs[j+1] == 0; j-- {
			inf := infos[j]
			if j == p || f.Insts[j].Guard >= 0 || len(inf.Defs) == 0 || inf.Async != exec.AsyncNone {
				continue
			}
			switch inf.Pipe {
			case ptx.PipeALU, ptx.PipeIMAD, ptx.PipeConv:
			default:
				continue
			}
			only := true
			for k := 0; k < n && only; k++ {
				if (k > b && k < t) || sunk[k] {
					continue
				}
				for _, r := range inf.Defs {
					if hasReg(infos[k].Uses, r) {
						only = false
						break
					}
				}
			}
			if only {
				sunk[j] = true
				sunkOf[b] = append([]int32{int32(j)}, sunkOf[b]...)
			}
		}
	}
	return out, sunk, sunkOf
}

// skipEnter issues the instructions sunk into the out-of-line block of
// branch info when the warp enters it (no lane takes the branch): one
// issue slot each after the branch's hold, in PTX order, each result
// ready its pipe's latency after its sources.
func (s *SM) skipEnter(ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	l := s.code.low
	if !l.skipBlock(info) {
		return
	}
	at := now
	for _, pc := range l.sched.skipSunk[info.PC] {
		inf := l.sched.infos[pc]
		at = max(at+1, ws.srcReady(inf))
		for _, r := range inf.Defs {
			ws.setReg(r, at+engine.Cycle(s.cfg.Pipes[inf.Pipe].LatencyCycles), StallWait)
		}
	}
	if at > now {
		ws.setReady(at+1, StallWait)
	}
}

// skipBlock: the branch info is skipBlocks' out (a block laid out of line).
func (l *Lowering) skipBlock(info *exec.InstInfo) bool {
	if l == nil || l.sched == nil || l.sched.skipBra == nil || int(info.Func) != l.sched.entry {
		return false
	}
	return int(info.PC) < len(l.sched.skipBra) && l.sched.skipBra[info.PC]
}
