package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// warpState is a resident warp's timing state.
type warpState struct {
	// The fields a look at the warp reads (eligible, schedule, account,
	// issue) come first, in cache lines 0-6 of the struct (speed28.md: they
	// were spread over 13 of its 18 lines; a timed run interleaves
	// thousands of warps, so each line a look touches is a cache miss).
	// Line 0 holds everything a quick look (schedule's preOK path with a
	// plain tail, account when the state stays) reads (speed30.md).
	//
	// preOK: eligible's checks before the pipe's gave preAt (state
	// preWhy) for the warp's next instruction info, and still do: nothing
	// they read has changed since (cleared by issue, setReg, setReady and
	// a sleep; set only for instructions prefixKept allows)
	preAt engine.Cycle
	info  *exec.InstInfo // next instruction (for hot lines)
	// accounting: the state (why, at the instruction) since cycle since
	at *exec.InstInfo
	// scan: the rest of a shared atomic's warp scan (atomscan.go; nil: none)
	scan   *scanState
	preOK  bool
	preWhy Stall
	why    Stall
	// tail: 1 + the pipe of instruction info when eligibleTail's checks
	// for it are the pipe's alone (plainTail), else 0
	tail ptx.Pipe
	// mbarrier sleep (the rest below)
	sleeping bool
	// inBarrier: blocked at a CTA or cluster barrier
	inBarrier bool
	// retrying: a wait found its groups in flight (Retry): asleep until
	// the CTA's completions move from retrySeen (complete.go)
	retrying bool
	wgHold   bool // its part of a serialized wgmma waits for the MMA (async.go)
	// seq: the rest of an integer division's SASS sequence (seq.go; its
	// steps, which every look reads first, in line 0)
	seq seqState
	// end of line 0
	// readyAt: the warp's own next issue slot (after a branch, a fence, a
	// barrier release...), readyWhy the state until then (in line 1 with
	// the rest of seq: a division step's look reads lines 0 and 1 only)
	readyAt  engine.Cycle
	readyWhy Stall
	// expiredWait: its suspend time ran out and the warp's next try_wait
	// executes and fails (exec.Warp.Expire) without a new sleep
	// (mbarpoll.go; suspended below)
	expiredWait bool
	done        bool
	// barPending: barAt holds an arrival the next issue's clock reads (barclock.go)
	barPending bool
	lastLineOK bool
	// tmaLoop: a TMA load's hold whose end counts other warps' slots is
	// pending (tmaloopslots.go: tmaLoopSlots)
	tmaLoop bool
	// gto: the scheduler_math_gto flags (schedGTO) of the lowering entry
	// eligible last read for the warp's next instruction (schedpolicy.go)
	gto uint16
	// end of line 1

	w   *exec.Warp
	cta *ctaState
	// regs: the scoreboard, by register (regSlot)
	regs  []regSlot
	since engine.Cycle
	// atLine: the hot-lines counts of instruction at (LineStats.slot; nil
	// without hot lines), kept while at stays
	atLine *Stalls
	// enInfo, en: the lowering entry (Lowering.at) eligible last read,
	// kept for the warp's next looks at the same instruction
	enInfo *exec.InstInfo
	en     schedEntry
	// the instruction-cache line of the last fetch check and its ready time
	lastLine      uint64
	lastLineReady engine.Cycle
	age           uint64
	// storeTaken: when the engine took the warp's last plain bulk store
	// (bulkstore.go)
	storeTaken engine.Cycle
	// tmaURGate: the next TMA load issues no earlier (tmaurspill.go; 0: none)
	tmaURGate engine.Cycle
	// hiReady: by register, the high half of a 64-bit add (carry.go)
	hiReady []hiHalf
	// loopTop: when each marked loop's body last began (loophoist.go)
	loopTop []engine.Cycle
	// stalls: the cycles in each state so far (the open one: why since since)
	stalls Stalls
	// end of the fields a look reads

	// tmaLoopSlots: its sub-partition's slotsIssued when the warp's TMA
	// load issued, tmaLoopPct the percent of the other warps' slots since
	// that its hold's end moves by (tmaloopslots.go; read when tmaLoop)
	tmaLoopSlots int64
	tmaLoopPct   int32
	tmaLoopAt    engine.Cycle
	tmaLoopDebt  float64

	// regBig: the scoreboard's cycles a regSlot does not hold
	regBig map[int32]engine.Cycle
	sp     int
	// maxnreg: the warp's registers per thread after its last setmaxnreg
	// (0: the kernel's)
	maxnreg int
	// reduxFree: when the warp may issue its next REDUX (warppipe.go)
	reduxFree engine.Cycle
	// mmaFree: when the warp may issue its next mma.sync, mmaDebt the
	// fraction of a cycle not yet charged (mmaform.go mmaWarpFree)
	mmaFree engine.Cycle
	mmaDebt float64
	// iterStart: when the warp last took a backward branch (wgmmadesc.go)
	iterStart engine.Cycle
	// paramAt: the slot of the parameter LDCs of the region the warp last
	// started (constcache.go paramRegion: ptxas issues them at its top)
	paramAt engine.Cycle
	// initConstAt: the warp's last mbarrier.init issue +
	// mbarrier_init_const_wait_cycles (initwait.go; 0: none)
	initConstAt engine.Cycle
	// initBarAt: the same + mbarrier_init_bar_wait_cycles (initwait.go);
	// before any, the warp's first issue + entryBarCycles (entryIssued)
	initBarAt engine.Cycle
	// proxyFenceAt: the issue of the warp's last fence.proxy.async since
	// its last CTA barrier (0: none; proxybar.go)
	proxyFenceAt engine.Cycle
	// issued: the warp issued an instruction (entryIssued)
	issued bool
	// sbLeadAt: when the warp last issued the top of a block ptxas moves a
	// later shared address's S2UR to (sharedbase.go sharedBaseHoists)
	sbLeadAt engine.Cycle
	// paramSunkDone: the region starts whose sunk loads' LDC this warp
	// waited for (once: constcache.go paramRegion), paramSunkAt its slot
	paramSunkDone map[int32]bool
	paramSunkAt   engine.Cycle
	// clusterFlagAt: when the cluster-launch flag's LDC of the warp's
	// first barrier.cluster has its value (0: not asked yet; constcache.go
	// clusterFlagHold)
	clusterFlagAt engine.Cycle
	// clusterFlagTop: when the warp started that barrier's region, where
	// the flag's LDC waits for the region's compared parameters
	// (paramSectors.clusterFlagAfter)
	clusterFlagTop engine.Cycle
	// atomFree: when the passes of the warp's last same-word shared
	// atomic are done (atomserial.go)
	atomFree engine.Cycle
	// smemWritten: when the warp's last shared atomic is done on the
	// shared-memory port (a CTA barrier's arrival waits for it)
	smemWritten engine.Cycle
	// mbarrier sleep (sleeping above)
	sleepChanges uint64
	wakeAt       engine.Cycle
	// sleepTx, sleepAt: the cluster's complete_tx count and the cycle at
	// the start of the sleep (mbarpoll.go)
	sleepTx uint64
	sleepAt engine.Cycle
	pollAt  engine.Cycle
	// landLate: the carried share of late tensor-load landings
	// (recheckAt, mbarpoll.go)
	landLate engine.Cycle
	// rowBox: the warp's last tensor load was filled at its rows' pace
	// (tma.go; recheckAt)
	rowBox bool
	// sleepBar, sleepPhase, sleepTensor: the mbarrier the failed try_wait
	// waits on (when ownBar), its phase and the phases tensor loads had
	// completed there at the start of the sleep (mbarpoll.go)
	sleepBar    uint32
	sleepPhase  uint64
	sleepTensor uint64
	ownBar      bool
	// suspended: the sleep is a try_wait's that did not execute (Retry,
	// exec.AsyncSuspendWaits: woken by its phase it issues again and
	// succeeds; expiredWait above)
	suspended bool
	// hintWait: the sleeping try_wait has a suspend-time hint operand
	// (mbarhint.go)
	hintWait bool
	// barAt: the cycle the warp arrived at a CTA barrier, until its next
	// instruction issues (barclock.go)
	barAt engine.Cycle
	// bypassNext: the earliest start of the warp's next L1-bypassing load (lsu.go)
	bypassNext engine.Cycle
	// lsuNext: when the warp's last global memory instruction's operands
	// are read out (lsuwarp.go)
	lsuNext float64
	// linesFree: when the warp's last request's lines have passed its
	// sub-partition's port into the L1 (lsu.go)
	linesFree engine.Cycle
	// lastRed: the issue of the warp's last reduction when it was a
	// non-tensor one, else 0 (bulkinterval.go)
	lastRed engine.Cycle
	// lastIssue: the warp's last instruction that took an issue slot
	// (bulkinterval.go: the size's UMOV before a plain reduction)
	lastIssue engine.Cycle
	// comb: the lines the warp's last store wrote in part, held in the
	// L1 for its next store to complete (storecombine.go)
	comb  [storeCombineMax]combLine
	combN int
	// tma_hold.go: the last TMA/bulk store's issue, the last mbarrier arrive
	bulkIssued  engine.Cycle
	bulkPending bool
	arriveBar   exec.MbarRef
	arriveAt    engine.Cycle
	// stsmFree: the warp's next stmatrix issues no earlier (stmatrix.go)
	stsmFree engine.Cycle
	// fdivDone: the result cycles of the warp's last float divisions,
	// newest first (fdiv.go: fdivWindowFree)
	fdivDone [fdivWindow]engine.Cycle
	// fdivRcp: the last float divisions with their own MUFU.RCP, newest
	// first (fdiv.go: divOwners)
	fdivRcp [4]fdivRcp
	// mioLoadAt: when the warp's last shared load (LDS, LDSM) starts on
	// the shared-memory port (mioqueue.go mioWarpReady)
	mioLoadAt engine.Cycle
	// start: when the warp became resident (its stalls sum to the cycles since)
	start engine.Cycle
	slot  int // warp slot on the SM (trace track)
	// retrySeen: the CTA's completions when a wait found its groups in
	// flight (retrying above; complete.go)
	retrySeen    uint64
	clusterPhase uint32 // barrier.cluster arrivals so far (cluster.go)
	// storesDone: when the warp's global stores have all completed (an
	// exited warp stays resident until then: ncu's stall_drain)
	storesDone engine.Cycle
	// reduxFor: the warp-reduced atomic whose REDUX.SUM chain is under
	// way, ready at reduxAt (atomserial.go)
	reduxFor *exec.InstInfo
	reduxAt  engine.Cycle
	// trLastWait: the key of the warp's last traced wait (tracehooks.go)
	trLastWait waitKey
	// storeRead: when the engine read the operands of the warp's last
	// plain bulk store, its take without the interval (bulkstore.go; read
	// only at a plain store's issue: not a hot field)
	storeRead engine.Cycle
}

