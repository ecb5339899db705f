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
// loop into a join (waitJoins) makes its predicate ready MbarWaitExitCycles
// later than its latency (MbarWaitFastExitCycles where the loop is
// ptxas's fast path, no join): the loop's exit branch, and so the code after it, waits that
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

// waitJoins keeps, of waitLoops' marks, the waits whose loop exit is a
// join: the instruction after the closing branch is a label another
// branch targets, or an unconditional branch (the end of an if/else arm).
// ptxas reconverges there, so the wait's exit runs a BSYNC before the code
// after it (mbar_pingpong: each wait loop ends an arm of `if (mode == 2)
// test_wait else try_wait`; its SASS: `YIELD; TRYWAIT; @!P2 BRA; BSYNC B3;
// BRA; BSYNC B2`). A wait in straight-line code is laid out as a fast
// path, `TRYWAIT; @!P0 BRA retry` with the retry loop out of line and no
// BSYNC: tmai (tools/microbench/tmai_sass_sep_n2.txt), tmah, bulkl, l2bw,
// wg11 (session 16's survey of the ldc lane's SASS of every microbench
// PTX that uses the idiom: 20 kernels, validation/timing/mbarpoll.md);
// there a wait that succeeds costs the GPU 44 cycles from the clock read
// before it to the one after (tmai_sep_n8: 421 465 ... 729), the try_wait's
// latency and no exit cost. Not exact: t7mc_arrive's waits fall into a
// join after a `tid == 0` block and only 2 of its 8 entries have the BSYNC.
func waitJoins(f *ptx.Function, infos []*exec.InstInfo, waits []bool) []bool {
	n := len(infos)
	target := make([]bool, n+1)
	for pc := range f.Insts {
		if in := &f.Insts[pc]; in.Op == ptx.OpBra {
			if t := branchTarget(in, n); t >= 0 {
				target[t] = true
			}
		}
	}
	out := make([]bool, n)
	for pc, w := range waits {
		if !w || pc+2 > n {
			continue
		}
		if pc+2 == n {
			continue
		}
		next := &f.Insts[pc+2]
		if target[pc+2] || (next.Op == ptx.OpBra && next.Guard < 0) {
			out[pc] = true
		}
	}
	return out
}

// waitLoopExit is the readiness of a successful mbarrier wait's predicate:
// MbarWaitExitCycles later where the wait closes a loop.
func (s *SM) waitLoopExit(info *exec.InstInfo, ready engine.Cycle) engine.Cycle {
	if s.code == nil || s.code.low == nil {
		return ready
	}
	en := s.code.low.at(info)
	switch {
	case en.flags&schedWaitJoin != 0:
		return ready + engine.Cycle(s.cfg.MbarWaitExitCycles)
	case en.flags&schedWaitLoop != 0:
		return ready + engine.Cycle(s.cfg.MbarWaitFastExitCycles)
	}
	return ready
}
