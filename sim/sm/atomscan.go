package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// ptxas's warp scan of a used shared atomic. For an atom.shared.add whose
// address it knows to be warp-uniform and whose result is read, ptxas
// (13.0, sm_90a: SASS of atom7_const_used / atom7_param_used) emits
//
//	VOTE.ANY R0; ISETP.EQ P0, R0, -1; @!P0 ATOMS (a partial warp: the plain
//	atomic); @!P0 BRA; SHFL.UP P0 by 1, 2, 4, 8, 16 each followed by
//	@P0 IADD (an inclusive scan of the lanes' operands, with S2R SR_LANEID,
//	IMAD.MOV and ISETP lane == 31 beside it); @P1 ATOMS (lane 31 adds the
//	warp's total: one lane, one wavefront); SHFL.UP by 1 (exclusive);
//	SHFL.IDX of the ATOMS result from lane 31; IADD
//
// and the warp's next instruction waits in order behind the last IADD.
// The simulator issues those 22 instructions one by one (scanSteps), each
// on its pipe for the pipe's interval and no earlier than the results it
// reads, with latencies of their own benchmarks: VOTE vote_latency_cycles
// (warp11_vote_chain), ISETP and IADD the ALU's, each scan step
// warp_latency_cycles + shfl_pred_extra_cycles (the predicate SHFL.UP
// writes: warp11_scan_chain), the ATOMS smem_latency_cycles +
// smem_atom_extra_cycles, SHFL.IDX shfl_idx_extra_cycles more, the
// not-taken BRA branch_not_taken_cycles. Shuffles and shared atomics share
// the sub-partition's shared-memory (MIO) pipe, shfl_interval_cycles /
// smem_atom_interval_cycles each (warppipe.go); VOTE the warp pipe. ncu
// counts 10 shared-memory wavefronts per atomic (atom7_const_used_w1:
// 5126 for 512): the 7 SHFL, the ATOMS, and, by the counts of the other
// benchmarks (one per SHFL, one per loop iteration of atom7_const_dead's
// S2R SR_LANEID + REDUX.SUM, none per VOTE), the S2R SR_LANEID and the
// predicated-off ATOMS: each takes a cycle of the SM's shared-memory port.
//
// A partial warp (fewer than 32 lanes at the atomic) takes the plain
// atomic (atomserial.go): only a full warp's atomic is scanned.

// scanStep is one SASS instruction of the expansion.
type scanStep struct {
	pipe ptx.Pipe
	busy engine.Cycle
	lat  engine.Cycle // its result's latency
	dep  [2]int8      // steps whose results it reads (-1: none)
	smem bool         // the one lane's ATOMS: its result after the shared-memory latency
	port bool         // a wavefront of the SM's shared-memory port (ncu counts it)
	hold engine.Cycle // the warp issues nothing else until this long after it (the BRA)
}

// scanState is a warp's expansion in progress.
type scanState struct {
	info  *exec.InstInfo // the PTX atomic (nil: none)
	next  int            // the step to issue
	steps []scanStep
	done  [scanLen]engine.Cycle // when each issued step's result is ready
}

const scanLen = 21

