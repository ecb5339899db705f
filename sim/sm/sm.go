package sm

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Host is what an SM needs from the machine around it.
type Host interface {
	// Memory times the global/local/constant lines of e that leave SM sm
	// at cycle at (through its L1 when useL1); it returns when the data is
	// back (a store: when the L2 holds it) and, for a store, when the L2
	// took its last line in (its slice's queue: the L1 cannot hand stores
	// to the L2 faster than that).
	Memory(at engine.Cycle, sm int, e *exec.Effect, useL1 bool) (done, accepted engine.Cycle)
	// CTADone is called when every warp of c has exited.
	CTADone(s *SM, c *exec.CTA, now engine.Cycle)
	// ClusterEvent is called when a warp of a multi-CTA cluster did
	// something other CTAs' warps may wait for (a barrier arrive, an
	// mbarrier change): the SMs of the cluster must look again.
	ClusterEvent(cl *exec.Cluster, now engine.Cycle)
	// Issued is called for every issued warp instruction; an error (the
	// instruction budget) ends the run.
	Issued(w *exec.Warp, e *exec.Effect, now engine.Cycle) error
	// Fail ends the run with err (a kernel fault).
	Fail(err error)
	// MbarLand records that mbarrier m may be seen complete only from
	// cycle t (a remote arrive, a barrier.cluster phase: async copies
	// and deferred arrives complete by ticket, complete.go);
	// MbarReady is the latest such cycle.
	MbarLand(m exec.MbarRef, t engine.Cycle)
	MbarReady(m exec.MbarRef) engine.Cycle
	// BulkHitCycles is the latency of a plain bulk load's L2 hit on line
	// for SM sm (its near or far slice), without a request: what a later
	// copy from a line that is in L2 by then takes, queues aside.
	BulkHitCycles(sm int, line uint64) engine.Cycle
}

// SM is one streaming multiprocessor in time.
type SM struct {
	// The fields a tick and a look read come first, together (speed30.md:
	// they lay in seven cache lines of the 23 KB struct, behind three
	// scratch Effects).
	ID   int
	cfg  *Config
	host Host
	clk  *engine.Clocked
	eng  *engine.Engine
	sps  []subPart
	code *Code
	// Lines accumulates per-instruction cycles (hot lines); nil to skip.
	Lines *LineStats
	// GPC is the index of the SM's GPC in the profile's map (an SM of no
	// GPC has one of its own; set by the GPU from its L2's map;
	// tmafenceblock.go)
	GPC int
	// Trace, when set, receives spans (CTA lifetimes, waits of at least
	// TraceMinCycles).
	Trace          Tracer
	TraceMinCycles int64
	// ready: schedule's scratch list of ready warps
	ready []readyWarp
	Stats Stats
	// end of the fields a tick and a look read

	// FetchGPC is the GPC whose instruction fetch path serves the SM
	// (icache_gpc_bytes_per_cycle; set by the GPU, -1: none)
	FetchGPC int

	// laneSub is bulkLaneLines' scratch Effect (bulklane.go).
	laneSub exec.Effect
	// constSub is constBlock's scratch Effect (constblock.go).
	constSub exec.Effect
	// combSub is combinedEffect's scratch Effect, combDone/combHeld the
	// last store's completed and held lines (storecombine.go)
	combSub            exec.Effect
	combDone, combHeld uint8
	// merge is the SM's last partly written store lines, l1Now the issue
	// cycle of the request l1Cycles prices (storemerge.go)
	merge storeMergeRing
	l1Now engine.Cycle
	// napGrid is the SM's NANOSLEEP wake grid, set by its first sleep
	// (nanosleep.go; 0: none yet).
	napGrid engine.Cycle
	ctas    []*ctaState
	age     uint64
	eff     exec.Effect
	// shared-memory port and L1 data path: next free cycle
	smemFree, l1Free engine.Cycle
	// l1At: when the L1 is free, to the fraction of a cycle its
	// fractional address stage leaves (l1Free rounds it up: lsu.go)
	l1At, l1Busy float64
	// l1LoadAt: when the L1 is free for a request the store queue does not
	// hold (loads pass the queued stores: lsu.go)
	l1LoadAt float64
	// the issue cycle of the last global store (mbarorder.go)
	lastStore engine.Cycle
	// storesDone: when every global store the SM issued so far is
	// acknowledged; fenceRoundAck, fenceRoundEnd: the last GPU-scope fence round's
	// end of its wait for them and its end (fence.go)
	storesDone, fenceRoundAck, fenceRoundEnd engine.Cycle
	// stQueue: the SM's global stores still in its store queue, in
	// order, each with when it leaves and its sub-partition (storequeue.go)
	stQueue []queuedSt
	// resources in use
	used Resources
	tr   *smTrace // tracehooks.go
	// NsPerCycle converts cycles to %globaltimer nanoseconds.
	NsPerCycle float64
	ic         icache
	cc         constCache // constcache.go
	// TMA engine and tensor pipe: next free cycle
	tmaFree, tensorFree engine.Cycle
	// tensorRSFrom, tensorRSUntil: the last span of RS wgmmas on the tensor pipe (fp32tensor.go)
	tensorRSFrom, tensorRSUntil engine.Cycle
	// tmaLand: when the SM's last TMA tensor load completed (tma.go)
	tmaLand engine.Cycle
	// the read ends of the last plain bulk stores, a ring of
	// BulkStoreQueueStores (bulkstore.go)
	storeEnds []engine.Cycle
	storeSeq  int
	// SM-to-SM network port (DSMEM): next free cycle
	dsmemFree engine.Cycle
	// the earliest end of a GPU-scope fence after the TMA loads (tma_fence.go)
	tmaDrain engine.Cycle
	// tensor-map descriptors the TMA unit has (tma_desc.go)
	tmaDesc tmaDescs
	// cp.async.ca fill: next free cycle (async.go)
	cpCaFree engine.Cycle
	// cp.async.cg fill: next free time (fractional: the rates are not a
	// whole number of cycles a copy; async.go)
	cpCgFree float64
	// the two fills' recent busy time (cpfill.go)
	cpCaLoad, cpCgLoad cpFillLoad
	// mbarrier arrives: next free cycle of the unit (tma_hold.go)
	arriveFree engine.Cycle
	// completion cycles of the issuing instruction's tickets (complete.go)
	done asyncDone
	// barrier unit: next free cycle and the last release
	barFree, barRelease engine.Cycle
	// barFenceDone: the latest completion of an arrived warp's
	// fence.proxy.async in the barrier now filling (proxybar.go)
	barFenceDone engine.Cycle
	// clockAt: what a %clock read of the issuing instruction reads (0: now; barclock.go)
	clockAt engine.Cycle
	// slots in use (bit k: slot k)
	ctaSlots, warpSlots uint64
	// division SASS sequences by instruction (seq.go; nil: none)
	seqCache map[*exec.InstInfo][]seqStep
	// seqChunks: seqChunksOf of each cached sequence (seq.go)
	seqChunks map[*exec.InstInfo][]seqChunkRec
	// scanCache: ptxas's warp scan of a used shared atomic (atomscan.go)
	scanCache []scanStep
}

