package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A 64-bit integer add or sub is two SASS instructions, IADD3 (the low
// half, writing a carry predicate) and IADD3.X (the high half, reading
// it), and a global load's 64-bit address is ready only when its high half
// is. ptxas's control words (ptxas 13.0 -arch=sm_90a; the SASS of
// gls.cu/gls2.cu, ldclat and branch18, session 21, validation/timing/
// gls21.md) put an IADD3.X at least 4 cycles after the IADD3 whose carry
// it reads (206 pairs: 4 in 66, 5 in 84, 6 in 42) and an LDG at least 5
// after the IADD3.X that writes its address's high register, so an LDG
// issues at least 9 cycles after the low half of its address add (71
// cases: 9 to 20, 11 the most common). The model had the halves back to
// back (the result ready alu_latency + 1 after the add), so a warp whose
// loads each wait for their own address add (gls.cu: a 64-bit add of a
// runtime offset before each of 16 loads) issued them every 7 cycles
// where the GPU takes about 10.
//
// The rule: the low half is ready when the model had the whole value
// (alu_latency + 1: a 64-bit add reading it runs its own halves behind,
// so a chain of adds pays the carry once, as in the SASS of gls.cu's
// dependent loads); the high half alu_carry_latency_cycles + alu_latency
// after the add issues, and a global load waits for it. Other readers
// (stores among them: their issue path is modelled apart, lsuwarp.go)
// read the value as before.

// isCarryAdd: a 64-bit integer add or sub with an issue slot per half.
func isCarryAdd(info *exec.InstInfo) bool {
	return info.Bits == 64 && info.Slots == 2 && info.Pipe == ptx.PipeALU &&
		(info.Op == ptx.OpAdd || info.Op == ptx.OpSub)
}

// isGlobalLoadAddr: a global load whose address registers wait for the
// high half (an ld.global, L1 or not, not an async copy).
func isGlobalLoadAddr(info *exec.InstInfo) bool {
	return info.Op == ptx.OpLd && info.Pipe == ptx.PipeGlobal && info.Async == exec.AsyncNone
}

// carryIssued records the high half of the 64-bit add info, issued at now
// with its value (low half) ready at ready.
func (s *SM) carryIssued(ws *warpState, info *exec.InstInfo, now, ready engine.Cycle) {
	c := s.cfg.ALUCarryLatencyCycles
	if c <= 0 || !isCarryAdd(info) {
		return
	}
	hi := now + engine.Cycle(c+s.cfg.Pipes[ptx.PipeALU].LatencyCycles)
	if hi <= ready {
		return
	}
	for _, r := range info.Defs {
		if int(r) >= len(ws.hiReady) {
			n := max(int(r)+1, 2*len(ws.hiReady), 64)
			h := make([]hiHalf, n)
			copy(h, ws.hiReady)
			ws.hiReady = h
		}
		ws.hiReady[r] = hiHalf{lo: ready, hi: hi}
	}
}

// hiHalf: a register's high half is ready at hi while its value is the
// one whose low half is ready at lo (a later write replaces lo).
type hiHalf struct{ lo, hi engine.Cycle }

// carryReady is when the high halves of the address registers of info
// (a global load) are ready, 0 when nothing waits.
func (s *SM) carryReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if len(ws.hiReady) == 0 || !isGlobalLoadAddr(info) {
		return 0
	}
	var t engine.Cycle
	for _, r := range info.Uses {
		if int(r) < len(ws.hiReady) {
			if h := ws.hiReady[r]; h.hi > 0 && h.lo == ws.reg(r) {
				t = max(t, h.hi)
			}
		}
	}
	return t
}
