package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// UTMALDG reads its operands (shared destination, mbarrier, coordinates,
// tensor-map address) from uniform registers. In the tma_load_* loops
// (tools/microbench/gen.py: `if (tid == 0)` around a loop over stages whose
// destination, mbarrier and row are computed from the loop's induction
// variables) ptxas keeps those values in R registers and moves all eight
// with R2UR right before the ELECT loop, after the SYNCS.ARRIVE of the
// arrive.expect_tx (SASS of tma_load, ptxas 13.0 sm_90a, from the ldc
// lane's SASS survey of session 15, quoted in validation/timing/
// mbarpoll.md "Session 17"):
//
//	TRYWAIT P0, [R24+URZ], R21; @!P0 BRA retry; ...
//	SYNCS.ARRIVE.TRANS64 RZ, [R24+URZ], R12
//	R2UR UR4, R20; R2UR UR6, R12; R2UR UR7, R23; R2UR UR8, R18
//	R2UR UR9, R8; R2UR UR5, R24; R2UR UR14, R14; R2UR UR15, R15
//	PLOP3; UIMAD UR4, UR4, UR6, UR7; UMOV UR6, URZ; ULOP3 UR7, UR8, UR9
//	ELECT; UTMALDG.2D [UR4], [UR14]; PLOP3 x2; BRA.U.ANY
//
// where tmai's straight-line loads (constant destinations and coordinates,
// tools/microbench/tmai_sass_sep_n2.txt) compute them with UMOV/UIADD3 and
// issue 46 cycles apart. The model: a TMA tensor load in an ELECT loop
// (tma_hold.go; not an elected load, tmaelect.go) with an operand whose
// value derives from a loop-carried register (a PTX register with more
// than one definition: the induction variables nvcc's phis become) issues
// no earlier than TMALoadR2URCycles after the latest of its operands is
// ready. Fitted on the 4-stage tma_load_*_tput loops (1 to 8 KiB boxes),
// whose waits find their loads landed: 184.8 cycles a load on both GPUs,
// ~26 more than the model's wait, arrive, ELECT loop and loop arithmetic.

// r2urDepth bounds the walk from a load's operand back through its
// definitions.
const r2urDepth = 8

// tmaR2URLoads marks, per PC of f, the TMA tensor loads inside a loop with
// no barrier (a loop only some threads run, as under `if (tid == 0)`)
// with an operand derived from a loop-carried register: one defined more
// than once in f, at least once inside a loop around the load (an
// induction variable; a phi of uniform values outside loops, as tmaq's
// cluster rank, stays in uniform registers: its SASS has no R2UR there),
// where that loop also branches on a value that is not uniform (a
// try_wait's retry: divergentBranchIn).
func tmaR2URLoads(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	var defs map[int32][]int
	var uni []bool
	var loops [][2]int // [head, closing branch] of each backward branch
	for pc := 0; pc < n; pc++ {
		if in := &f.Insts[pc]; in.Op == ptx.OpBra {
			if t := branchTarget(in, n); t >= 0 && t <= pc && !hasBarrier(f, t, pc) {
				loops = append(loops, [2]int{t, pc})
			}
		}
	}
	for pc := 0; pc < n; pc++ {
		if !tensorLoad(f, infos, pc) {
			continue
		}
		var around [][2]int
		for _, lp := range loops {
			if lp[0] <= pc && pc <= lp[1] {
				around = append(around, lp)
			}
		}
		if len(around) == 0 {
			continue
		}
		if uni == nil {
			uni = dataUniformRegs(f, infos, len(f.Regs))
		}
		if !divergentBranchIn(f, uni, around) {
			continue // every branch uniform: ptxas keeps the loop in UR
		}
		if defs == nil {
			defs = map[int32][]int{}
			for q := 0; q < n; q++ {
				if infos[q] == nil {
					continue
				}
				for _, r := range infos[q].Defs {
					defs[r] = append(defs[r], q)
				}
			}
		}
		inLoop := func(q int) bool {
			for _, lp := range around {
				if lp[0] <= q && q <= lp[1] {
					return true
				}
			}
			return false
		}
		seen := map[int32]bool{}
		var carried func(r int32, depth int) bool
		carried = func(r int32, depth int) bool {
			if seen[r] || depth > r2urDepth {
				return false
			}
			seen[r] = true
			d := defs[r]
			if len(d) > 1 {
				for _, q := range d {
					if inLoop(q) {
						return true
					}
				}
			}
			for _, q := range d {
				for _, u := range infos[q].Uses {
					if carried(u, depth+1) {
						return true
					}
				}
			}
			return false
		}
		for _, r := range infos[pc].Uses {
			if carried(r, 0) {
				out[pc] = true
				break
			}
		}
	}
	return out
}

// divergentBranchIn: a branch inside one of the loops (from..to PCs) is
// guarded by a predicate that is not alike in every lane that runs it (uni:
// dataUniformRegs), as tma_load_*'s try_wait retry loop inside its issue
// loop. tmab's issue loop (tools/microbench/tmab34/tmab.ptx: shifts and
// adds of the loop counter, its compare, the load; no wait) branches on
// uniform values only, and ptxas keeps the whole loop in uniform
// registers: ULEA / UIADD3 feed each UTMALDG, no R2UR (kernel.sass.gz in
// tools/microbench/tmab34/h200_env; validation/timing/tmah34.md).
func divergentBranchIn(f *ptx.Function, uni []bool, loops [][2]int) bool {
	for _, lp := range loops {
		for q := lp[0]; q <= lp[1]; q++ {
			in := &f.Insts[q]
			if in.Op == ptx.OpBra && in.Guard >= 0 && (int(in.Guard) >= len(uni) || !uni[in.Guard]) {
				return true
			}
		}
	}
	return false
}

// hasBarrier: a CTA or cluster barrier in f's instructions from..to. A loop
// around one runs in every thread (convergent), and ptxas keeps its
// induction variables in uniform registers (tma_mcast, t7_mc*: UIADD3 of
// the counter, ULOP3 of the row, no R2UR before the UTMALDG).
func hasBarrier(f *ptx.Function, from, to int) bool {
	for q := from; q <= to; q++ {
		if op := f.Insts[q].Op; op == ptx.OpBar || op == ptx.OpBarrier {
			return true
		}
	}
	return false
}

// tmaR2URReady is the earliest cycle a TMA load marked by tmaR2URLoads may
// issue: TMALoadR2URCycles after its latest operand is ready (0: no
// constraint).
func (s *SM) tmaR2URReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	x := s.cfg.Hold.TMALoadR2URCycles
	if x <= 0 || info.Async != exec.AsyncBulkLoad || s.code == nil || s.code.low == nil || s.code.low.at(info).flags&schedR2URLoad == 0 {
		return 0
	}
	var t engine.Cycle
	for _, r := range info.Uses {
		t = max(t, ws.reg(r))
	}
	return t + engine.Cycle(x)
}

// tensorLoad: the instruction at pc is a TMA tensor load
// (cp.async.bulk.tensor into shared memory), not a plain bulk copy.
func tensorLoad(f *ptx.Function, infos []*exec.InstInfo, pc int) bool {
	return pc < len(infos) && infos[pc] != nil && infos[pc].Async == exec.AsyncBulkLoad && strings.Contains(f.Insts[pc].Text, ".tensor")
}
