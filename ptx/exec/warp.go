package exec

import (
	"fmt"
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// Frame is one activation of a function for the lanes that called it together.
type Frame struct {
	fn     *xfunc
	regs   []uint64 // nregs*32, value of register r for lane l at r*32+l
	depth  int
	params []byte // incoming .param block, ParamSize bytes per lane (nil for the entry)
	slots  []byte // .param locals (call slots), LocalParamSize bytes per lane
	rets   []byte // return .params, retSize bytes per lane
	// localBase: local-space address of this frame's .local area, per lane.
	localBase [32]uint64
	caller    *Frame
	retPC     int32  // caller PC to resume at
	callSite  *xinst // the call instruction in the caller
	id        uint64 // creation order (deterministic tie-break)
}

// waitKind says why a warp is not issuing.
type waitKind uint8

const (
	waitNone waitKind = iota
	waitBarrier
	waitClusterBar
	waitDone
)

// Warp is 32 lanes of a CTA.
type Warp struct {
	// The fields Issue and Peek read for every instruction come first, the
	// per-lane arrays last (a timed run interleaves thousands of warps:
	// speed28.md).
	cta    *CTA
	id     int    // warp index in the CTA
	exists uint32 // lanes that are threads of the CTA
	live   uint32 // lanes not exited
	parked uint32 // lanes parked at a warp-synchronous instruction
	wait   waitKind
	// uniform: every live lane is at frame uframe, PC upc, none parked; the
	// per-lane pc array is then stale (materialize writes it back).
	uniform bool
	upc     int32
	uframe  *Frame
	insts   int64    // warp instructions issued
	cur     curState // the group being issued
	// spun is set by a handler whose wait condition failed (the warp would
	// spin); spinWhy() describes what it waits for (for deadlock reports).
	spun bool
	// expired lets the warp's next try_wait execute under
	// AsyncSuspendWaits (Expire, suspend.go).
	expired bool
	// hzErr is a hazard found while counting a shared access (hazard.go).
	hzErr error
	// eff, when set, collects what the instruction being issued does for a
	// timing model (Issue, issue.go).
	eff *Effect
	// ops, when set, receives the async operations the instruction starts
	// (Effect.Async); stray holds their tickets when Step runs without one.
	ops *Effect
	// rstack: pending reconvergence points of divergent branches
	// (reconverge.go); empty whenever the warp is uniform.
	rstack  []rpoint
	barID   int // barrier waited on
	spins   int64
	mspin   mbarSpin // the last failed mbarrier wait (mbar_state.go)
	stepEff *Effect  // Step's Effect (made on first use)
	pc      [32]int32
	frame   [32]*Frame
	cc      [32]uint64 // carry flag (CC.CF) per lane
	// clArrived[l] is 1 + the cluster-barrier phase lane l last arrived in.
	clArrived [32]uint64
	// scratch for handlers
	tmp              [32]uint64
	bufA, bufB, bufC [32]uint64
}

// curState is the group a handler runs for.
type curState struct {
	group     uint32
	frame     *Frame
	pc        int32
	parkedNow bool // the handler parked the group instead of executing
	retry     bool // a wait was unmet: nothing executed (Issue's Retry)
}

// Done reports whether every lane has exited.
func (w *Warp) Done() bool { return w.live == 0 }

// LiveLanes is the number of lanes that have not exited (a timing model
// compares an instruction's Effect.Active with it: a diverged warp).
func (w *Warp) LiveLanes() int { return bits.OnesCount32(w.live) }

// Instructions is the number of warp instructions issued so far.
func (w *Warp) Instructions() int64 { return w.insts }

// selectGroup picks the lanes to issue next: deepest frame, then lowest PC,
// and every live lane at that frame and PC. ok is false when no lane can run.
func (w *Warp) selectGroup() (g uint32, f *Frame, pc int32, ok bool) {
	var wait uint32
	if len(w.rstack) > 0 {
		wait = w.waitingLanes()
	}
	cand := w.live &^ w.parked &^ wait
	if cand == 0 {
		return 0, nil, 0, false
	}
	best := -1
	for m := cand; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if best < 0 {
			best = l
			continue
		}
		bf, lf := w.frame[best], w.frame[l]
		switch {
		case lf.depth != bf.depth:
			if lf.depth > bf.depth {
				best = l
			}
		case w.pc[l] != w.pc[best]:
			if w.pc[l] < w.pc[best] {
				best = l
			}
		case lf != bf && lf.id < bf.id:
			best = l
		}
	}
	f, pc = w.frame[best], w.pc[best]
	for m := w.live &^ wait; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if w.frame[l] == f && w.pc[l] == pc {
			g |= 1 << l
		}
	}
	return g, f, pc, true
}