// Tracer receives what a trace shows; nil costs nothing. Tracks: CTA slot
// k is TrackCTA+k, warp slot k is TrackWarp+k (traces.Recorder).
type Tracer interface {
	Keep(sm int) bool
	Span(sm, track int, name string, from, to int64, cat string, args map[string]any)
	Counter(sm int, name string, at int64, value float64)
}

// Trace track bases (equal to traces.TrackCTA and traces.TrackWarp).
const (
	TrackCTA  = 0
	TrackWarp = 100
)

type subPart struct {
	// issueFree: the sub-partition's dispatch issues one SASS instruction
	// per cycle, so a PTX instruction of n SASS slots holds it n cycles
	// (first: Tick reads it, then schedule the two slices, at every cycle)
	issueFree engine.Cycle
	warps     []*warpState
	// skip[i]: the scheduler need not look at warps[i] before this cycle
	// (kept beside warps, not in warpState, so that the scan over blocked
	// warps reads one array)
	skip []engine.Cycle
	// blockedUntil: schedule's last full look found every warp's skip
	// later than its cycle, the earliest of them this; before it a look
	// finds the same (nothing but that look writes skip) and is skipped.
	// 0 when a warp joined or left since (speed28.md).
	blockedUntil engine.Cycle
	pipeFree     [ptx.NumPipes]engine.Cycle
	last         *warpState
	rr           int
	// lsuFree: the sub-partition's port into the L1; l1Done: the end of
	// its last request in the SM's L1 (lsu.go)
	lsuFree, l1Done engine.Cycle
	// seqActive: warps in a division's SASS sequence (seq.go)
	seqActive int
	// bankDebt: register-bank stall cycles not yet charged (regbank.go)
	bankDebt float64
	// mufuDebt: MUFU cycles beside a running wgmma not yet charged (mufutensor.go)
	mufuDebt float64
	// fp32Debt: FP32 latency cycles beside a running wgmma not yet charged (fp32tensor.go)
	fp32Debt float64
	// mmaDebt: mma.sync issue-hold cycles not yet charged (mmaform.go mmaDispatch)
	mmaDebt float64
	// mioStarts: the port start times of the last mio_queue_insts shared
	// instructions the sub-partition issued, oldest at mioHead (mioqueue.go)
	mioStarts []engine.Cycle
	mioHead   int
	// slotsIssued: the SASS issue slots the sub-partition gave so far
	// (tmaloopslots.go)
	slotsIssued int64
	// to 320 bytes, five cache lines: each of an SM's sub-partitions
	// starts a line, its first (issueFree to blockedUntil, which every
	// tick reads) not split (speed30.md)
	_ [48]byte
}

type ctaState struct {
	// tickets of the CTA completed so far (complete.go)
	completions uint64

	c     *exec.CTA
	warps []*warpState
	live  int
	// setmaxnreg: registers the CTA's decs freed (when), and what its incs
	// took, and when the pool grants its next inc (setmaxnregwait.go)
	regFreed []regRelease
	regTaken int
	regGrant engine.Cycle
	res      Resources
	start    engine.Cycle
	multi    bool         // the CTA's cluster has more than one CTA
	slot     int          // CTA slot on the SM (trace track)
	end      engine.Cycle // the latest end of its exited warps
	age      uint64       // launch order on the SM (lower: older; tensorarb.go)
	// freed: when its slot and resources are given back (the last warp's
	// exit, or its last async completion after that; finishCTA)
	freed engine.Cycle
}