// regSlot is a register's scoreboard entry, in one word: the cycle its
// value is ready (the upper 56 bits) and the state a warp waiting for it
// is in (the low 8). Eight bytes, not a 16-byte pair: a warp's scoreboard
// takes half the cache lines (speed28.md). A cycle the 56 bits do not
// hold (negative, or regBigT and later: engine.Never) is kept exactly in
// warpState.regBig, the slot's cycle bits all ones.
type regSlot uint64

// regBigT is the cycle field of a slot whose cycle is in regBig.
const regBigT = 1<<56 - 1

// why is the state a warp waiting for the register is in.
func (e regSlot) why() Stall { return Stall(e) }

// reg is the cycle register r is ready.
func (ws *warpState) reg(r int32) engine.Cycle {
	if int(r) < len(ws.regs) {
		if t := engine.Cycle(ws.regs[r] >> 8); t != regBigT {
			return t
		}
		return ws.regBig[r]
	}
	return 0
}

// entry is s.code.low.at(info), remembered for warp ws's instruction
// info (the lowering does not change during a run).
func (s *SM) entry(ws *warpState, info *exec.InstInfo) schedEntry {
	if ws.enInfo != info {
		ws.en, ws.enInfo = s.code.low.at(info), info
	}
	return ws.en
}

// setReg records that register r is ready at t (state why until then).
func (ws *warpState) setReg(r int32, t engine.Cycle, why Stall) {
	if int(r) >= len(ws.regs) {
		n := max(int(r)+1, 2*len(ws.regs), 64)
		rr := make([]regSlot, n)
		copy(rr, ws.regs)
		ws.regs = rr
	}
	if t >= 0 && t < regBigT {
		ws.regs[r] = regSlot(uint64(t)<<8 | uint64(why))
	} else {
		if ws.regBig == nil {
			ws.regBig = map[int32]engine.Cycle{}
		}
		ws.regs[r] = regSlot(uint64(regBigT)<<8 | uint64(why))
		ws.regBig[r] = t
	}
	ws.preOK = false
}

