package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// setmaxnreg moves registers between a CTA's warps through the CTA's pool
// (SASS: USETMAXREG.DEALLOC.CTAPOOL for .dec; for .inc a loop of
// USETMAXREG.TRY_ALLOC.CTAPOOL and a branch back while it fails). A kernel
// that uses it holds the register file's share of its CTAs at launch
// (setmaxnreg.go), so the pool starts empty: an .inc waits for the .decs
// that free its registers. Family smrh (tools/microbench/gen19_prod.py,
// validation/timing/prod16.md, H200): warpgroup 0 dec 168 -> 40 after a
// delay D, warpgroups 1-2 inc 168 -> 232; the dec takes 60-63 cycles
// (setmaxnreg_dec_cycles) for D = 0..1000, and the last inc ends 31-49
// cycles after the dec's end (setmaxnreg_inc_wait_cycles), whatever D.
//
// A dec adds its warp's freed registers ((current - n) x 32) to the pool
// when it ends (setmaxnreg_dec_cycles after its issue, the warp's next
// issue then too); an inc of (n - current) x 32 registers issues once the
// decs issued so far free them (what the decs freed, less what earlier
// incs took); while they do not, the warp tries again every
// setmaxnreg_inc_wait_cycles (the TRY_ALLOC loop). The pool grants an
// issued inc (the warp issues again then) setmaxnreg_inc_wait_cycles after
// the dec that completes its registers ended, and one inc at a time,
// setmaxnreg_pool_interval_cycles apart, in issue order: the warm smrh
// runs' consumers end 20, 22, 25, 28, 31, 36, 39, 42 cycles after warp
// 0's dec (H200 and H100 alike, validation/timing/wp33.md).

type regRelease struct {
	at engine.Cycle
	n  int
}

// setmaxnreg parses info's direction and count: (count, true for .inc).
func setmaxnregOp(in *ptx.Inst) (int, bool, bool) {
	if in.Op != ptx.OpSetmaxnreg || len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdImm {
		return 0, false, false
	}
	return int(int64(in.Ops[0].Imm)), in.Mods.Sub == "inc", true
}

// warpRegs is warp ws's registers per thread now.
func (ws *warpState) warpRegs() int {
	if ws.maxnreg > 0 {
		return ws.maxnreg
	}
	if r := ws.cta.res; r.Warps > 0 {
		return r.Registers / r.Warps / 32
	}
	return 0
}

// setmaxnregReady is when warp ws's setmaxnreg (info) may issue, looked
// at from now.
func (s *SM) setmaxnregReady(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	if s.cfg.SetmaxnregIncWaitCycles <= 0 || info.Op != ptx.OpSetmaxnreg {
		return 0
	}
	n, inc, ok := setmaxnregOp(s.inst(info))
	if !ok || !inc {
		return 0
	}
	need := (n - ws.warpRegs()) * 32
	if need <= 0 {
		return 0
	}
	if _, ok := ws.cta.regFreedBy(need); ok {
		return 0
	}
	return now + engine.Cycle(s.cfg.SetmaxnregIncWaitCycles) // try again
}

// regFreedBy is when the decs issued so far have freed need registers
// beyond what the incs took (false: they do not free that many).
func (cs *ctaState) regFreedBy(need int) (engine.Cycle, bool) {
	rel := slices.Clone(cs.regFreed)
	slices.SortFunc(rel, func(a, b regRelease) int { return int(a.at - b.at) })
	have := -cs.regTaken
	for _, r := range rel {
		have += r.n
		if have >= need {
			return r.at, true
		}
	}
	return 0, false
}

// setmaxnregIssued records warp ws's setmaxnreg (info) issued at now.
func (s *SM) setmaxnregIssued(ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	if s.cfg.SetmaxnregIncWaitCycles <= 0 && s.cfg.SetmaxnregDecCycles <= 0 {
		return
	}
	n, inc, ok := setmaxnregOp(s.inst(info))
	if !ok {
		return
	}
	cur := ws.warpRegs()
	if inc {
		need := max(n-cur, 0) * 32
		if at, ok := ws.cta.regFreedBy(need); ok && need > 0 && s.cfg.SetmaxnregIncWaitCycles > 0 {
			grant := max(now, at+engine.Cycle(s.cfg.SetmaxnregIncWaitCycles), ws.cta.regGrant)
			ws.cta.regGrant = grant + engine.Cycle(s.cfg.SetmaxnregPoolIntervalCycles)
			ws.setReady(grant, StallBarrier)
		}
		ws.cta.regTaken += need
	} else {
		end := now + engine.Cycle(s.cfg.SetmaxnregDecCycles)
		ws.cta.regFreed = append(ws.cta.regFreed, regRelease{end, max(cur-n, 0) * 32})
		ws.setReady(end, StallBarrier)
	}
	ws.maxnreg = n
}

// inst is info's PTX instruction.
func (s *SM) inst(info *exec.InstInfo) *ptx.Inst {
	return &s.code.kern.Program().Funcs[info.Func].Insts[info.PC]
}
