package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// Outcome says what an Issue call did.
type Outcome uint8

// Outcomes.
const (
	// Issued: the instruction executed (for the lanes whose guard holds).
	Issued Outcome = iota
	// Spun: it executed and its wait condition failed (mbarrier try_wait or
	// test_wait false; under AsyncSuspendWaits a try_wait spins only when
	// some lanes succeed or after Expire): the warp would spin; a timed driver lets it sleep
	// until an mbarrier of its cluster changes (Cluster.AsyncChanges; sim/sm
	// wakes it only when the phase of the barrier it waits on moved: WaitBar,
	// CTA.MbarPhase).
	Spun
	// Parked: a group reached a warp-synchronous instruction before the
	// rest of its lanes and waits there; nothing executed.
	Parked
	// Blocked: nothing issued: the warp waits at a barrier, its lanes are
	// all parked, or it has exited.
	Blocked
	// Retry: a cp.async, bulk or wgmma wait_group (or wait_all) found
	// groups in flight; nothing executed, and the warp issues the same
	// instruction again once a ticket of the CTA completed (AsyncTickets).
	// Under AsyncSuspendWaits, also an mbarrier.try_wait that would fail
	// in every active lane: Effect.Waits names the phases it waits for
	// (suspend.go).
	Retry
)

// maxLines bounds the distinct 128-byte global lines an Effect lists; an
// instruction touching more counts the rest without their addresses.
const maxLines = 256

// Effect is what one Issue did, for a timing model: no data, only what
// takes time. It is filled in place and holds no pointers into the warp
// beyond Info, so a driver can reuse one Effect for every call.
type Effect struct {
	// Brief, set by the driver, limits the Effect to Info, Outcome,
	// Exited, Async and Waits (what a functional driver needs; the rest
	// costs time on every instruction).
	Brief   bool
	Info    *InstInfo
	Outcome Outcome
	// Active is the number of lanes of the issuing group (the lanes at
	// this PC, guard true or not); GuardTrue those whose guard held (all
	// of them without a guard): a bulk copy is one per GuardTrue lane.
	Active    int
	GuardTrue int
	// SmemWavefronts is the shared-memory wavefronts the instruction cost
	// (the bank model's count, as ncu counts them); SmemOps the shared
	// instructions counted (0 or 1, more for fused accesses).
	SmemWavefronts int
	SmemOps        int
	// SmemAtomSerial is, for a shared atomic, its wavefronts when lanes on
	// one word serialise (each lane request its own pass: what the
	// hardware does unless ptxas reduced the warp's operands first; the
	// timed model chooses, sim/sm/atomserial.go).
	SmemAtomSerial int
	// TMAWavefronts is the modelled shared-memory side of TMA and bulk
	// copies (smem.OpTMA: 128-byte wavefronts written or read).
	TMAWavefronts int
	// GlobalLines are the distinct 128-byte lines of global, constant and
	// local memory the lanes (or a TMA copy's rows) touched, with a mask of
	// their 32-byte sectors (at most maxLines listed; NumLines counts all).
	// NumSectors counts the distinct sectors, GlobalBytes the bytes.
	GlobalLines [maxLines]uint64
	LineSectors [maxLines]uint8
	// LineBytes counts the bytes stores wrote in each listed line (a line
	// whose count is short of its sectors' 32 bytes each has a partly
	// written sector: PartialStoreLines).
	LineBytes   [maxLines]uint16
	NumLines    int
	NumSectors  int
	GlobalBytes int
	GlobalStore bool
	// GlobalTMA marks global traffic of a TMA/bulk copy (it bypasses L1).
	GlobalTMA bool
	// BarrierWait is true when the warp now waits at bar.sync/barrier or
	// barrier.cluster (it issued the arrive).
	BarrierWait bool
	// AsyncChanged is true when an mbarrier of the cluster changed state
	// during the call (an arrive, a phase completion, complete_tx).
	AsyncChanged bool
	// Exited is true when the warp has no live lane after the call.
	Exited bool
	// Mbars are the mbarriers the instruction operated on (wait, arrive,
	// expect_tx...; at most len(Mbars) listed).
	Mbars    [4]MbarRef
	NumMbars int
	// Lands are the async copies (TMA, bulk, multicast) the instruction
	// started, with the mbarrier each completes on and its bytes
	// (complete_tx happened at issue; a timing model decides when the
	// mbarrier may be seen complete). LandBytes sums every landing.
	Lands     [16]Land
	NumLands  int
	LandBytes int
	// RemoteSmem counts the lanes whose shared::cluster access (ld, st,
	// atom, red) went to another CTA's shared memory (DSMEM: through the
	// SM-to-SM network, not the SM's own shared-memory port).
	RemoteSmem int
	// Async are the async operations the instruction started, with the
	// tickets the driver completes (CTA.Complete of the warp's CTA; tickets
	// are 0 in AsyncAtIssue mode). The slice is reused from call to call.
	Async []AsyncOp
	// SuspendNs is a try_wait's suspend-time hint in ns as the lanes read
	// it (an immediate or a register), 0 without one.
	SuspendNs int64
	// Waits are the mbarrier phases a try_wait suspended on (Outcome
	// Retry under AsyncSuspendWaits; filled in Brief mode too): the warp
	// may issue again once one of them completed, or once its suspend
	// time passed and the driver called Warp.Expire.
	Waits    [4]MbarWait
	NumWaits int
	// MbarDone are the mbarrier phases that completed during the call (an
	// arrive, an expect_tx/complete_tx, a copy completing at issue).
	MbarDone    [4]MbarPhase
	NumMbarDone int
	// Woke are the warps a bar.sync/barrier or barrier.cluster release of
	// the call let go on (the issuing warp, which did not wait, excluded);
	// the slice is reused from call to call.
	Woke []*Warp
	// TMAMap names the tensor map a TMA instruction or prefetch.tensormap
	// used (its address with the state space in the top byte; 0: none):
	// the TMA unit reads the 128-byte descriptor through memory.
	// TMAMapInvalidate: the instruction (fence.proxy.tensormap::generic
	// .acquire, SASS UTMACCTL.IV) drops the SM's copy of that descriptor.
	TMAMap           uint64
	TMAMapInvalidate bool
}

