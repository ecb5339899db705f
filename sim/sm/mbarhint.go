package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A try_wait with a suspend-time hint operand is not the SASS of one
// without. ptxas 13.0 (sm_90a, tools/microbench/mwake22_sass.txt) lowers
// `mbarrier.try_wait.parity p, [bar], par, hint` to
//
//	SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [bar], par
//	@!P0 NANOSLEEP.SYNCS hint
//	@!P0 SYNCS.PHASECHK.TRANS64 P0, [bar], par
//
// and the form without the hint to a lone TRYWAIT (after a YIELD). A warp
// woken by its phase in the hinted form leaves the NANOSLEEP.SYNCS and
// issues the PHASECHK, whose result the code after it waits for. Family
// mwake (H200, 5 runs each): warp A, released by a thread's arrive, stamps
// 40 cycles after the arrive without the hint and 70 with it (m0, m1, m5);
// warp B, released by a bulk copy's complete_tx, returns 33, 33 and 32
// cycles later with the hint than without (m0, m1, m5). The model's warp
// sleeps and wakes alike in both forms (mbarpoll.go) and then waits
// MbarHintWakeCycles more in the hinted one (calibrate group mbar_hint_wake).

// hintedWait reports whether try_wait info has a suspend-time hint operand
// (an immediate or a register).
func (s *SM) hintedWait(info *exec.InstInfo) bool {
	if info == nil || !info.TryWait || s.code == nil || s.code.kern == nil {
		return false
	}
	f := s.code.kern.Program().Funcs[info.Func]
	if int(info.PC) >= len(f.Insts) {
		return false
	}
	in := &f.Insts[info.PC]
	return in.Op == ptx.OpMbarrier && len(in.Ops) == 4
}

// hintWake is the extra wait of a warp woken by its phase in try_wait
// (ws.hintWait: the hinted form).
func (s *SM) hintWake(ws *warpState) engine.Cycle {
	if !ws.hintWait {
		return 0
	}
	return engine.Cycle(s.cfg.MbarHintWakeCycles)
}
