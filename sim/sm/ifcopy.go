package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The copy ptxas puts before a predicated if / else (timing only;
// brshape.go ifElseConv). When the first side (the PTX's fall-through E)
// writes a register the second side (the branch's target A) reads, ptxas
// cannot let E's predicated write reach A's read, so it copies the
// register first and A reads the copy: t9_x's kind 2 (tmast9_sw2_*,
// `if (sel == 0) acc += i; else acc ^= i;`) is, in its loop,
//
//	IMAD.MOV.U32 R5, RZ, RZ, R11        S1  (the copy of acc)
//	@P0 LOP3.LUT R11, R11, R4, RZ, 0x3c S3  (E: acc ^= i)
//	@!P0 IMAD.IADD R11, R4, 0x1, R5     S2  (A: acc = i + copy)
//
// (tmax33_sass.ctrl.txt.gz 0x0290..0x02b0): A issues the IMAD's latency
// after the copy, whichever way the warp goes. The GPU's loop is 4.1
// cycles longer than tmast9_alu's (34.44 against 30.32 on both GPUs, both
// values of sel); without the copy the model gave 1 cycle more (the
// predicated-off side's slot), -6.2%.

// ifElseCopies marks the guarded branch b of each predicated if / else
// (shape brIfConv, E = [b+1, t-1), A = [t, j)) whose E writes a register
// A reads.
func ifElseCopies(f *ptx.Function, infos []*exec.InstInfo, brs *brShapeInfo) []bool {
	n := len(infos)
	var out []bool
	for b := 0; b < n; b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 || brs.shape[b] != brIfConv {
			continue
		}
		eLo, eHi := int(brs.skipLo[b]), int(brs.skipHi[b])
		if eHi <= eLo || eHi >= n || brs.shape[eHi] != brIfConv || f.Insts[eHi].Guard >= 0 {
			continue // not a diamond (its bra.uni closes E)
		}
		aLo, aHi := int(brs.skipLo[eHi]), int(brs.skipHi[eHi])
		copied := false
		for k := eLo; k < eHi && !copied; k++ {
			for _, d := range infos[k].Defs {
				for a := aLo; a < aHi && !copied; a++ {
					copied = hasReg(infos[a].Uses, d)
				}
			}
		}
		if copied {
			if out == nil {
				out = make([]bool, n)
			}
			out[b] = true
		}
	}
	return out
}

// ifCopy: info is the guarded branch of an if / else ptxas copies a
// register for (ifElseCopies).
func (l *Lowering) ifCopy(info *exec.InstInfo) bool {
	if l == nil || l.sched == nil || l.sched.ifCopy == nil || int(info.Func) != l.sched.entry {
		return false
	}
	return int(info.PC) < len(l.sched.ifCopy) && l.sched.ifCopy[info.PC]
}

// ifCopyHold applies the copy when the warp issues the diamond's guarded
// branch (after ifConvHold when every lane jumps): one IMAD issue with
// the branch, and the second side no sooner than the IMAD's latency after
// it. When no lane jumps, E issues next and A right after it, so the
// warp waits before E by E's issue slots less.
func (s *SM) ifCopyHold(sp *subPart, ws *warpState, info *exec.InstInfo, e *exec.Effect, now engine.Cycle) {
	if e.Active == 0 {
		return
	}
	p := ptx.PipeIMAD
	at := max(now, sp.pipeFree[p])
	sp.pipeFree[p] = at + engine.Cycle(s.cfg.Pipes[p].IntervalCycles)
	ready := at + engine.Cycle(s.cfg.Pipes[p].LatencyCycles)
	if e.GuardTrue != e.Active {
		sc := s.code.low.sched
		for pc := sc.skipLo[info.PC]; pc < sc.skipHi[info.PC]; pc++ {
			if inf := sc.infos[pc]; inf.Slots > 0 && s.code.low.kind(inf) != lowFused {
				ready -= engine.Cycle(inf.Slots)
			}
		}
	}
	if ready > ws.readyAt {
		ws.setReady(ready, StallWait)
	}
}