// MbarWait is one mbarrier phase a suspended try_wait waits for: the
// barrier, its current (incomplete) phase, and the token or parity operand
// as the first waiting lane gave it.
type MbarWait struct {
	M      MbarRef
	Phase  uint64
	Parity bool   // the operand is a phase parity (try_wait.parity), not a token
	Value  uint64 // the token or the parity
}

// MbarPhase is one completed phase of an mbarrier.
type MbarPhase struct {
	M     MbarRef
	Phase uint64
}

// MbarRef names an mbarrier: its CTA and shared offset.
type MbarRef struct {
	CTA  *CTA
	Addr uint32
}

// Land is one async copy's arrival: n bytes completing on mbarrier M.
type Land struct {
	M     MbarRef
	Bytes uint32
}

// noteSmem records one shared-memory cost the instruction was charged
// (the counting sites call it: countSmem, countOp, countedAsync).
func (e *Effect) noteSmem(k smem.OpKind, c smem.Cost) {
	if k == smem.OpTMA {
		e.TMAWavefronts += c.Wavefronts
		return
	}
	e.SmemWavefronts += c.Wavefronts
	e.SmemOps++
}

// noteRemote records one lane's access of another CTA's shared memory.
func (w *Warp) noteRemote(s ptx.Space) {
	if w.eff != nil && (s == ptx.SpaceShared || s == ptx.SpaceSharedCluster) {
		w.eff.RemoteSmem++
	}
}

// noteTMAMap records the tensor map at address a of space sp.
func (w *Warp) noteTMAMap(sp ptx.Space, a uint64) {
	if w.eff != nil {
		w.eff.TMAMap = uint64(sp)<<56 | a&(1<<56-1)
	}
}