// New returns an idle SM attached to engine e; code is the GPU-wide code
// residency in L2 (shared by every SM of the run).
func New(id int, cfg *Config, e *engine.Engine, host Host, code *Code) *SM {
	s := &SM{ID: id, cfg: cfg, host: host, eng: e, sps: make([]subPart, cfg.SubPartitions), code: code, FetchGPC: -1,
		ic: icache{ready: map[uint64]engine.Cycle{}}}
	s.clk = engine.NewClocked(e, s, engine.PhaseTick)
	return s
}

// Wake makes the SM look at its warps at cycle at.
func (s *SM) Wake(at engine.Cycle) { s.clk.Wake(at) }

// Used is the resources of the resident CTAs.
func (s *SM) Used() Resources { return s.used }

// Resident is the number of resident CTAs.
func (s *SM) Resident() int { return len(s.ctas) }

// Launch makes CTA c resident from cycle at, holding resources r.
func (s *SM) Launch(c *exec.CTA, r Resources, at engine.Cycle) {
	cs := &ctaState{c: c, res: r, start: at, multi: len(c.Cluster().CTAs()) > 1, slot: s.freeSlot(true)}
	c.SetClock(s.clockNow, s.NsPerCycle) // barclock.go
	c.SetAsyncMode(asyncMode)
	c.SetIssueOrder(s.code.low.issueOrder()) // ptxas's order (sched.go)
	base, nw := s.age, uint64(len(c.Warps()))
	s.age += nw
	cs.age = base
	// one scoreboard allocation for the CTA's warps (warpState.setReg
	// still grows a warp's part past it for a callee's registers)
	nr := s.code.regs
	regs := make([]regSlot, nr*int(nw))
	for i, w := range c.Warps() {
		if w.Done() {
			continue
		}
		ws := &warpState{w: w, cta: cs, age: s.warpAge(base, nw, uint64(i)), readyAt: at, since: at, start: at, why: StallDispatch, slot: s.freeSlot(false)}
		ws.regs = regs[i*nr : (i+1)*nr : (i+1)*nr]
		ws.sp = w.ID() % len(s.sps)
		cs.warps = append(cs.warps, ws)
		s.sps[ws.sp].warps = append(s.sps[ws.sp].warps, ws)
		s.sps[ws.sp].skip = append(s.sps[ws.sp].skip, 0)
		s.sps[ws.sp].blockedUntil = 0
		cs.live++
	}
	s.ctas = append(s.ctas, cs)
	s.used.add(r)
	s.MarkActive(at)
	s.traceOccupancy(at)
	if cs.live == 0 {
		s.finishCTA(cs, at)
		return
	}
	s.Wake(at)
}

// maxFreePerCycle bounds the free instructions (moves ptxas removes) a
// sub-partition passes in one cycle besides its issued one.
const maxFreePerCycle = 8

// Tick runs one cycle: each sub-partition issues at most one instruction.
func (s *SM) Tick(now engine.Cycle) engine.Cycle {
	next := engine.Never
	issued := false
	for i := range s.sps {
		sp := &s.sps[i]
		if now < sp.issueFree {
			// still dispatching the SASS of an earlier multi-slot instruction
			next = min(next, sp.issueFree)
			continue
		}
		// free instructions (no SASS) do not use the cycle's issue slot:
		// the scheduler goes on, up to a bound
		for k := 0; k < maxFreePerCycle; k++ {
			pick, at := s.schedule(sp, now)
			if at < next {
				next = at
			}
			if pick == nil {
				break
			}
			free := pick.info != nil && (pick.info.Slots == 0 || s.entry(pick, pick.info).kind == lowFused)
			last := sp.last
			var err error
			if s.Trace != nil {
				err = s.issueTraced(sp, pick, now) // tracehooks.go
			} else {
				err = s.issue(sp, pick, now)
			}
			if err != nil {
				s.host.Fail(err)
				return engine.Never
			}
			if free && s.mathGTOOn() {
				sp.last = last // a free move does not take the greedy warp's place (schedpolicy.go)
			}
			if pick.retrying {
				continue // a wait_group unmet: nothing issued, no slot used
			}
			issued = true
			if !free {
				break
			}
		}
	}
	if issued {
		s.Stats.IssueCycles++
		return now + 1
	}
	return next
}