// scanSteps is the expansion with the configuration's pipes and latencies.
func (s *SM) scanSteps() []scanStep {
	if s.scanCache != nil {
		return s.scanCache
	}
	c := s.cfg
	iv := func(p ptx.Pipe) engine.Cycle { return engine.Cycle(c.Pipes[p].IntervalCycles) }
	lat := func(p ptx.Pipe) engine.Cycle { return engine.Cycle(c.Pipes[p].LatencyCycles) }
	alu := scanStep{pipe: ptx.PipeALU, busy: iv(ptx.PipeALU), lat: lat(ptx.PipeALU), dep: [2]int8{-1, -1}}
	shfl := scanStep{pipe: ptx.PipeShared, busy: s.shflBusy(), port: true,
		lat: lat(ptx.PipeWarp) + engine.Cycle(c.ShflPredExtraCycles), dep: [2]int8{-1, -1}}
	on := func(st scanStep, a, b int8) scanStep { st.dep = [2]int8{a, b}; return st }
	s2r := engine.Cycle(max(c.S2RIntervalCycles, 1)) // S2R SR_LANEID on the MIO pipe (atomserial.go s2rStretchAtoms)
	hold := engine.Cycle(c.BranchNotTakenCycles)
	if hold <= 0 {
		hold = lat(ptx.PipeBranch)
	}
	st := make([]scanStep, 0, scanLen)
	st = append(st,
		scanStep{pipe: ptx.PipeWarp, busy: iv(ptx.PipeWarp), lat: s.voteLatency(lat(ptx.PipeWarp)), dep: [2]int8{-1, -1}}, // 0 VOTE.ANY
		on(alu, 0, -1), // 1 ISETP.EQ P0, R0, -1
		scanStep{pipe: ptx.PipeShared, busy: s.atomBusy(), dep: [2]int8{1, -1}, port: true},       // 2 @!P0 ATOMS (predicated off)
		scanStep{pipe: ptx.PipeBranch, busy: iv(ptx.PipeBranch), dep: [2]int8{1, -1}, hold: hold}, // 3 @!P0 BRA
		shfl, // 4 SHFL.UP 1
		alu,  // 5 IMAD.MOV
		scanStep{pipe: ptx.PipeShared, busy: s2r, lat: lat(ptx.PipeALU), dep: [2]int8{-1, -1}, port: true}, // 6 S2R SR_LANEID
		on(alu, 4, -1), // 7 @P0 IADD
		on(shfl, 7, -1),
		on(alu, 6, -1), // 9 ISETP lane == 31
		on(alu, 8, -1),
		on(shfl, 10, -1), on(alu, 11, -1), // SHFL.UP 4, IADD
		on(shfl, 12, -1), on(alu, 13, -1), // SHFL.UP 8, IADD
		on(shfl, 14, -1), on(alu, 15, -1), // SHFL.UP 16, IADD (16: the inclusive scan)
		scanStep{pipe: ptx.PipeShared, busy: s.atomBusy(), dep: [2]int8{16, 9}, smem: true, port: true,
			lat: engine.Cycle(c.SmemLatencyCycles + c.SmemAtomExtraCycles)}, // 17 @P1 ATOMS
		on(shfl, 16, -1), // 18 SHFL.UP 1
		on(scanStep{pipe: ptx.PipeShared, busy: s.shflBusy(), port: true, lat: lat(ptx.PipeWarp) + engine.Cycle(c.ShflIdxExtraCycles)}, 17, -1), // 19 SHFL.IDX
		on(alu, 19, 18), // 20 @P0 IADD: the atomic's result
	)
	s.scanCache = st
	return st
}

// scanned: the atomic takes ptxas's warp scan (a full warp at one marked
// by the lowering).
func (s *SM) scanned(info *exec.InstInfo, e *exec.Effect) bool {
	return s.cfg.ShflIntervalCycles > 0 && e.Active == 32 && s.code.low.atomScanned(info)
}

// startScan begins the expansion of info at now (its first step issues).
func (s *SM) startScan(sp *subPart, ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	ws.scan = &scanState{info: info, steps: s.scanSteps()}
	s.scanIssue(sp, ws, now)
}

// scanEligible is when the warp's next step can issue and why not before.
func (s *SM) scanEligible(sp *subPart, ws *warpState, now engine.Cycle) (engine.Cycle, Stall) {
	q := ws.scan
	st := q.steps[q.next]
	at, why := ws.readyAt, ws.readyWhy
	for _, d := range st.dep {
		if d >= 0 && q.done[d] > at {
			at, why = q.done[d], resultWhy(q.steps[d].pipe)
		}
	}
	if t := sp.pipeFree[st.pipe]; t > at {
		at, why = t, StallMIOThrottle
		if st.pipe != ptx.PipeShared {
			why = StallMathPipeThrottle
		}
	}
	if st.port && s.cfg.MioQueueInsts > 0 {
		if t := s.smemThrottle(sp); t > at {
			at, why = t, StallMIOThrottle // mioqueue.go
		}
	}
	return at, why
}

// scanIssue issues the warp's next step at now.
func (s *SM) scanIssue(sp *subPart, ws *warpState, now engine.Cycle) {
	q := ws.scan
	i := q.next
	st := q.steps[i]
	sp.pipeFree[st.pipe] = max(now, sp.pipeFree[st.pipe]) + st.busy
	s.Stats.PipeBusy[st.pipe] += int64(st.busy)
	s.Stats.SASSInstructions++
	sp.slotsIssued++
	sp.issueFree = now + 1
	ws.setReady(now+1, StallDispatch)
	ready := now + st.lat
	if st.port {
		ready = s.portWavefront(sp, now) + st.lat
	}
	if st.hold > 0 {
		ws.setReady(now+st.hold, StallBranchResolving)
	}
	q.done[i] = ready
	q.next++
	if q.next < len(q.steps) {
		return
	}
	for _, r := range q.info.Defs {
		ws.setReg(r, ready, StallShortScoreboard)
	}
	ws.scan = nil
}
