package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A branch inside a loop waits for the loads of the previous iteration
// (issue 14 item 7, session 18, helper hbm; timing only). In the SASS of
// tlbc_* (tools/microbench/gen17_tlbc.py; ptxas 13.0 -arch=sm_90a,
// cuobjdump of all 20 recorded builds, H200 and H100) the loop's body
// starts with a two-way branch (`@!P0 BRA`: lap C's address on one side, a
// 32-bit division on the other) and ends with the chase's LDG, whose
// value both sides' join reads. ptxas puts the wait for the LDG's
// scoreboard on that first BRA (its control word's wait mask holds the
// LDG's write barrier), not on the join's LOP3 that reads the value: the
// division (I2F, MUFU.RCP, F2I and 20 more, about 150 cycles of stall
// counts) runs after each load, not under it. Every lap of the division
// side is about 150 cycles longer than lap C at every memory level, L2
// hits included (the launches run without ncu, whose lines are in L2:
// fastest lap-C load 287 cycles, fastest lap-A load 437, H200), which
// validation/timing/tlb.md had read as an HBM row conflict and a slow L2
// re-read (validation/timing/hbm18.md).
//
// The rule, as narrow as the evidence: a conditional forward branch with
// a BRA in SASS (brPlain) whose target lies inside the innermost loop
// around it waits for the registers that global loads later in that loop
// write and nothing after them in the loop reads (loads of the previous
// iteration, still in flight at the branch, whose values the next
// iteration reads). In the SASS dumps earlier sessions' device calls left
// (509 distinct files; tools/microbench/sass_loopwait_scan.py), every
// such branch with a load in flight from the previous iteration (the 20
// tlbc builds) waits for it, and the 68 conditional forward branches with
// a load of the same iteration in flight do not (no rule for those).

// loopWaits returns, per PC of f, the registers the branch there waits
// for (nil: none); shape is brShapes' result.
func loopWaits(f *ptx.Function, infos []*exec.InstInfo, shape []uint8) [][]int32 {
	n := len(infos)
	var out [][]int32
	for pc := range n {
		in := &f.Insts[pc]
		if in.Op != ptx.OpBra || in.Guard < 0 || shape[pc] != brPlain {
			continue
		}
		t := branchTarget(in, n)
		if t <= pc {
			continue
		}
		// the innermost loop around pc: the shortest back edge e -> top
		// with top <= pc < e
		top, end := -1, -1
		for e := pc + 1; e < n; e++ {
			if f.Insts[e].Op != ptx.OpBra {
				continue
			}
			if b := branchTarget(&f.Insts[e], n); b >= 0 && b <= pc && (end < 0 || e-b < end-top) {
				top, end = b, e
			}
		}
		if end < 0 || t > end {
			continue // not in a loop, or a branch out of it
		}
		var regs []int32
		for j := pc + 1; j <= end; j++ {
			lj := &f.Insts[j]
			if lj.Op != ptx.OpLd || lj.Mods.Space != ptx.SpaceGlobal || infos[j].ConstBank {
				continue
			}
			for _, r := range infos[j].Defs {
				if !readIn(infos, r, j+1, end) {
					regs = append(regs, r) // read only in the next iteration
				}
			}
		}
		if len(regs) == 0 {
			continue
		}
		if out == nil {
			out = make([][]int32, n)
		}
		out[pc] = regs
	}
	return out
}

// readIn reports whether an instruction at PCs lo..hi reads r.
func readIn(infos []*exec.InstInfo, r int32, lo, hi int) bool {
	for j := lo; j <= hi; j++ {
		if hasReg(infos[j].Uses, r) {
			return true
		}
	}
	return false
}

// loopWaitRegs is loopWaits' result for info (nil: none).
func (l *Lowering) loopWaitRegs(info *exec.InstInfo) []int32 {
	if l == nil || l.sched == nil || l.sched.loopWait == nil || int(info.Func) != l.sched.entry {
		return nil
	}
	if int(info.PC) < len(l.sched.loopWait) {
		return l.sched.loopWait[info.PC]
	}
	return nil
}
