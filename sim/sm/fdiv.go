package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A 32-bit float division (div.approx / div.full / div.rn .f32) is ptxas's
// inline sequence around one MUFU.RCP (exec.FloatDivisionMix: cuobjdump of
// microbench fpalu_div*), not the integer division's I2F / F2I / IMAD.HI
// mix it was charged as before (session 23, fa23.md). It takes its Slots
// issue slots, the MUFU for the MUFU's interval, the ALU for its compares
// and selects, the FP32 pipe for its multiplies. Its result comes after
// the dependent path through the divisor: the compare's predicate (an FP32
// latency plus branch_predicate_cycles, the compare-to-use latency beyond
// the compare's pipe), the multiplies and the MUFU.RCP; div.rn adds its
// FCHK's branch (the branch pipe's latency). Nothing is fitted here: the
// constants are the profile's pipe latencies. Microbench fpalu_div*_lat
// (H200): approx 41.4, full 45.4, rn 57.9 cycles a division; this gives
// 38, 42 and 60.

// fdivPipes charges a float division's MUFU and ALU instructions to their
// pipes (the FP32 ones are warp.go's busy on the named pipe).
func (s *SM) fdivPipes(sp *subPart, m exec.FloatDivMix, now engine.Cycle) {
	c := s.cfg
	for _, u := range [...]struct {
		p ptx.Pipe
		n int32
	}{{ptx.PipeALU, m.ALU}, {ptx.PipeMUFU, m.MUFU}} {
		b := engine.Cycle(int(u.n) * c.Pipes[u.p].IntervalCycles)
		sp.pipeFree[u.p] = max(now, sp.pipeFree[u.p]) + b
		s.Stats.PipeBusy[u.p] += int64(b)
	}
}

// fdivLatency is a float division's result latency (see above).
func (s *SM) fdivLatency(m exec.FloatDivMix) engine.Cycle {
	c := s.cfg
	lat := int(m.MUFU)*c.Pipes[ptx.PipeMUFU].LatencyCycles + int(m.Chain)*c.Pipes[ptx.PipeFP32].LatencyCycles +
		c.BranchPredicateCycles
	if m.Check {
		lat += c.Pipes[ptx.PipeBranch].LatencyCycles
	}
	return engine.Cycle(lat)
}

// fdivMufuFree is when a float division's MUFU.RCP may issue (0 for other
// instructions): the division waits for the MUFU as for its own pipe.
func (s *SM) fdivMufuFree(sp *subPart, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 {
		return 0
	}
	if _, ok := exec.FloatDivisionMix(info); !ok || s.code.low.fdivOwner(info) >= 0 {
		return 0 // a shared reciprocal: no MUFU.RCP
	}
	return sp.pipeFree[ptx.PipeMUFU]
}

// fdivWindow is the most float divisions ptxas overlaps in one warp
// (exec.FloatDivMix.InFlight: three for div.approx).
const fdivWindow = 3

// fdivWindowFree is the earliest issue of a float division (0 for other
// instructions): the result of the division InFlight back in the warp's
// issue order. ptxas keeps at most that many of one warp's divisions in
// flight however many independent ones the PTX has (cuobjdump of
// fpalu_div*_c8: div.full and div.rn run whole one after the other, the
// loop taking nearly a division's latency per division: 37.7 and 57.3
// cycles against 45.4 and 57.9 for one dependent chain; div.approx overlaps
// three: 12.3 cycles).
// A division by a shared reciprocal (fdivOwners) is not gated and does not
// count.
func (s *SM) fdivWindowFree(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 {
		return 0
	}
	m, ok := exec.FloatDivisionMix(info)
	if !ok || m.InFlight < 1 || int(m.InFlight) > fdivWindow || s.code.low.fdivOwner(info) >= 0 {
		return 0
	}
	return ws.fdivDone[m.InFlight-1]
}

// fdivIssued records an issued float division (the one at PC pc, with its
// own MUFU.RCP) and its result cycle.
func (ws *warpState) fdivIssued(pc int32, ready engine.Cycle) {
	copy(ws.fdivDone[1:], ws.fdivDone[:fdivWindow-1])
	ws.fdivDone[0] = ready
	copy(ws.fdivRcp[1:], ws.fdivRcp[:len(ws.fdivRcp)-1])
	ws.fdivRcp[0] = fdivRcp{pc, ready}
}

// fdivRcp is a division's PC and its result cycle.
type fdivRcp struct {
	pc int32
	at engine.Cycle
}

// fdivOwners finds, per PC of f, the float divisions (div.approx /
// div.full .f32, unguarded) by a divisor register that an earlier such
// division of the same block and form divided by, the register unwritten
// in between: ptxas computes that divisor's MUFU.RCP once and the later
// division only scales its dividend and multiplies
// (exec.FloatDivisionShared). The value is the earlier division's PC, -1
// for the others; nil when f has none.
func fdivOwners(f *ptx.Function, infos []*exec.InstInfo) []int32 {
	type key struct {
		r    int32
		full bool
	}
	var own []int32
	seen := map[key]int32{}
	target := f.LabelTargets()
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if target[pc] {
			clear(seen) // a branch target starts a block
		}
		if _, ok := exec.FloatDivisionShared(infos[pc]); ok && in.Guard < 0 && len(in.Ops) == 3 && in.Ops[2].Kind == ptx.OpdReg {
			k := key{in.Ops[2].Reg, strings.Contains(infos[pc].Text, ".full")}
			if o, ok := seen[k]; ok {
				if own == nil {
					own = make([]int32, len(f.Insts))
					for i := range own {
						own[i] = -1
					}
				}
				own[pc] = o
			} else {
				seen[k] = int32(pc)
			}
		}
		for _, r := range infos[pc].Defs {
			for k := range seen {
				if k.r == r {
					delete(seen, k)
				}
			}
		}
		if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit || in.Op == ptx.OpCall {
			clear(seen) // a branch ends it
		}
	}
	return own
}

// fdivOwner is the PC of the division whose reciprocal info's division
// reuses (fdivOwners), or -1.
func (l *Lowering) fdivOwner(info *exec.InstInfo) int32 {
	if l == nil || l.sched == nil || l.sched.fdivOwner == nil || int(info.Func) != l.sched.entry ||
		int(info.PC) >= len(l.sched.fdivOwner) {
		return -1
	}
	return l.sched.fdivOwner[info.PC]
}

// fdivRcpAt is when the reciprocal of the warp's division at PC owner is
// ready (its result cycle; 0 when no longer recorded).
func (ws *warpState) fdivRcpAt(owner int32) engine.Cycle {
	for _, r := range ws.fdivRcp {
		if r.pc == owner {
			return r.at
		}
	}
	return 0
}