// schedule finds the warp sub-partition sp issues at cycle now (nil when
// none can) and the earliest later cycle one of its warps could issue.
// It looks at each warp (eligible, and the state from now), then picks
// among the ready ones (pickReady): two loops, so that the first, which
// runs for every warp at every cycle, carries few variables (speed28.md).
func (s *SM) schedule(sp *subPart, now engine.Cycle) (*warpState, engine.Cycle) {
	if now < sp.blockedUntil {
		// every warp is skipped until then (subPart.blockedUntil)
		return nil, sp.blockedUntil
	}
	next := engine.Never
	blocked := true // every warp's skip is later than now
	rd := s.ready[:0]
	warps := sp.warps
	skip := sp.skip[:len(warps)]
	for i := 0; i < len(warps); i++ {
		// the warps known to be blocked until skip[i] by a scoreboard,
		// pipe or fetch time (they only move later), in a loop of their
		// own: no call, its variables stay in registers
		for ; i < len(warps) && now < skip[i]; i++ {
			next = min(next, skip[i])
		}
		if i == len(warps) {
			break
		}
		ws := warps[i]
		var info *exec.InstInfo
		var at engine.Cycle
		var why Stall
		if p := ws.tail; p != 0 && ws.preOK && len(ws.seq.steps) == 0 && ws.scan == nil && !ws.sleeping && !ws.retrying && !ws.wgHold {
			// eligible's kept checks and a plain tail, without the call
			// (the same path through eligible; warpState line 0 only)
			info, at, why = ws.info, ws.preAt, ws.preWhy
			if t := sp.pipeFree[p-1]; t > at {
				at, why = t, StallMathPipeThrottle
			}
			if CheckFastPaths {
				s.checkTail(sp, ws, info, at, why, now)
			}
		} else {
			info, at, why = s.eligible(sp, ws, now)
		}
		if at > now {
			ws.account(why, info, now, s)
			if at != engine.Never && !ws.sleeping && !ws.inBarrier && why != StallTensor {
				skip[i] = at
			} else {
				blocked = false
			}
			next = min(next, at)
			continue
		}
		blocked = false
		ws.account(StallNotSelected, info, now, s)
		rd = append(rd, readyWarp{i, info})
	}
	if cap(rd) > cap(s.ready) {
		s.ready = rd // grown: keep the larger array (schedule reslices it to 0 each time)
	}
	if blocked && len(warps) > 0 {
		sp.blockedUntil = next
	}
	switch len(rd) {
	case 0:
		return nil, next
	case 1:
		// the one ready warp: every policy's pick (pickReady: loose
		// round-robin takes the first, math GTO one of oldest, last,
		// queued and yielding, all this warp; greedy the last or oldest)
		return warps[rd[0].i], next
	}
	return s.pickReady(sp, rd), next
}

// readyWarp is a warp schedule found ready: its index in subPart.warps
// and its next instruction.
type readyWarp struct {
	i    int
	info *exec.InstInfo
}

// pickReady is the warp the scheduler picks among the ready ones rd (in
// the order of sp.warps).
func (s *SM) pickReady(sp *subPart, rd []readyWarp) *warpState {
	// afterLast: a warp after the last one to issue (sp.last) in sp.warps
	lastIdx := len(sp.warps)
	if sp.last != nil {
		for i, ws := range sp.warps {
			if ws == sp.last {
				lastIdx = i
				break
			}
		}
	}
	var pick, first *warpState
	hyb := s.mathGTOOn()
	lrr := s.policy() == LRR
	var oldest, firstQ, nextQ, firstY, nextY, lastReady, oldestWG *warpState
	for _, r := range rd {
		ws, info := sp.warps[r.i], r.info
		afterLast := r.i > lastIdx
		if s.wgmmaArbitrated(info) && wgmmaBefore(ws, oldestWG) {
			oldestWG = ws // tensorarb.go
		}
		if hyb {
			// the oldest ready warp, and the loose round-robin order among
			// the ready warps that wait on a queued unit (schedpolicy.go)
			if oldest == nil || ws.age < oldest.age {
				oldest = ws
			}
			if ws == sp.last {
				lastReady = ws
			}
			if !s.gtoClass(ws, info) {
				if firstQ == nil {
					firstQ = ws
				}
				if nextQ == nil && afterLast {
					nextQ = ws
				}
				if s.gtoYield(ws, info) {
					if firstY == nil {
						firstY = ws
					}
					if nextY == nil && afterLast {
						nextY = ws
					}
				}
			}
		}
		if lrr {
			if first == nil {
				first = ws
			}
			if pick == nil && afterLast {
				pick = ws
			}
		} else if ws == sp.last || pick == nil || (pick != sp.last && ws.age < pick.age) {
			pick = ws // GTO: the last warp if it can, else the oldest
		}
	}
	if lrr && pick == nil {
		pick = first
	}
	if hyb && oldest != nil {
		if nextQ == nil {
			nextQ = firstQ
		}
		if nextY == nil {
			nextY = firstY
		}
		pick = s.mathGTO(lastReady, oldest, nextQ, nextY)
	}
	if oldestWG != nil {
		pick = oldestWG // the oldest warp waiting to issue a serialized wgmma (tensorarb.go)
	}
	return pick
}