// setReady delays the warp's next issue to t at least.
func (ws *warpState) setReady(t engine.Cycle, why Stall) {
	if t > ws.readyAt {
		ws.readyAt, ws.readyWhy = t, why
		ws.preOK = false
	}
}

// account puts the warp in state why (at instruction info) from cycle
// now: the cycles since the last change go to the previous state.
func (ws *warpState) account(why Stall, info *exec.InstInfo, now engine.Cycle, s *SM) {
	if why == ws.why && info == ws.at {
		return
	}
	ws.flush(now, s)
	if info != ws.at {
		ws.atLine = nil
	}
	ws.why, ws.at = why, info
}

// flush adds the cycles since the last change to the current state. A
// warp that issued this cycle is accounted up to the next one already
// (since > now): nothing to add, and since stays.
func (ws *warpState) flush(now engine.Cycle, s *SM) {
	if now < ws.since {
		return
	}
	if d := int64(now - ws.since); d > 0 {
		ws.stalls[ws.why] += d
		if s.Lines != nil && ws.at != nil {
			if ws.atLine == nil {
				ws.atLine = s.Lines.slot(ws.at)
			}
			ws.atLine[ws.why] += d
		}
		if s.Trace != nil && d >= s.TraceMinCycles && ws.why > StallNotSelected && ws.at != nil && s.Trace.Keep(s.ID) {
			s.traceWait(ws, ws.since, now) // tracehooks.go
		}
	}
	ws.since = now
}

// srcReady is the latest ready cycle of the instruction's sources.
func (ws *warpState) srcReady(info *exec.InstInfo) engine.Cycle {
	var t engine.Cycle
	for _, r := range info.Uses {
		t = max(t, ws.reg(r))
	}
	return t
}

// resultWhy is the state a warp waiting on a pipe's result is in.
func resultWhy(p ptx.Pipe) Stall {
	switch p {
	case ptx.PipeMUFU, ptx.PipeShared, ptx.PipeWarp, ptx.PipeAsync:
		return StallShortScoreboard
	case ptx.PipeGlobal:
		return StallLongScoreboard
	case ptx.PipeTensor, ptx.PipeWgmma:
		return StallTensor
	}
	return StallWait
}

