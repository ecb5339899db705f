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

// fdivPathExtra is what a div.approx / div.full .f32 with its own
// MUFU.RCP adds to fdivLatency's pipe path (FdivPathExtraCycles; 0 for
// div.rn). ptxas's single-chain schedule (cuobjdump of microbench
// fpalu_divapprox_lat / _divfull_lat, validation/timing/alu35.md) puts the
// quotient's FSETP 5 cycles after its FMUL and the MUFU.RCP 6 after the
// divisor's last @!P FMUL, where an FP32 consumer reads at 4 (the
// predicate's 13 after the FSETP is the pipe latency plus
// branch_predicate_cycles, as modelled): L_mufu + 24 cycles a div.approx
// (FMUL, FSETP, @!P FMUL, MUFU.RCP), L_mufu + 28 a div.full (its @P FMUL by
// 0.25 before the @!P FMUL), against L_mufu + 21 / + 25 from the pipe
// latencies; the GPU: 41.4 and 45.4 cycles a division (the model 38 and
// 42). div.rn's path is its FFMA chain and FCHK branch (5 FFMA 4 apart):
// no extra. The extra moves the division's result only: the window of
// divisions in flight (fdivWindowFree) and a shared reciprocal's time
// (fdivRcpAt) keep the pipe path, since where ptxas interleaves
// independent divisions (the _c8 loops) other divisions' instructions
// issue in those stall counts and the window's sizes were measured on
// those loops (fpalu_div*_tput_w1).
func (s *SM) fdivPathExtra(m exec.FloatDivMix) engine.Cycle {
	if m.Check {
		return 0
	}
	return engine.Cycle(s.cfg.FdivPathExtraCycles)
}