// eligible says when warp ws can issue its next instruction (at <= now:
// now) and, if later, why not.
func (s *SM) eligible(sp *subPart, ws *warpState, now engine.Cycle) (*exec.InstInfo, engine.Cycle, Stall) {
	if len(ws.seq.steps) > 0 {
		at, why := s.seqEligible(sp, ws, now)
		return ws.seq.info, at, why
	}
	if ws.scan != nil {
		at, why := s.scanEligible(sp, ws, now) // atomscan.go
		return ws.scan.info, at, why
	}
	if ws.sleeping {
		ws.preOK = false
		woke := false
		if ch := ws.cta.c.Cluster().AsyncChanges(); ch != ws.sleepChanges {
			if at, ok := s.mbarWake(ws, now); !ok {
				// not its phase: nothing to look at before the next
				// change (a phase moves only with one)
				ws.sleepChanges = ch
			} else if at > now { // mbarpoll.go
				return ws.info, at, StallSleeping
			} else {
				ws.sleeping, ws.suspended, woke = false, false, true
				wake := s.hintWake(ws) // mbarhint.go
				if ws.pollAt != now {
					// signalled by the arrive that completed its phase;
					// at a recheck (a tensor load completed it:
					// mbarWake, txPoll) the warp wakes itself and its
					// try_wait issues at once (tmai: the first wait's
					// stamp k x 150 + 24 cycles after the last issue)
					wake += engine.Cycle(s.cfg.MbarWakeCycles)
				}
				if wake > 0 {
					ws.setReady(now+wake, StallSleeping)
				}
			}
		}
		if !woke {
			if now < ws.wakeAt {
				return ws.info, ws.wakeAt, StallSleeping
			}
			ws.sleeping = false
			if ws.suspended {
				// the suspend time ran out: the try_wait returns false
				ws.suspended, ws.expiredWait = false, true
				ws.w.Expire()
			}
		}
	}
	if ws.retryWait() {
		return ws.info, engine.Never, retryWhy(ws.info)
	}
	if ws.wgHold {
		return ws.info, engine.Never, StallTensor // async.go: SerialWgmma
	}
	if ws.preOK {
		// nothing the checks up to the pipe's read changed since the last
		// look (warpState.preOK): only the tail's shared state may have
		if p := ws.tail; p != 0 {
			at, why := ws.preAt, ws.preWhy
			if t := sp.pipeFree[p-1]; t > at {
				at, why = t, StallMathPipeThrottle // eligibleTail's pipe check (plainTail)
			}
			if CheckFastPaths {
				s.checkTail(sp, ws, ws.info, at, why, now)
			}
			return ws.info, at, why
		}
		info, en := ws.info, ws.en
		at, why := s.eligibleTail(sp, ws, info, &en, ws.preAt, ws.preWhy, now)
		return info, at, why
	}
	info, ok := ws.w.Peek()
	if !ok {
		ws.inBarrier = true
		return ws.info, engine.Never, StallBarrier
	}
	if ws.inBarrier {
		ws.inBarrier = false
		if ws.info == nil || !ws.info.ClusterBar {
			ws.setReady(max(now, s.barRelease), StallBarrier)
		} else if !ws.info.ClusterArrive {
			// a barrier.cluster.wait that blocked until the phase's last
			// arrive issued goes on at the phase's release (cluster.go),
			// not at that issue: its check before the wait issued saw the
			// arrivals recorded so far only
			ws.setReady(max(now, s.clusterRelease(ws)), StallBarrier)
		}
	}
	ws.info = info
	if info == nil {
		return info, now, ws.readyWhy // falls off the end: Issue reports it
	}
	en := s.entry(ws, info) // ptxas's issue schedule (sched.go)
	at, why := s.prefix(sp, ws, info, &en, now)
	if p := ws.tail; p != 0 {
		if t := sp.pipeFree[p-1]; t > at {
			at, why = t, StallMathPipeThrottle // eligibleTail's pipe check (plainTail)
		}
		if CheckFastPaths {
			s.checkTail(sp, ws, info, at, why, now)
		}
		return info, at, why
	}
	at, why = s.eligibleTail(sp, ws, info, &en, at, why, now)
	return info, at, why
}

// CheckFastPaths is a debugging switch for tests (off in production):
// every result of the scheduler's fast paths (plainTail's pipe-only tail,
// a quiet instruction's skipped checks; speed30.md) is recomputed by the
// full look, and a difference panics naming the instruction. A rule added
// to eligibleTail or eligibleChecks that the fast paths do not mirror
// shows up as that panic (validation/calibrate TestFastPathsMatchFullLooks).
var CheckFastPaths bool

// checkTail compares plainTail's result (at, why) for warp ws's next
// instruction info with eligibleTail's from the kept prefix.
func (s *SM) checkTail(sp *subPart, ws *warpState, info *exec.InstInfo, at engine.Cycle, why Stall, now engine.Cycle) {
	en := s.entry(ws, info)
	if a, w := s.eligibleTail(sp, ws, info, &en, ws.preAt, ws.preWhy, now); a != at || w != why {
		panic(fmt.Sprintf("sim/sm: CheckFastPaths: plainTail of %s (pc %d) gave %d %v, eligibleTail %d %v", info.Op, info.PC, at, why, a, w))
	}
}