// issue issues warp ws's next instruction at cycle now.
func (s *SM) issue(sp *subPart, ws *warpState, now engine.Cycle) error {
	ws.preOK = false // eligible looks again from the start (warpState.preOK)
	if len(ws.seq.steps) > 0 {
		// the next SASS instruction of a division (seq.go)
		ws.account(Selected, ws.seq.info, now, s)
		ws.flush(now+1, s)
		sp.last = ws
		s.issueStep(sp, ws, now)
		return nil
	}
	if ws.scan != nil {
		// the next SASS instruction of a warp scan (atomscan.go)
		ws.account(Selected, ws.scan.info, now, s)
		ws.flush(now+1, s)
		sp.last = ws
		s.scanIssue(sp, ws, now)
		return nil
	}
	e := &s.eff
	s.clockFor(ws) // barclock.go
	err := ws.w.Issue(e)
	s.clockAt = 0
	if err != nil {
		return err
	}
	info := e.Info
	expired := ws.expiredWait
	ws.expiredWait = false
	if e.Outcome == exec.Retry {
		if info != nil && info.TryWait {
			s.suspend(sp, ws, info, e, now) // mbarpoll.go
			return nil
		}
		s.retry(ws, info, now)
		return nil
	}
	if e.Outcome == exec.Blocked || info == nil {
		ws.account(StallBarrier, ws.info, now, s)
		ws.inBarrier = !e.Exited
		if e.Exited {
			s.exitWarp(ws, now)
		}
		return nil
	}
	en := s.entry(ws, info) // ptxas's issue schedule (sched.go)
	s.loopTopIssued(ws, &en, now)
	low := en.kind
	var copyW uint8 // a register copy ptxas cannot coalesce (tmacopy.go)
	if info.Slots == 0 && info.Op == ptx.OpMov {
		copyW = s.code.low.copyWords(info)
	}
	free := (info.Slots == 0 && copyW == 0 || low == lowFused) && e.Outcome != exec.Parked
	if !free {
		ws.account(Selected, info, now, s)
		ws.flush(now+1, s)
		ws.lastIssue = now
		if !ws.issued {
			s.entryIssued(ws, now) // initwait.go
		}
	}
	sp.last = ws
	if e.Outcome == exec.Parked {
		ws.setReady(now+1, StallDispatch)
		return nil
	}
	if err := s.host.Issued(ws.w, e, now); err != nil {
		return err
	}
	s.Stats.Instructions++
	if info.Op == ptx.OpSetmaxnreg {
		s.setmaxnregIssued(ws, info, now) // setmaxnregwait.go
	}
	s.noteBackBranch(ws, e, now)
	if l := s.code.low; l.sbLead != nil && info.Func == l.sbFunc && int(info.PC) < len(l.sbLead) && l.sbLead[info.PC] {
		ws.sbLeadAt = now // the S2UR ptxas put at this block's top (sharedbase.go)
	}
	if info.Op == ptx.OpMbarrier && (s.cfg.Const.InitWaitCycles > 0 || s.cfg.Const.InitBarWaitCycles > 0) {
		s.initIssued(ws, info, now) // initwait.go
	}
	if free {
		// no issue slot: the state since the last change continues
		s.Stats.FreeInstructions++
		// nothing in SASS: the value is there as soon as its sources are
		at, why := ws.srcReady(info), StallWait
		if t := s.paramReady(ws, info, now); t > at {
			at, why = t, StallIMCMiss // a kernel parameter (constcache.go)
		}
		if t := s.sharedBaseReady(ws, info, now); t > at {
			at = t // the shared window's S2UR (sharedbase.go)
			if l := s.code.low; l.sbClock != nil && l.sbClock[[2]int32{info.Func, info.PC}] {
				ws.setReady(t, StallWait) // its LEA before a clock read (sharedbase.go)
			}
		}
		for _, r := range info.Defs {
			ws.setReg(r, at, why)
		}
		if en.shape == brIfConv && e.Active > 0 && e.GuardTrue == e.Active {
			// every lane jumps: SASS still issues the block, predicated off
			var predAt engine.Cycle // the guard's ready cycle (a rematerialized LDC reads it)
			if len(info.Uses) > 0 {
				predAt = ws.reg(info.Uses[0])
			}
			ws.setReady(s.ifConvHold(sp, info, now, predAt), StallWait)
		}
		if en.shape == brIfConv && s.code.low.ifCopy(info) {
			s.ifCopyHold(sp, ws, info, e, now) // the copy before a predicated if / else (ifcopy.go)
		}
		if s.code.low.armBra(info) {
			s.armBraIssue(ws, e, now) // the BRA ptxas ends the arm with (armlayout.go)
		}
		if len(e.Async) > 0 {
			s.done = asyncDone{} // not timed: its tickets complete next cycle
			s.scheduleTickets(ws, e, now)
		}
		if e.Exited {
			s.exitWarp(ws, now)
		}
		return nil
	}
	if steps, ok := s.seqSteps(info); ok {
		s.startSeq(sp, ws, info, steps, now)
		return nil
	}
	if s.scanned(info, e) {
		s.startScan(sp, ws, info, now) // ptxas's warp scan (atomscan.go)
		return nil
	}
	spill := en.spill // P2R + ISETP.NE of a spilled carry (carryspill.go)
	slots := engine.Cycle(info.Slots) + engine.Cycle(spill)
	if copyW > 0 {
		slots = engine.Cycle(copyW) // one IMAD.MOV.U32 a 32-bit word
	}
	fullSlots := slots // a division's latency counts its whole sequence
	fdiv, isFdiv := exec.FloatDivisionMix(info)
	mix, isSeq := exec.SequenceMix(info)
	divOwner, divShared := int32(-1), false
	if isFdiv || isSeq && info.Bits == 32 {
		// the divisor's reciprocal is an earlier division's or computed
		// before the loop (fdiv.go: divOwners)
		divOwner, divShared = s.code.low.divOwner(info)
	}
	if divShared && isFdiv {
		fdiv, _ = exec.FloatDivisionShared(info)
		slots = engine.Cycle(fdiv.ALU+fdiv.FP32) + engine.Cycle(spill)
	} else if divShared {
		if m, n, ok := exec.IntDivisionShared(info); ok {
			mix, slots = m, engine.Cycle(n)+engine.Cycle(spill)
		}
	}
	bulkAdd := s.cfg.Async.BulkAddressLatencyCycles > 0 && s.code.low.bulkAddrAdd(info)
	if bulkAdd {
		slots = 1 // one UIADD3.64 (bulkaddr.go)
	}
	sp.issueFree = now + slots
	if s.cfg.RegbankConflictCycles > 0 && s.code.low.threeRegs(info) {
		// three R registers read: a mean dispatch stall (regbank.go)
		sp.issueFree += chargeDebt(&sp.bankDebt, s.cfg.RegbankConflictCycles)
	}
	mmaHold := s.mmaDispatch(sp, info) // HMMA / IMMA operand reads (mmaform.go)
	sp.issueFree += mmaHold
	s.Stats.SASSInstructions += int64(slots)
	sp.slotsIssued += int64(slots)
	pt := s.cfg.Pipes[info.Pipe]
	if isSeq {
		// a division's or 64-bit multiply's SASS occupies the pipes of its
		// instructions: the multiplies the IMAD pipe (below, IMAD.WIDE and
		// IMAD.HI two passes: itput64_mul_lo/hi), the rest the ALU,
		// conversion and MUFU pipes
		c := s.cfg
		for _, u := range [...]struct {
			p ptx.Pipe
			n int32
		}{{ptx.PipeALU, mix.ALU}, {ptx.PipeConv, mix.Conv}, {ptx.PipeMUFU, mix.MUFU}} {
			b := engine.Cycle(int(u.n) * c.Pipes[u.p].IntervalCycles)
			sp.pipeFree[u.p] = max(now, sp.pipeFree[u.p]) + b
			s.Stats.PipeBusy[u.p] += int64(b)
		}
	}
	if isFdiv {
		// a float division's MUFU.RCP and compares (fdiv.go)
		s.fdivPipes(sp, fdiv, now)
	}
	pipe := info.Pipe
	if low == lowFlex {
		pipe = s.flexPipe(sp, info)
	}
	pipe = mmaPipe(info, pipe)         // DMMA on the FP64 unit (mmaform.go)
	pipe, mio := s.mioPipe(info, pipe) // SHFL and shared atomics (warppipe.go)
	if copyW > 0 {
		pipe, pt = ptx.PipeIMAD, s.cfg.Pipes[ptx.PipeIMAD]
	}
	start := max(now, sp.pipeFree[pipe])
	// one SASS instruction on the named pipe, the others (fix-ups around
	// a MUFU, the halves of 64-bit arithmetic) one issue cycle each
	busy := engine.Cycle(pt.IntervalCycles) + slots - 1
	if low == lowAbsorb && info.Bits == 64 {
		// IADD3 and IADD3.X of three inputs: both halves on the ALU
		// (microbench itput64_add, ncu: 92% of its SASS on the ALU pipe)
		busy = engine.Cycle(pt.IntervalCycles) * slots
	}
	lat := engine.Cycle(pt.LatencyCycles)
	if copyW > 0 {
		busy = engine.Cycle(pt.IntervalCycles) * slots
	}
	busy = s.mmaBusy(info, busy)               // mma.sync per form (mmaform.go)
	busy += s.mufuTensorExtra(sp, pipe, start) // MUFU beside a running wgmma (mufutensor.go)
	if hi, wide := imadForm(info); hi || wide {
		// IMAD.HI / IMAD.WIDE: two passes (microbench itput_mul_hi,
		// itput_mul_wide: 8 per SM-cycle against IMAD's 16; xchain_mul_hi)
		busy = engine.Cycle(s.cfg.ImadWideIntervalCycles)
		if hi {
			lat = engine.Cycle(s.cfg.ImadHiLatencyCycles)
		}
	}
	if info.Form != ptx.FormNone {
		lat = s.formLatency(info, lat) // forms.go
	}
	if isFdiv {
		busy = engine.Cycle(int(fdiv.FP32) * pt.IntervalCycles)
		lat = s.fdivLatency(fdiv) // fdiv.go
		if divShared {
			// the dividend's scaling, then the multiply by the reciprocal
			lat = engine.Cycle(int(fdiv.Chain) * pt.LatencyCycles)
			lat = max(lat, ws.fdivRcpAt(divOwner)-now)
		} else {
			ws.fdivIssued(int32(info.PC), now+lat)
			lat += s.fdivPathExtra(fdiv) // fdiv.go
		}
	}
	if info.Pipe == ptx.PipeWarp {
		lat = s.warpPipeLatency(info, lat) // warppipe.go
	}
	if !isFdiv {
		lat += s.fp32TensorExtra(sp, pipe, start) // FP32 beside a running wgmma (fp32tensor.go)
	}
	if bulkAdd {
		lat = engine.Cycle(s.cfg.Async.BulkAddressLatencyCycles) // bulkaddr.go
	} else if c := s.cfg.Hold.BulkStoreSetupCycles; c > 0 && s.code.low.storeAddrAdd(info) {
		lat = max(lat, engine.Cycle(c)) // a UIADD3 before UBLKCP.G.S (bulkaddr.go: storeAddrAdds)
	}
	if mio > 0 {
		busy = mio
	}
	if isSeq {
		imad := s.cfg.Pipes[ptx.PipeIMAD].IntervalCycles
		busy = engine.Cycle(int(mix.IMAD)*imad + int(mix.IMADWide)*s.cfg.ImadWideIntervalCycles)
	}
	sp.pipeFree[pipe] = start + busy
	s.Stats.PipeBusy[pipe] += int64(busy)
	if info.Op == ptx.OpRedux {
		ws.reduxFree = now + engine.Cycle(s.cfg.ReduxWarpIntervalCycles) // warppipe.go
	}
	s.mmaWarpIssued(ws, info, start, busy) // mmaform.go
	if m, ok := exec.MmaFP8Emulation(info); ok {
		lat = s.mmaFP8(sp, ws, m, mmaHold, now) // ptxas's fp8 emulation (mmafp8.go)
	}
	ready := now + lat
	if s.bulkWiden(info) {
		ready = ws.srcReady(info) // the low word is the source; the high one a UMOV of zero (bulkaddr.go)
	}
	if mio > 0 && info.Op == ptx.OpShfl {
		ready = s.portWavefront(sp, now) + lat // a wavefront of the shared-memory port (warppipe.go)
	}
	if info.Pipe == ptx.PipeALU || info.Pipe == ptx.PipeIMAD {
		ready += slots - 1 // integer sequences (64-bit halves) are dependent chains
		if (info.Op == ptx.OpDiv || info.Op == ptx.OpRem) && s.cfg.IdivCyclesPerSlot > 0 {
			ready = now + s.idivLatency(info, divShared, fullSlots) // fdiv.go
		}
	}
	why := resultWhy(info.Pipe)
	if info.Async == exec.AsyncMbarWait || info.Async == exec.AsyncMbarOther {
		// behind a global store (mbarorder.go)
		ready = max(ready, s.mbarAfterStore())
		if info.Async == exec.AsyncMbarWait {
			ready = max(ready, s.mbarArriveWait(ws, e)) // tma_hold.go
		}
	}
	if e.SmemWavefronts > 0 {
		n := e.SmemWavefronts
		st := max(now, s.smemFree)
		st = max(st, s.smemBehindL1(info)) // smembacklog.go
		if ws.reduxFor == info {
			ws.reduxFor = nil // its REDUX.SUM chain is done (atomserial.go)
		}
		if e.SmemAtomSerial > n && !s.code.low.warpReduced(info) {
			// lanes on one word: one pass each, after the warp's last
			// such atomic (atomserial.go)
			n = e.SmemAtomSerial
			st = max(st, ws.atomFree)
			ws.atomFree = st + engine.Cycle(n*s.cfg.SmemLatencyPerWavefront)
		}
		wf := engine.Cycle(n * s.cfg.SmemWavefrontCycle)
		s.smemFree = st + wf
		if info.Op == ptx.OpAtom || info.Op == ptx.OpRed {
			ws.smemWritten = max(ws.smemWritten, st+wf)
		}
		sp.mioEnter(s.cfg.MioQueueInsts, st) // mioqueue.go
		if mioWarpQueued(info) {
			ws.mioLoadAt = st // mioqueue.go mioWarpReady
		}
		s.Stats.SmemBusy += int64(wf)
		ready = st + engine.Cycle(s.cfg.SmemLatencyCycles+(n-1)*s.cfg.SmemLatencyPerWavefront)
		ready += s.smemWriteback(info) // LDS.64 / LDS.128 (smemwb.go)
		if info.Op == ptx.OpAtom || info.Op == ptx.OpRed {
			// the read-modify-write (microbench atom_shared_distinct_lat)
			ready += engine.Cycle(s.cfg.SmemAtomExtraCycles)
		}
		why = StallShortScoreboard
		if info.DSMEM {
			// shared::cluster to the CTA's own memory (a generic-path LD)
			ready += engine.Cycle(s.cfg.DSMEMLocalExtraCycles)
		}
	}
	if e.RemoteSmem > 0 {
		// another CTA's shared memory: the SM-to-SM network (cluster.go)
		ready, why = max(ready, s.remoteSmem(e, now)), StallLongScoreboard
	}
	if e.NumSectors > 0 && !e.GlobalTMA {
		st, lat := s.l1Request(sp, ws, e, now)
		s.lsuWarpTake(ws, e, now) // lsuwarp.go
		s.loadLineHold(ws, e)     // lsu.go
		useL1 := info.Op != ptx.OpAtom && info.Op != ptx.OpRed && !info.BypassL1
		if info.BypassL1 && !e.GlobalStore && info.Async == exec.AsyncNone {
			st = s.bypassLoadStart(ws, st) // lsu.go
		}
		me := s.combinedEffect(e) // storecombine.go
		if info.ConstBank {
			me = s.constBlock(e) // constblock.go
		}
		done, accepted := s.host.Memory(st, s.ID, me, useL1)
		done += lat
		ready = max(ready, done)
		why = StallLongScoreboard
		if e.GlobalStore {
			// the L1 hands stores to the L2 no faster than the L2 takes
			// them in: its queue fills and the LG throttle holds the
			// sub-partition (gls_*_c132: 132 SMs storing)
			sp.l1Done = max(sp.l1Done, accepted)
			s.storeQueued(ws, info, max(st, accepted)) // storequeue.go
			ws.storesDone = max(ws.storesDone, done)
			s.storesDone = max(s.storesDone, done)
			s.lastStore = now
			s.storeData(e, now)
		}
	}
	if info.Async == exec.AsyncMbarOther && ws.cta.multi {
		s.remoteArrives(ws, e, now)
	}
	if e.TMAMap != 0 && info.Async == exec.AsyncNone {
		s.tmaDescReady(e, now, false) // prefetch.tensormap, or the acquire fence dropping a descriptor
	}
	s.done = asyncDone{}
	if info.Async != exec.AsyncNone {
		at := now
		if loop := s.bulkLaneLoop(info, e); loop > 0 {
			// ptxas issues a bulk copy once per active lane (bulklane.go)
			at += loop
			ws.setReady(at+slots, StallWait)
		}
		ready = s.asyncIssue(ws, e, at, ready)
		if info.Async == exec.AsyncMbarWait {
			why = StallSleeping
		}
	}
	if len(e.Async) > 0 {
		s.scheduleTickets(ws, e, now)
	}
	if ready > 0 {
		for _, r := range info.Defs {
			ws.setReg(r, ready, why)
		}
		s.carryIssued(ws, info, now, ready) // carry.go
	}
	if spill > 0 {
		// after its four ALU instructions, ptxas's carry waits (carryspill.go)
		ws.setReady(max(now+slots, sp.pipeFree[ptx.PipeALU])+carrySpillStallCycles, StallWait)
	} else {
		ws.setReady(now+slots, StallDispatch)
	}
	if info.Op == ptx.OpStmatrix && e.SmemWavefronts > 0 {
		ws.stsmFree = now + s.stmatrixInterval(e.SmemWavefronts) // stmatrix.go
	}
	switch info.Pipe {
	case ptx.PipeBranch:
		hold := pt.LatencyCycles
		if info.Op == ptx.OpBra && e.GuardTrue == 0 && e.Active > 0 && s.cfg.BranchNotTakenCycles > 0 {
			hold = s.cfg.BranchNotTakenCycles // no lane takes it (config.go)
		} else if e.Active > 0 && e.GuardTrue == e.Active && s.cfg.BranchNotTakenCycles > 0 && s.code.low.skipBlock(info) {
			hold = s.cfg.BranchNotTakenCycles // the loop falls through past an out-of-line block (skipblock.go)
		}
		if en.shape == brTable && s.cfg.JumpTableCycles > 0 {
			hold = s.cfg.JumpTableCycles // an indexed LDC and BRX, taken or not (jumptable.go)
		} else if en.shape == brTableUniform && s.cfg.JumpTableUniformCycles > 0 {
			hold = s.cfg.JumpTableUniformCycles // ULDC and BRXU
		}
		ws.setReady(now+engine.Cycle(hold), StallBranchResolving)
		if info.Op == ptx.OpBra && e.GuardTrue == 0 && e.Active > 0 {
			s.skipEnter(ws, info, now+engine.Cycle(hold)) // the block's sunk arithmetic (skipblock.go)
		}
		if info.Op == ptx.OpRet && !e.Exited {
			// a return from a called function (RET.REL.NODEC): microbench c6call_w1
			ws.setReady(now+engine.Cycle(s.cfg.CallReturnCycles), StallBranchResolving)
		}
	case ptx.PipeBarrier:
		switch info.Op {
		case ptx.OpMembar, ptx.OpFence:
			end := s.fenceEnd(ws, info, now) // fence.go
			if end > now {
				ws.setReady(end, StallMembar)
			}
		default:
			if info.ClusterBar {
				if info.ClusterArrive {
					at := now
					if !info.Relaxed {
						// the default .release arrive is a GPU-scope fence first
						at = s.gpuFenceEnd(at) // tma_fence.go
						ws.setReady(at, StallMembar)
					}
					s.clusterArrive(ws, at)
				}
				break
			}
			// the barrier unit takes one arrival per interval; the last
			// one releases everyone after the release latency
			// bar.sync orders the warp's earlier shared atomics before the
			// other warps' later accesses: the warp arrives once its
			// atomics are done on the port (microbench
			// atom17_lane_dead_w32, H100: each warp's clock read after the
			// barrier, its arrival (barclock.go), comes 1800-8500 cycles
			// after its last dead atomic issued; atom7_lane_dead_w1/_w32).
			// Not plain st.shared: the same wait for stores moved
			// smst_all_s1 (st.shared, bar, ld.shared, bar, st.global)
			// from -0.6% to +14.3% and smst2_c32_s42 from +3.6% to +7.1%
			// (while smst2_c8/_c32_shared came within 1%): the GPU's
			// barrier does not wait for a store's wavefronts so.
			arr := max(now, ws.smemWritten)
			at := max(arr, s.barFree)
			s.barFree = at + engine.Cycle(s.cfg.BarrierArriveInterval)
			ws.barArrived(arr)   // barclock.go
			s.proxyBarArrive(ws) // proxybar.go
			if !e.BarrierWait {
				s.barRelease = s.proxyBarRelease(at) + engine.Cycle(s.cfg.BarrierReleaseCycles)
				ws.setReady(s.barRelease, StallBarrier)
				s.reageCTA(ws) // schedpolicy.go
			}
		}
	}
	s.tmaHold(ws, info, e, now) // tma_hold.go
	if s.code.low.armBra(info) {
		s.armBraIssue(ws, e, now) // the BRA ptxas ends the arm with (armlayout.go)
	}
	if e.BarrierWait {
		ws.inBarrier = true
	}
	if e.Outcome == exec.Spun && info.TryWait && !expired {
		// a try_wait that failed in some lanes and succeeded in others
		// sleeps after executing (one failing in every lane did not
		// execute: suspend); test_wait returns at once and the PTX loop
		// spins; a try_wait whose suspend time ran out returns false.
		s.sleep(ws, info, e, now) // mbarpoll.go
	}
	if ws.cta.multi && (info.Pipe == ptx.PipeBarrier || e.AsyncChanged) {
		s.host.ClusterEvent(ws.cta.c.Cluster(), now)
	}
	if e.Exited {
		s.exitWarp(ws, now)
		return nil
	}
	s.lookAhead(sp, ws, now) // the next look's kept checks, while the warp is in cache (sm.go)
	return nil
}

