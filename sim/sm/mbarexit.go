package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The exit of an mbarrier wait loop (`W: mbarrier.try_wait p, ...; @!p bra
// W;`, CUDA's and CUTLASS's inline-asm idiom). ptxas cannot know that the
// per-lane predicate is uniform, so it wraps the loop in BSSY/BSYNC: the
// SASS of mbar_pingpong (ptxas 13.0 -arch=sm_90a, cuobjdump on the H200)
// has, between the wait's `@!P2 BRA` and the next arrive, `BSYNC B3; BRA;
// BSYNC B2`, each with stall count 5, on both warps' paths, and the spin
// loop itself is YIELD, the wait, BRA. The model does not issue these
// instructions; a wait that succeeded (in every active lane) and closes its
// loop makes its predicate ready MbarWaitExitCycles later than its
// latency: the loop's exit branch, and so the code after it, waits that
// long. mbar_pingpong_m0/m1 (try_wait, the waiting warp sleeps and wakes)
// and _m2 (test_wait, the waiting warp spins) share this path, and the GPU
// takes 116.8 / 116.8 / 129.3 cycles a hand-off: the group "mbarrier" fits
// mbar_wake_cycles and this parameter on the three.

// waitLoops marks, per PC of f, the mbarrier waits (try_wait, test_wait)
// whose predicate the next instruction, a guarded branch back to the
// wait, reads: the wait loop's closing branch.
func waitLoops(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	for pc := 0; pc+1 < n; pc++ {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMbarrier || (in.Mods.Sub != "try_wait" && in.Mods.Sub != "test_wait") || len(infos[pc].Defs) == 0 {
			continue
		}
		b := &f.Insts[pc+1]
		if b.Op != ptx.OpBra || b.Guard < 0 || !hasReg(infos[pc].Defs, b.Guard) {
			continue
		}
		if t := branchTarget(b, n); t >= 0 && t <= pc {
			out[pc] = true
		}
	}
	return out
}

// waitLoopExit is the readiness of a successful mbarrier wait's predicate:
// MbarWaitExitCycles later where the wait closes a loop.
func (s *SM) waitLoopExit(info *exec.InstInfo, ready engine.Cycle) engine.Cycle {
	c := s.cfg.MbarWaitExitCycles
	if c <= 0 || s.code == nil || s.code.low == nil {
		return ready
	}
	if en := s.code.low.at(info); en.flags&schedWaitLoop == 0 {
		return ready
	}
	return ready + engine.Cycle(c)
}