// noteMbar records an mbarrier operand (once per instruction).
func (e *Effect) noteMbar(t *CTA, a uint32) {
	r := MbarRef{t, a}
	for i := 0; i < min(e.NumMbars, len(e.Mbars)); i++ {
		if e.Mbars[i] == r {
			return
		}
	}
	if e.NumMbars < len(e.Mbars) {
		e.Mbars[e.NumMbars] = r
	}
	e.NumMbars++
}

// noteLand records an async copy landing n bytes on mbarrier (t, a).
func (e *Effect) noteLand(t *CTA, a uint32, n uint32) {
	e.LandBytes += int(n)
	r := MbarRef{t, a}
	for i := 0; i < min(e.NumLands, len(e.Lands)); i++ {
		if e.Lands[i].M == r {
			e.Lands[i].Bytes += n
			return
		}
	}
	if e.NumLands < len(e.Lands) {
		e.Lands[e.NumLands] = Land{r, n}
	}
	e.NumLands++
}

// reset clears e for the next call.
func (e *Effect) reset() {
	e.Info = nil
	e.Outcome = Issued
	e.Exited = false
	e.Async = e.Async[:0]
	e.NumWaits = 0
	if e.Brief {
		return
	}
	e.Active, e.GuardTrue = 0, 0
	e.SmemWavefronts, e.SmemOps, e.TMAWavefronts, e.SmemAtomSerial = 0, 0, 0, 0
	e.NumSectors, e.NumLines, e.GlobalBytes = 0, 0, 0
	e.GlobalStore, e.GlobalTMA = false, false
	e.BarrierWait = false
	e.AsyncChanged = false
	e.Exited = false
	e.NumMbars, e.NumLands, e.LandBytes, e.RemoteSmem, e.TMAMap = 0, 0, 0, 0, 0
	e.TMAMapInvalidate = false
	e.SuspendNs = 0
	e.NumMbarDone = 0
	e.Woke = e.Woke[:0]
}

// noteGlobal records an access of n bytes at addr by one lane.
func (e *Effect) noteGlobal(addr uint64, n int, store bool) {
	if n <= 0 {
		return
	}
	e.GlobalBytes += n
	e.GlobalStore = e.GlobalStore || store
	end := addr + uint64(n)
	for s := addr >> 5; s <= (end-1)>>5; s++ {
		line, bit := s>>2, uint8(1)<<(s&3)
		var b uint16
		if store {
			b = uint16(min(end, (s+1)<<5) - max(addr, s<<5))
		}
		i := e.findLine(line)
		if i < 0 {
			if e.NumLines < maxLines {
				e.GlobalLines[e.NumLines] = line
				e.LineSectors[e.NumLines] = bit
				e.LineBytes[e.NumLines] = b
			}
			e.NumLines++
			e.NumSectors++
			continue
		}
		e.LineBytes[i] += b
		if e.LineSectors[i]&bit == 0 {
			e.LineSectors[i] |= bit
			e.NumSectors++
		}
	}
}

// PartialStoreLines counts the listed lines of a store in which some
// sector it touched is not written whole (a byte-masked write: fewer bytes
// than 32 per sector; lanes writing the same bytes count them twice).
func (e *Effect) PartialStoreLines() int {
	if !e.GlobalStore {
		return 0
	}
	k := 0
	for i := range min(e.NumLines, maxLines) {
		if int(e.LineBytes[i]) < 32*bits.OnesCount8(e.LineSectors[i]) {
			k++
		}
	}
	return k
}

// findLine is the index of line among the listed lines (-1: absent).
func (e *Effect) findLine(line uint64) int {
	n := min(e.NumLines, maxLines)
	if n > 0 && e.GlobalLines[n-1] == line {
		return n - 1
	}
	for i := 0; i < n-1; i++ {
		if e.GlobalLines[i] == line {
			return i
		}
	}
	return -1
}