// Step issues one warp instruction (a thin wrapper of Issue; in
// AsyncTickets mode the instruction's tickets complete at once). blocked is
// true when the warp cannot issue (all lanes parked or waiting at a
// barrier, a wait_group unmet, or exited).
func (w *Warp) Step() (blocked bool, err error) {
	if w.stepEff == nil {
		w.stepEff = &Effect{Brief: true}
	}
	e := w.stepEff
	if err := w.Issue(e); err != nil {
		return false, err
	}
	for _, op := range e.Async {
		if op.Ticket != 0 {
			if err := w.cta.Complete(op.Ticket); err != nil {
				return false, err
			}
		}
	}
	return e.Outcome == Blocked || e.Outcome == Retry, nil
}

// Issue executes the warp's next instruction (values at issue) and
// describes it in e for the driver: a timing model, or the functional loop
// (Brief). The CTA's instruction clock advances for every outcome but
// Blocked and Retry, as in the functional loop.
func (w *Warp) Issue(e *Effect) error {
	e.reset()
	w.spun = false
	w.eff = nil
	if !e.Brief {
		w.eff = e
	}
	w.ops = e // only handlers of this call use eff and ops
	insts := w.insts
	if w.wait != waitNone || w.live == 0 {
		return w.issued(e, true, nil, insts)
	}
	var g uint32
	var f *Frame
	var pc int32
	if w.uniform {
		g, f, pc = w.live, w.uframe, w.upc
	} else {
		var ok bool
		if g, f, pc, ok = w.selectGroup(); !ok {
			if w.parked != 0 && w.parked == w.live {
				l := bits.TrailingZeros32(w.parked)
				e.Info = &w.cta.inst(w.frame[l].fn, w.pc[l]).info
			}
			return w.issued(e, !w.releaseWarpSyncs(), nil, insts)
		}
	}
	if int(pc) >= len(f.fn.insts) {
		l := bits.TrailingZeros32(g)
		return w.issued(e, false, &Fault{Kernel: w.cta.k.Name(), CTA: w.cta.ctaid, Thread: w.cta.tidOf(w.id*32 + l),
			Line: 0, Msg: fmt.Sprintf("fell off the end of %s", f.fn.fn.Name)}, insts)
	}
	x := w.cta.inst(f.fn, pc)
	e.Info = &x.info
	m := g
	if x.guard >= 0 {
		r := f.regs[int(x.guard)*32 : int(x.guard)*32+32]
		var pm uint32
		for mm := g; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros32(mm)
			if (r[l] != 0) != x.guardNeg {
				pm |= 1 << l
			}
		}
		m = pm
	}
	w.cur = curState{group: g, frame: f, pc: pc}
	if !e.Brief {
		e.GuardTrue = bits.OnesCount32(m)
	}
	hz := x.wgRegs && m != 0 && x.op != ptx.OpWgmma
	if x.ctrl {
		if w.uniform && x.op == ptx.OpBra && (m == g || m == 0) {
			// A branch the whole warp takes (or skips) keeps it uniform.
			if m == g {
				w.upc = x.ops[0].label
			} else {
				w.upc++
			}
			w.insts++
			return w.issuedUniform(e)
		}
		if hz {
			if err := w.wgTouch(x); err != nil {
				return w.issued(e, false, err, insts)
			}
		}
		if w.uniform {
			w.materialize()
		}
		err := x.fn(w, x, m)
		w.recheck()
		if err != nil || w.cur.parkedNow || w.cur.retry {
			w.cur.parkedNow = false
			return w.issued(e, false, err, insts)
		}
		w.parked &^= g // lanes that waited here for the group took part
		w.insts++
		return w.issued(e, false, nil, insts)
	}
	if hz {
		if err := w.wgTouch(x); err != nil {
			return w.issued(e, false, err, insts)
		}
	}
	if err := x.fn(w, x, m); err != nil {
		return w.issued(e, false, err, insts)
	}
	if w.hzErr != nil {
		err := w.hzErr
		w.hzErr = nil
		return w.issued(e, false, err, insts)
	}
	if w.cur.parkedNow || w.cur.retry {
		w.cur.parkedNow = false
		return w.issued(e, false, nil, insts)
	}
	// Lanes that waited at this warp-synchronous instruction for the rest of
	// the group took part in it: they run on like the others.
	w.parked &^= g
	w.insts++
	if w.uniform {
		w.upc++
		if w.spun {
			return w.issued(e, false, nil, insts)
		}
		return w.issuedUniform(e)
	}
	for mm := g; mm != 0; mm &= mm - 1 {
		w.pc[bits.TrailingZeros32(mm)]++
	}
	w.recheck()
	return w.issued(e, false, nil, insts)
}