// prefix is eligible's checks up to the pipe's for warp ws's next
// instruction info (lowering entry en) at cycle now: it sets the kept
// state (preOK, preAt, preWhy, tail) and returns preAt and preWhy.
func (s *SM) prefix(sp *subPart, ws *warpState, info *exec.InstInfo, en *schedEntry, now engine.Cycle) (engine.Cycle, Stall) {
	at, why := s.tmaLoopReady(sp, ws, now) // ws.readyAt, ws.readyWhy (tmaloopslots.go)
	if en.flags&schedGTOKnown != 0 {
		ws.gto = en.flags & schedGTO
	} else {
		ws.gto = gtoFlags(info, en.kind) // no schedule entry (sched.go at)
	}
	if t := s.fetchFor(ws, en.addr, now); t > at {
		at, why = t, StallNoInstruction
	}
	if t := s.paramLDCReady(ws, en); t > at {
		at, why = t, StallShortScoreboard // the parameter's LDC (paramremat.go)
	}
	pq := s.paramQuiet(info)
	if !pq {
		// the parameter LDCs of the region this instruction starts (constcache.go)
		// behind the warp's mbarrier.init, its constant reads start late (initwait.go)
		ic := max(at, ws.initConstAt)
		s.paramRegion(ws, info, max(now, ic), ic)
		if t := s.paramChainHold(ws, info, max(now, ic)); t > at {
			at, why = t, StallIMCMiss // address arithmetic ptxas moved below the barrier (constcache.go)
		}
	}
	// quiet: the instruction-specific checks below give nothing for this
	// instruction and are skipped (Lowering.quietChecks)
	quiet := en.quiet
	if !quiet {
		if t := s.initBarHold(ws, info, at); t > at {
			at, why = t, StallBarrier // the warp's mbarrier.init still completing (initwait.go)
		}
		if info.Op == ptx.OpSetmaxnreg {
			if t := s.setmaxnregReady(ws, info, max(now, at)); t > at {
				at, why = t, StallBarrier // the CTA's register pool (setmaxnregwait.go)
			}
		}
	}
	var predLate engine.Cycle
	if en.flags&schedCmpBranch != 0 {
		predLate = engine.Cycle(s.cfg.BranchPredicateCycles)
	}
	lim := s.loopHoistLimit(ws, en) // loophoist.go
	if en.shape == brMerged || en.shape == brIfConv {
		predLate = 0 // no BRA in SASS: nothing waits for the predicate
	} else if en.hoist > 0 && int(en.hoist) <= s.cfg.BranchChainHoistCompares {
		predLate = 0 // a check chain's compare computed before the loop: a
		// branch reads only its guard, ready long before (chainhoist.go)
	} else if !regMove(info) && !s.bulkWiden(info) { // a UMOV of zero reads nothing (bulkaddr.go)
		for _, r := range info.Uses {
			if t := min(ws.reg(r)+predLate, lim); t > at {
				at, why = t, ws.regs[r].why()
			}
		}
		if en.plop3 {
			// the PLOP3 copy of the uniform predicate in the slot before the
			// branch, which waits for it as for a compare (plop3remat.go;
			// counted from the warp's last issue: from its earliest slot
			// instead, after the not-taken mc branch before it, tmaq's stage
			// spacing is 213-216 against the GPU's 201-214)
			t := ws.lastIssue + 1 + engine.Cycle(s.cfg.Pipes[ptx.PipeALU].LatencyCycles+s.cfg.BranchPredicateCycles)
			if t > at {
				at, why = t, StallWait
			}
		}
		if t := s.ifGuardReady(ws, en); t > at {
			at, why = t, StallWait // a predicated store's guard (ifconvmem.go)
		}
	}
	if !quiet {
		at, why = s.eligibleChecks(ws, info, at, why)
	} else if CheckFastPaths {
		if a, w := s.eligibleChecks(ws, info, at, why); a != at || w != why {
			panic(fmt.Sprintf("sim/sm: CheckFastPaths: quiet %s (pc %d) skipped a check: %d %v, the full look %d %v", info.Op, info.PC, at, why, a, w))
		}
	}
	for _, r := range info.Defs {
		if en.shape == brOrSetp && r == en.prevPred {
			continue // the ISETP.OR chain's own wait, below
		}
		if t := ws.reg(r); t > at {
			at, why = t, ws.regs[r].why()
		}
	}
	if en.shape == brOrSetp {
		// an ISETP.OR issues branch_or_chain_cycles after the compare
		// before it (whose predicate is ready the ALU latency after issue)
		lat := engine.Cycle(s.cfg.Pipes[ptx.PipeALU].LatencyCycles)
		if t := ws.reg(en.prevPred) - lat + engine.Cycle(s.cfg.BranchOrChainCycles); t > at {
			at, why = t, StallWait
		}
	}
	if quiet {
		ws.preOK = pq // prefixKept's other conditions fail for a quiet instruction
	} else {
		if t, ok := s.reduceReady(sp, ws, info, at, now); ok && t > at {
			at, why = t, StallShortScoreboard // the REDUX.SUM chain (atomserial.go)
		}
		if t := s.reduxFree(ws, info); t > at {
			at, why = t, StallMIOThrottle // the warp's last REDUX (warppipe.go)
		}
		if t := s.mmaWarpFree(ws, info); t > at {
			at, why = t, StallMathPipeThrottle // the warp's last mma.sync (mmaform.go)
		}
		ws.preOK = s.prefixKept(info)
	}
	if ws.tmaLoop {
		ws.preOK = false // the ELECT loop's slots are counted at its end (tmaloopslots.go)
	}
	ws.preAt, ws.preWhy = at, why
	ws.tail = s.plainTail(info, en)
	return at, why
}

