package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The address of a shared-memory variable (`mov.u32 %r, smem;`) is, in
// SASS, the CTA's shared window: S2UR SR_CgaCtaId (or S2R), then a ULEA
// with 0x400 << 24. ptxas hoists that read out of a loop whose every
// iteration needs it; where the use sits in code a branch may skip (an if
// or a switch case in the loop), or outside any loop, the read stays next
// to its use, and its consumer waits for it. tmast9_skip_s1 and
// tmast9_redif_* (tools/microbench/gen8_tmast.py: the 1 KiB bulk
// reduction in a block, S2UR + ULEA before the UBLKRED) take 167 cycles an
// iteration where tmast9_red (the same reduction, S2UR hoisted) takes 124
// and a branch on a hoisted compare costs 4 (tmast9_skip_s0 - tmast9_alu),
// on both GPUs: the value is SharedBaseCycles after the mov issues.

// sharedBaseMovs marks the movs of a shared variable's address that ptxas
// leaves in place: outside any loop, or inside a loop but jumped over by a
// forward branch of that loop; not where every path to the mov computed
// the same address already (sharedavail.go).
func sharedBaseMovs(prog *ptx.Program, f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(f.Insts)
	out := make([]bool, n)
	avail := sharedAvail(prog, f, infos) // sharedavail.go: computed on every path already
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || !sharedSym(prog, f, in) || avail[pc] {
			continue
		}
		lo, hi := innerLoop(f, pc, n)
		if lo < 0 {
			out[pc] = true
			continue
		}
		if !loopHoisted(prog, f, lo, hi) && skippedInLoop(f, lo, hi, pc) {
			out[pc] = true // a forward branch of the loop jumps over it
		}
	}
	return out
}

// skippedInLoop: a forward branch of the loop [lo, hi] jumps over pc.
func skippedInLoop(f *ptx.Function, lo, hi, pc int) bool {
	for b := lo; b < pc && b <= hi; b++ {
		if f.Insts[b].Op == ptx.OpBra && branchTarget(&f.Insts[b], len(f.Insts)) > pc {
			return true
		}
	}
	return false
}

// loopHoisted: the loop [lo, hi] holds a mov of a shared variable's
// address that no forward branch of the loop jumps over (one every
// iteration runs), so ptxas reads SR_CgaCtaId before the loop and every
// mov of the loop uses that read. bulkl.cu's loop (`if (part) { arrive;
// cp.async.bulk }` and then the try_wait on the same mbarrier): ptxas 13.0
// sm_90a emits the S2UR before the loop and @!P0 SYNCS.ARRIVE / @!UP0
// UBLKCP in it (validation/timing/bulk18.md); tmast9's switch cases and
// mbar_pingpong's loops, whose every such mov sits on a skipped path,
// keep the read in the loop.
func loopHoisted(prog *ptx.Program, f *ptx.Function, lo, hi int) bool {
	for pc := lo; pc <= hi; pc++ {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || !sharedSym(prog, f, in) {
			continue
		}
		if !skippedInLoop(f, lo, hi, pc) {
			return true
		}
	}
	return false
}

// sharedSym: a source operand is the address of a .shared variable.
func sharedSym(prog *ptx.Program, f *ptx.Function, in *ptx.Inst) bool {
	for i := range in.Ops {
		o := &in.Ops[i]
		if o.Kind != ptx.OpdSym {
			continue
		}
		switch o.Sym.Kind {
		case ptx.SymGlobal:
			if int(o.Sym.Index) < len(prog.Vars) && prog.Vars[o.Sym.Index].Space == ptx.SpaceShared {
				return true
			}
		case ptx.SymLocal:
			if int(o.Sym.Index) < len(f.Locals) && f.Locals[o.Sym.Index].Space == ptx.SpaceShared {
				return true
			}
		}
	}
	return false
}

// sharedBaseReady is the cycle the value of mov info, issued at now, is
// ready (0: no wait of this kind).
func (s *SM) sharedBaseReady(info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	c := s.cfg.SharedBaseCycles
	if c <= 0 || info.Op != ptx.OpMov || !s.code.low.sharedBase(info) {
		return 0
	}
	return now + engine.Cycle(c)
}