// exitWarp retires a warp whose lanes have all exited.
func (s *SM) exitWarp(ws *warpState, now engine.Cycle) {
	if ws.done {
		return
	}
	ws.done = true
	ws.flush(now+1, s)
	end := now + 1
	if ws.storesDone > end {
		ws.why = StallDrain
		ws.flush(ws.storesDone, s)
		end = ws.storesDone
	}
	if ws.stalls.Total() != int64(end-ws.start) {
		s.Stats.AccountingErrors++
	}
	s.Stats.Stalls.Add(&ws.stalls)
	s.Stats.WarpCycles += int64(end - ws.start)
	sp := &s.sps[ws.sp]
	for i, x := range sp.warps {
		if x == ws {
			sp.warps = append(sp.warps[:i], sp.warps[i+1:]...)
			sp.skip = append(sp.skip[:i], sp.skip[i+1:]...)
			sp.blockedUntil = 0
			break
		}
	}
	if sp.last == ws {
		sp.last = nil
	}
	s.warpSlots &^= 1 << ws.slot
	cs := ws.cta
	cs.live--
	cs.end = max(cs.end, end)
	cs.freed = max(cs.freed, now+1)
	if cs.live == 0 {
		s.finishCTA(cs, cs.end)
	}
}

// finishCTA releases a CTA whose warps have all exited: its slot and
// resources are free from cs.freed (the end of its last warp's exit, or its
// last async completion), where the dispatcher may place the next CTA,
// while the host counts it done at now (its warps' last stores drained).
func (s *SM) finishCTA(cs *ctaState, now engine.Cycle) {
	if cs.c.PendingTickets() > 0 {
		return // its async work still completes (complete.go finishes it)
	}
	for i, x := range s.ctas {
		if x == cs {
			s.ctas = append(s.ctas[:i], s.ctas[i+1:]...)
			break
		}
	}
	s.used.sub(cs.res)
	s.MarkActive(now)
	s.ctaSlots &^= 1 << cs.slot
	if s.Trace != nil && s.Trace.Keep(s.ID) {
		s.traceCTAEnd(cs, now) // tracehooks.go
	}
	s.host.CTADone(s, cs.c, now)
}

// WarpStalls returns, for every resident warp, its state counts so far
// including the open interval up to now (tests check they sum to the
// warp's resident cycles).
func (s *SM) WarpStalls(now engine.Cycle) []Stalls {
	var out []Stalls
	for _, cs := range s.ctas {
		for _, ws := range cs.warps {
			if ws.done {
				continue
			}
			st := ws.stalls
			st[ws.why] += int64(now - ws.since)
			out = append(out, st)
		}
	}
	return out
}

// imadForm says whether a one-slot integer multiply is ptxas's IMAD.HI
// (mul.hi, mad.hi) or IMAD.WIDE (mul.wide, mad.wide) of 32-bit operands.
func imadForm(info *exec.InstInfo) (hi, wide bool) {
	if info.Pipe != ptx.PipeIMAD || info.Slots != 1 || info.Bits > 32 {
		return false, false
	}
	switch info.Op {
	case ptx.OpMul, ptx.OpMad:
		return strings.Contains(info.Text, ".hi"), info.Wide
	}
	return false, false
}