// lookAhead runs eligible's look at warp ws's next instruction at the end
// of its issue at cycle now, while its state is in cache, where that look
// reads nothing that depends on the cycle or may change before the
// warp's next look other than through what drops the kept checks
// (setReg, setReady, the warp's own issue): the warp is not in a division
// sequence, warp scan, sleep, retry, wgmma hold or barrier, its next
// instruction is quiet (Lowering.quietChecks) and starts or holds no
// kernel-parameter region (paramQuiet), and its fetch is the warp's last
// line (fetchFor returns the kept time without touching the cache). The
// next look then finds preOK set and the same preAt and preWhy a full look
// would compute then (speed30.md).
func (s *SM) lookAhead(sp *subPart, ws *warpState, now engine.Cycle) {
	if ws.done || len(ws.seq.steps) > 0 || ws.scan != nil || ws.sleeping || ws.retrying || ws.wgHold || ws.inBarrier {
		return
	}
	info, ok := ws.w.Peek()
	if !ok || info == nil {
		return
	}
	en := s.entry(ws, info)
	if !en.quiet || !s.paramQuiet(info) {
		return
	}
	if lb := uint64(s.cfg.ICache.LineBytes); lb != 0 && s.code != nil && !(ws.lastLineOK && en.addr/lb == ws.lastLine) {
		return
	}
	ws.info = info
	s.prefix(sp, ws, info, &en, now)
}

// eligibleChecks is eligible's instruction-specific checks between the
// source registers' and the destinations' (none applies to a quiet
// instruction: Lowering.quietChecks), from the time at (state why).
func (s *SM) eligibleChecks(ws *warpState, info *exec.InstInfo, at engine.Cycle, why Stall) (engine.Cycle, Stall) {
	if t := s.carryReady(ws, info); t > at {
		at, why = t, StallWait // the address add's high half (carry.go)
	}
	for _, r := range s.code.low.loopWaitRegs(info) {
		if t := ws.reg(r); t > at {
			at, why = t, ws.regs[r].why() // the previous iteration's loads (loopwait.go)
		}
	}
	for _, r := range s.code.low.loadSBRegs(info) {
		if t := ws.reg(r); t > at {
			at, why = t, ws.regs[r].why() // loads sharing the scoreboard (loadsb.go)
		}
	}
	if t := s.wgmmaDescReady(ws, info); t > at {
		at, why = t, StallWait // the descriptor's R2UR (wgmmadesc.go)
	}
	if t := s.tmaR2URReady(ws, info); t > at {
		at, why = t, StallWait // the operands' R2URs (tmar2ur.go)
	}
	if t := s.tmaURSerialReady(ws, info); t > at {
		at, why = t, StallWait // the operands' R2URs after the last load (tmaurspill.go)
	}
	if t := s.bulkStoreReady(ws, info); t > at {
		at, why = t, StallMIOThrottle // the engine's take of the last plain store (bulkstore.go)
	}
	if t := s.bulkReduceIntervalReady(ws, info); t > at {
		at, why = t, StallWait // the ELECT loop and the UMOV before the next reduction (bulkinterval.go)
	}
	if t := s.bulkRematReady(info, at); t > at {
		at, why = t, StallWait // the recomputed address's UIADD3 pair (bulkremat.go)
	}
	return at, why
}

// plainPipe is the pipe an instruction of no flexible or fused lowering
// waits for (eligibleTail and plainTail alike): SHFL and shared atomics
// (warppipe.go), DMMA (mmaform.go), the IMAD.MOVs of a register copy
// (tmacopy.go).
func (s *SM) plainPipe(info *exec.InstInfo) ptx.Pipe {
	pipe, _ := s.mioPipe(info, mmaPipe(info, info.Pipe))
	if info.Slots == 0 && info.Op == ptx.OpMov && s.code.low.copyWords(info) > 0 {
		pipe = ptx.PipeIMAD
	}
	return pipe
}

// plainTail is 1 + the pipe eligibleTail waits for when that wait is all
// it does for instruction info (lowering entry en), else 0: the pipe is
// the instruction's alone (lowFlex: flexPipe reads only the entry), the
// wait's state the math pipe throttle (not the shared or warp pipe's
// MIO throttle), and none of the other checks applies (not a float
// division, global memory instruction, stmatrix, shared or MIO-queued
// instruction, cluster barrier wait or arbitrated wgmma). Every condition
// reads info, en and the configuration only (speed30.md).
func (s *SM) plainTail(info *exec.InstInfo, en *schedEntry) ptx.Pipe {
	switch {
	case info.Pipe == ptx.PipeShared || info.Pipe == ptx.PipeWarp || info.Pipe == ptx.PipeGlobal,
		info.Op == ptx.OpDiv && info.Pipe == ptx.PipeFP32, // fdivMufuFree, fdivWindowFree
		info.Op == ptx.OpStmatrix,
		s.cfg.MioQueueInsts > 0 && s.mioQueued(info),
		info.ClusterBar && !info.ClusterArrive,
		info.Async == exec.AsyncCopy && s.cfg.CpAsyncLSULaneBytes > 0, // cpAsyncWarpReady
		s.wgmmaArbitrated(info):
		return 0
	}
	pipe := info.Pipe
	switch en.kind {
	case lowFlex:
		pipe = ptx.PipeALU
		if en.flags&schedFlexIMAD != 0 {
			pipe = ptx.PipeIMAD // flexPipe
		}
	case lowFused:
		pipe = ptx.PipeNone
	default:
		pipe = s.plainPipe(info)
	}
	if pipe == ptx.PipeShared || pipe == ptx.PipeWarp {
		return 0 // keep to eligibleTail (its state reads info.Pipe only; plain and simple)
	}
	return pipe + 1
}