// Peek returns the warp's next instruction without executing anything. ok
// is false when the warp cannot issue now (it waits at a barrier, every
// lane is parked, or it has exited).
func (w *Warp) Peek() (info *InstInfo, ok bool) {
	if w.wait != waitNone || w.live == 0 {
		return nil, false
	}
	if w.uniform {
		if int(w.upc) >= len(w.uframe.fn.insts) {
			return nil, true // Issue reports the fault
		}
		return &w.cta.inst(w.uframe.fn, w.upc).info, true
	}
	_, f, pc, ok := w.selectGroup()
	if !ok {
		// Parked lanes at __syncwarp in divergent code release on the
		// next Issue; report the warp as able to issue then.
		if w.parked != 0 && w.parked == w.live {
			l := bits.TrailingZeros32(w.parked)
			return &w.cta.inst(w.frame[l].fn, w.pc[l]).info, true
		}
		return nil, false
	}
	if int(pc) >= len(f.fn.insts) {
		return nil, true
	}
	return &w.cta.inst(f.fn, pc).info, true
}

// Spinning reports whether the warp's last Spun issue repeated a failed
// wait with nothing changed since the one before (no mbarrier of the CTA
// changed, the warp's registers unchanged): a functional driver does not
// count it as progress.
func (w *Warp) Spinning() bool { return w.mspin.repeat }

// WaitsWarpgroup reports whether the warp waits at a wgmma for the other
// warps of its warpgroup (the functional rendezvous: values are computed
// when the fourth part issues).
func (w *Warp) WaitsWarpgroup() bool { return w.wait == waitWarpgroup }

// Spins is the number of failed waits the warp issued (Issue's Spun).
func (w *Warp) Spins() int64 { return w.spins }

// ID is the warp's index in its CTA.
func (w *Warp) ID() int { return w.id }

// CTA is the warp's CTA.
func (w *Warp) CTA() *CTA { return w.cta }

// SetClock makes %clock, %clock64 and %globaltimer read now() (SM cycles)
// instead of the CTA's instruction count; nsPerCycle converts cycles to
// %globaltimer nanoseconds. A nil now restores the instruction count.
func (c *CTA) SetClock(now func() int64, nsPerCycle float64) {
	c.clockFn = now
	c.nsPerCycle = nsPerCycle
}

// now is the value %clock64 reads.
func (c *CTA) now() int64 {
	if c.clockFn != nil {
		return c.clockFn()
	}
	return c.clock
}

// globaltimer is the value %globaltimer reads, in nanoseconds.
func (c *CTA) globaltimer() uint64 {
	if c.clockFn != nil {
		return uint64(float64(c.clockFn()) * c.nsPerCycle)
	}
	return uint64(c.clock) * 32 // simulated nanoseconds, 32 ns per issue slot
}

// AsyncChanges counts the mbarrier state changes of the cluster's CTAs so
// far: a timed driver wakes warps sleeping in a failed wait when it moves.
func (cl *Cluster) AsyncChanges() uint64 { return cl.asyncChanges() }

// TxChanges counts the part of AsyncChanges that are copies' complete_tx
// (a TMA or bulk copy's bytes landing on an mbarrier).
func (cl *Cluster) TxChanges() uint64 { return cl.txChanges() }

// Deadlock describes every stuck warp of the cluster as the functional
// loop reports a deadlock (a timed driver calls it when no warp of the
// cluster can ever issue again).
func (cl *Cluster) Deadlock() error { return cl.deadlock() }

// BudgetFault is the error of a run that exceeded its instruction budget
// at warp w.
func (c *CTA) BudgetFault(w *Warp) error { return c.budgetFault(w) }

// SMID is the SM the CTA runs on (%smid).
func (c *CTA) SMID() int { return c.smid }

// Threads is the CTA's thread count.
func (c *CTA) Threads() int { return c.nthr }