// issuedUniform ends an Issue that executed an instruction of a uniform
// warp with no failed wait (the common case: issued's last branch).
func (w *Warp) issuedUniform(e *Effect) error {
	w.cta.clock++
	e.Exited = w.live == 0
	if !e.Brief {
		e.Active = bits.OnesCount32(w.cur.group)
		e.BarrierWait = w.wait == waitBarrier || w.wait == waitClusterBar
	}
	return nil
}

// issued ends an Issue: blocked, nothing could issue; err, the fault;
// insts, the warp's instruction count before the call.
func (w *Warp) issued(e *Effect, blocked bool, err error, insts int64) error {
	switch {
	case err != nil:
		w.cur.retry = false
		return err
	case blocked:
		e.Outcome = Blocked
		e.Exited = w.live == 0
		return nil
	case w.cur.retry:
		w.cur.retry = false
		e.Outcome = Retry
		if !e.Brief {
			// the lanes a suspended try_wait waits in (a diverged part
			// sleeps differently: sim/sm/nanosleep.go)
			e.Active = bits.OnesCount32(w.cur.group)
		}
		return nil
	case w.insts == insts:
		e.Outcome = Parked
	case w.spun:
		e.Outcome = Spun
		w.spins++
	}
	w.cta.clock++
	e.Exited = w.live == 0
	if !e.Brief {
		e.Active = bits.OnesCount32(w.cur.group)
		e.BarrierWait = w.wait == waitBarrier || w.wait == waitClusterBar
	}
	return nil
}

// materialize writes the uniform PC and frame back to every lane.
func (w *Warp) materialize() {
	for l := 0; l < 32; l++ {
		w.pc[l] = w.upc
		w.frame[l] = w.uframe
	}
	w.uniform = false
}

// recheck sets the uniform fast path when every live lane shares frame and
// PC and none is parked.
func (w *Warp) recheck() {
	if w.uniform {
		return
	}
	if w.live == 0 || w.parked != 0 {
		return
	}
	l0 := bits.TrailingZeros32(w.live)
	f, pc := w.frame[l0], w.pc[l0]
	for m := w.live; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if w.frame[l] != f || w.pc[l] != pc {
			return
		}
	}
	w.uniform, w.uframe, w.upc = true, f, pc
	w.rstack = w.rstack[:0] // every lane is here: no point is pending
}

// PCOf returns lane l's PC and frame (valid whatever the fast-path state).
func (w *Warp) pcOf(l int) (int32, *Frame) {
	if w.uniform {
		return w.upc, w.uframe
	}
	return w.pc[l], w.frame[l]
}

// releaseWarpSyncs handles __syncwarp in divergent code: when every parked
// lane waits at a bar.warp.sync (possibly different ones, as Volta and later
// allow), the barrier is complete and all of them move on. It reports
// whether it released anything.
func (w *Warp) releaseWarpSyncs() bool {
	if w.parked == 0 || w.parked != w.live {
		return false
	}
	for m := w.parked; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if x := &w.frame[l].fn.insts[w.pc[l]]; !x.warpSync {
			return false
		}
	}
	for m := w.parked; m != 0; m &= m - 1 {
		w.pc[bits.TrailingZeros32(m)]++
	}
	w.parked = 0
	w.recheck()
	return true
}