// prefixKept says whether eligible's checks before the pipe's, for
// instruction info, may be kept until warp ws issues or its registers or
// own ready time change (warpState.preOK): none of them reads the cycle
// or state another warp changes, and none has a side effect. Excluded:
// the instructions that start or hold at a kernel-parameter region
// (constcache.go paramRegion, paramChainHold: they read and fill the
// constant cache at the cycle), setmaxnreg (the CTA's register pool),
// async instructions (descriptor, R2UR and bulk-store gates), and the
// REDUX.SUM chain's head (it takes the sub-partition's pipe).
func (s *SM) prefixKept(info *exec.InstInfo) bool {
	if info.Async != exec.AsyncNone || info.Op == ptx.OpSetmaxnreg || s.cfg.AtomReduceCycles > 0 && s.code.low.reduceHead(info) {
		return false
	}
	return s.paramQuiet(info) // no parameter region starts or holds here (paramSectors.busy)
}

// eligibleTail is eligible's checks from the pipe's on, from the time at
// (state why) the earlier checks gave: the sub-partition's and SM's
// shared units, which other warps' issues move.
func (s *SM) eligibleTail(sp *subPart, ws *warpState, info *exec.InstInfo, en *schedEntry, at engine.Cycle, why Stall, now engine.Cycle) (engine.Cycle, Stall) {
	pipe := info.Pipe
	switch en.kind {
	case lowFlex:
		pipe = s.flexPipe(sp, info)
	case lowFused:
		pipe = ptx.PipeNone // no SASS: no pipe to wait for
	default:
		pipe = s.plainPipe(info)
	}
	if t := sp.pipeFree[pipe]; t > at {
		at, why = t, StallMathPipeThrottle
		if info.Pipe == ptx.PipeShared || info.Pipe == ptx.PipeWarp {
			why = StallMIOThrottle
		}
	}
	if t := s.fdivMufuFree(sp, info); t > at {
		at, why = t, StallMathPipeThrottle // a float division's MUFU.RCP (fdiv.go)
	}
	if t := s.fdivWindowFree(ws, info); t > at {
		at, why = t, StallShortScoreboard // the division InFlight back (fdiv.go)
	}
	if info.Pipe == ptx.PipeGlobal && info.Async == exec.AsyncNone {
		if s.queuedStore(info) {
			if t := s.storeQueueReady(sp, ws, now); t > at {
				at, why = t, StallLGThrottle // storequeue.go
			}
		} else {
			if t := s.lgThrottle(sp); t > at {
				at, why = t, StallLGThrottle
			}
			if t := s.lsuWarpReady(ws); t > at {
				at, why = t, StallLGThrottle // lsuwarp.go
			}
		}
	}
	if info.Async == exec.AsyncCopy {
		if t := s.cpAsyncWarpReady(ws); t > at {
			at, why = t, StallLGThrottle // lsuwarp.go
		}
	}
	if info.Op == ptx.OpStmatrix && ws.stsmFree > at {
		at, why = ws.stsmFree, StallMIOThrottle // stmatrix.go
	}
	if info.Pipe == ptx.PipeShared || s.cfg.MioQueueInsts > 0 && s.mioQueued(info) {
		if t := s.smemThrottle(sp); t > at {
			at, why = t, StallMIOThrottle // mioqueue.go
		}
		if t := s.mioWarpReady(ws, info); t > at {
			at, why = t, StallMIOThrottle // mioqueue.go
		}
	}
	if info.ClusterBar && !info.ClusterArrive {
		// barrier.cluster.wait: the release of its phase (cluster.go)
		if t := s.clusterRelease(ws); t > at {
			at, why = t, StallBarrier
		}
	}
	if t := s.wgmmaIssueAt(info); t > at {
		at, why = t, StallMathPipeThrottle // tensorarb.go
	}
	return at, why
}

// freeSlot takes the lowest free CTA or warp slot (trace tracks).
func (s *SM) freeSlot(cta bool) int {
	used := &s.warpSlots
	if cta {
		used = &s.ctaSlots
	}
	for i := 0; ; i++ {
		if *used&(1<<i) == 0 {
			*used |= 1 << i
			return i
		}
	}
}

// mathGTOOn: scheduler_math_gto under loose round-robin.
func (s *SM) mathGTOOn() bool { return s.cfg.SchedulerMathGTO != 0 && s.policy() == LRR }

// policy is the scheduler's selection policy (scheduler_lrr).
func (s *SM) policy() Policy {
	if s.cfg.PolicyLRR != 0 {
		return LRR
	}
	return GTO
}

// traceOccupancy records the SM's resident warps in the trace.
func (s *SM) traceOccupancy(at engine.Cycle) {
	if s.Trace != nil && s.Trace.Keep(s.ID) {
		s.Trace.Counter(s.ID, "resident warps", int64(at), float64(s.used.Warps))
	}
}