// fdivMufuFree is when a float division's MUFU.RCP may issue (0 for other
// instructions): the division waits for the MUFU as for its own pipe.
func (s *SM) fdivMufuFree(sp *subPart, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 {
		return 0
	}
	if _, ok := exec.FloatDivisionMix(info); !ok {
		return 0
	}
	if _, shared := s.code.low.divOwner(info); shared {
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
// A division by a shared reciprocal (divOwners) is not gated and does not
// count.
func (s *SM) fdivWindowFree(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 {
		return 0
	}
	m, ok := exec.FloatDivisionMix(info)
	if !ok || m.InFlight < 1 || int(m.InFlight) > fdivWindow {
		return 0
	}
	if _, shared := s.code.low.divOwner(info); shared {
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

// divOwners finds, per PC of f, the divisions whose divisor's reciprocal
// ptxas computes elsewhere: a float division (div.approx / div.full .f32)
// or 32-bit integer div / rem (unguarded) by a divisor register that an
// earlier division of the same block and kind divided by, the register
// unwritten in between (the value: that division's PC; ptxas computes the
// reciprocal once, exec.FloatDivisionShared / IntDivisionShared), or by a
// register its innermost loop does not write (divHoisted: ptxas computes
// the reciprocal before the loop; idivtput_u32's SASS). -1 for the others;
// nil when f has none.
func divOwners(f *ptx.Function, infos []*exec.InstInfo) []int32 {
	type key struct {
		r    int32
		kind uint8
	}
	kindOf := func(pc int) uint8 {
		in, inf := &f.Insts[pc], infos[pc]
		if in.Guard >= 0 || len(in.Ops) != 3 || in.Ops[2].Kind != ptx.OpdReg {
			return 0
		}
		if _, ok := exec.FloatDivisionShared(inf); ok {
			if strings.Contains(inf.Text, ".full") {
				return 2
			}
			return 1
		}
		if _, _, ok := exec.IntDivisionShared(inf); ok {
			if strings.Contains(inf.Text, ".s") {
				return 4
			}
			return 3
		}
		return 0
	}
	// the innermost loop around each PC: a backward branch's [target, branch]
	loopLo, loopHi := make([]int32, len(f.Insts)), make([]int32, len(f.Insts))
	for i := range loopLo {
		loopLo[i] = -1
	}
	for b := range f.Insts {
		if f.Insts[b].Op != ptx.OpBra {
			continue
		}
		for _, o := range f.Insts[b].Ops {
			if o.Kind != ptx.OpdLabel || o.Label < 0 || int(o.Label) > b {
				continue
			}
			for pc := int(o.Label); pc <= b; pc++ {
				if loopLo[pc] < 0 || int(loopHi[pc]-loopLo[pc]) > b-int(o.Label) {
					loopLo[pc], loopHi[pc] = o.Label, int32(b)
				}
			}
		}
	}
	var own []int32
	set := func(pc int, o int32) {
		if own == nil {
			own = make([]int32, len(f.Insts))
			for i := range own {
				own[i] = -1
			}
		}
		own[pc] = o
	}
	seen := map[key]int32{}
	target := f.LabelTargets()
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if target[pc] {
			clear(seen) // a branch target starts a block
		}
		if k := kindOf(pc); k != 0 {
			r := in.Ops[2].Reg
			if lo := loopLo[pc]; lo >= 0 && !definedIn(infos, r, int(lo), int(loopHi[pc])) {
				if k >= 3 && skippedIn(f, int(lo), pc, int(loopHi[pc])) {
					set(pc, divOwnRcp) // computed in the loop, each pass
				} else {
					set(pc, divHoisted)
				}
			} else if o, ok := seen[key{r, k}]; ok {
				set(pc, o)
			} else {
				seen[key{r, k}] = int32(pc)
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

// divHoisted: divOwners's mark of a division whose reciprocal ptxas
// computes before the loop.
const divHoisted = -2

// divOwnRcp: divOwners's mark of a 32-bit integer division by a
// loop-invariant divisor in a block of the loop that some pass skips
// (skippedIn): ptxas computes the divisor's reciprocal there, each time,
// not before the loop (tlbc's div.u32 in the k >= 32 side of its loop's
// two-way branch: I2F.U32.RP, MUFU.RCP, VIADD, F2I in the loop at
// 0x1e0-0x260 of every build, validation/timing/hbm18.md; idivtput_u32's
// unconditional body has them before the loop). Its result comes
// divRcpChain after a shared division's (validation/timing/sfl34.md).
const divOwnRcp = -3

// skippedIn: some branch of f.Insts[lo..pc) jumps past pc to a PC of the
// loop [lo, hi], so the instruction at pc does not run on every pass (a
// conditional block of the loop; tlbc: lap C's side ends in a bra.uni past
// lap A/B/D's division). A jump out of the loop (a rotated loop's exit) is
// no skip.
func skippedIn(f *ptx.Function, lo, pc, hi int) bool {
	for b := lo; b < pc && b < len(f.Insts); b++ {
		if f.Insts[b].Op != ptx.OpBra {
			continue
		}
		for _, o := range f.Insts[b].Ops {
			if o.Kind == ptx.OpdLabel && int(o.Label) > pc && int(o.Label) <= hi {
				return true
			}
		}
	}
	return false
}

// definedIn: some instruction of infos[lo..hi] writes r.
func definedIn(infos []*exec.InstInfo, r int32, lo, hi int) bool {
	for pc := lo; pc <= hi && pc < len(infos); pc++ {
		if slicesContains(infos[pc].Defs, r) {
			return true
		}
	}
	return false
}

// divOwner is the PC of the division whose reciprocal info's division
// reuses, divHoisted, or -1 (divOwners); shared is whether it is not -1.
func (l *Lowering) divOwner(info *exec.InstInfo) (owner int32, shared bool) {
	if l == nil || l.sched == nil || l.sched.divOwner == nil || int(info.Func) != l.sched.entry ||
		int(info.PC) >= len(l.sched.divOwner) {
		return -1, false
	}
	o := l.sched.divOwner[info.PC]
	return o, o != -1 && o != divOwnRcp
}

// divOwnRcp reports whether info is a 32-bit integer division that
// computes its loop-invariant divisor's reciprocal itself on each pass
// (divOwnRcp).
func (l *Lowering) divOwnRcp(info *exec.InstInfo) bool {
	if l == nil || l.sched == nil || l.sched.divOwner == nil || int(info.Func) != l.sched.entry ||
		int(info.PC) >= len(l.sched.divOwner) {
		return false
	}
	return l.sched.divOwner[info.PC] == divOwnRcp
}

// divRcpChain is how much later a 32-bit integer division that computes
// its divisor's reciprocal (divOwnRcp) has its result than one that
// reuses a reciprocal (idiv_shared_cycles): the reciprocal's dependent
// SASS before the quotient's IMAD.HI, I2F.U32.RP -> MUFU.RCP -> VIADD ->
// F2I.FTZ.U32.TRUNC -> IADD3 (the divisor's negation) -> IMAD, at the
// profile's pipe latencies (no parameter: 65 cycles on both GPUs, where
// the probe kdiv of tools/microbench/sfl32 measured 67, a division by a
// new divisor each time 135.3 cycles against 62.8 by one reciprocal, less
// the LEA.HI that makes the divisor; validation/timing/sfl32.md).
func (s *SM) divRcpChain() engine.Cycle {
	p := &s.cfg.Pipes
	return engine.Cycle(2*p[ptx.PipeConv].LatencyCycles + p[ptx.PipeMUFU].LatencyCycles +
		2*p[ptx.PipeALU].LatencyCycles + p[ptx.PipeIMAD].LatencyCycles)
}

// fdivRcpAt is when the reciprocal of the warp's division at PC owner is
// ready (its result cycle; 0 when no longer recorded or hoisted).
func (ws *warpState) fdivRcpAt(owner int32) engine.Cycle {
	if owner < 0 {
		return 0
	}
	for _, r := range ws.fdivRcp {
		if r.pc == owner {
			return r.at
		}
	}
	return 0
}

// idivLatency is an integer division's or remainder's result latency after
// its issue: the whole sequence's slots at idiv_cycles_per_slot (microbench
// idiv_div_u64 ... rem_s64: 305-340 cycles a 64-bit division); with the
// reciprocal computed elsewhere (divShared), idiv_shared_cycles for a 32-bit
// one or else the unsigned path on |dividend| (idiv_div_s32); with the
// reciprocal computed here every pass (divOwnRcp), its chain and then the
// shared path. A signed division adds its two ALU instructions.
func (s *SM) idivLatency(info *exec.InstInfo, divShared bool, fullSlots engine.Cycle) engine.Cycle {
	_, _, int32Shared := exec.IntDivisionShared(info)
	sharedOn := int32Shared && s.cfg.IdivSharedCycles > 0
	u, alu, signed := exec.IntDivisionSignedPath(info)
	var path engine.Cycle
	switch {
	case sharedOn && s.code.low.divOwnRcp(info):
		path = engine.Cycle(s.cfg.IdivSharedCycles) + s.divRcpChain()
	case divShared && sharedOn:
		path = engine.Cycle(s.cfg.IdivSharedCycles)
	case divShared && signed:
		path = engine.Cycle(s.cfg.IdivCyclesPerSlot*float64(u) + 0.5)
	default:
		return engine.Cycle(s.cfg.IdivCyclesPerSlot*float64(fullSlots) + 0.5)
	}
	if signed {
		path += engine.Cycle(int(alu) * s.cfg.Pipes[ptx.PipeALU].LatencyCycles)
	}
	return path
}
