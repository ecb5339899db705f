package engine

import (
	"fmt"
)

// Cycle is a count of SM clock cycles.
type Cycle int64

// Never is a cycle no event reaches.
const Never Cycle = 1<<62 - 1

// Phase orders the events of one cycle: lower phases run first. Within a
// phase, events run in the order they were scheduled.
type Phase uint8

// Phases used by the simulator's units.
const (
	PhaseComplete Phase = iota // completions of earlier work (wake-ups, data landing)
	PhaseTick                  // units that issue work this cycle
	PhaseLate                  // bookkeeping after every unit has ticked
)

// event is a callback at a cycle: fn, or the tick of clk when its
// generation is still gen (ticker.go). Events are stored by value in the
// queue: scheduling allocates nothing but fn's closure, and a ticker's
// tick not even that.
type event struct {
	at  Cycle
	seq uint64 // phase in the top 8 bits, then the schedule order
	fn  func(now Cycle)
	clk *Clocked
	gen uint64
}

// key orders events by (cycle, phase, sequence): the sequence is unique,
// so the order is total and the queue's shape cannot change it.
func (a *event) before(b *event) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// phaseShift puts the phase above any sequence number an engine reaches.
const phaseShift = 56

// Engine runs events in (cycle, phase, sequence) order.
//
// Events of the next ringSize cycles wait in a ring of buckets, one FIFO
// per phase, and later ones in a binary min-heap (speed28.md: most events
// are tickers due this cycle or the next, which a bucket appends and
// takes in a few instructions where the heap sifts). The order is the
// heap's: a bucket's FIFO of one phase holds its events in sequence
// order, since an event enters the ring either when scheduled (its cycle
// within the ring: a later sequence than any event already there) or,
// scheduled earlier, moved from the heap in (cycle, sequence) order when
// its cycle comes within the ring, before any event of that cycle is
// scheduled into it.
type Engine struct {
	now Cycle
	seq uint64
	// base: the ring holds the events of cycles base .. base+ringSize-1
	// (base <= now: only pop moves it, to the cycle it runs)
	base   Cycle
	inRing int
	ring   [ringSize]bucket
	q      []event // a binary min-heap: events at base+ringSize or later
	ran    uint64
}

// ringSize is the number of cycles the bucket ring covers (a power of two).
const ringSize = 16

// numPhases is the number of phases (PhaseComplete, PhaseTick, PhaseLate).
const numPhases = 3

// bucket is one cycle's events, a FIFO per phase.
type bucket [numPhases]fifo

// fifo is a queue of events: ev[head:] are pending.
type fifo struct {
	ev   []event
	head int
}

// New returns an engine at cycle 0.
func New() *Engine { return &Engine{} }

// Now is the current cycle: that of the event running, or the last one run.
func (e *Engine) Now() Cycle { return e.now }

// Events is the number of events run so far.
func (e *Engine) Events() uint64 { return e.ran }

// Pending is the number of events scheduled and not yet run.
func (e *Engine) Pending() int { return e.inRing + len(e.q) }

// Schedule runs fn at cycle at in phase ph. A cycle before Now panics.
func (e *Engine) Schedule(at Cycle, ph Phase, fn func(now Cycle)) {
	e.push(event{at: at, fn: fn}, ph)
}

func (e *Engine) push(ev event, ph Phase) {
	if ev.at < e.now {
		panic(fmt.Sprintf("engine: event scheduled at cycle %d, before now (%d)", ev.at, e.now))
	}
	if ph >= numPhases {
		panic(fmt.Sprintf("engine: phase %d out of range", ph))
	}
	e.seq++
	if e.seq >= 1<<phaseShift {
		panic("engine: sequence numbers exhausted")
	}
	ev.seq = uint64(ph)<<phaseShift | e.seq
	if ev.at < e.base+ringSize {
		f := &e.ring[ev.at&(ringSize-1)][ph]
		f.ev = append(f.ev, ev)
		e.inRing++
		return
	}
	e.heapPush(ev)
}

func (e *Engine) heapPush(ev event) {
	e.q = append(e.q, ev)
	// sift up
	q := e.q
	i := len(q) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q[i].before(&q[p]) {
			break
		}
		q[i], q[p] = q[p], q[i]
		i = p
	}
}

// heapPop removes and returns the heap's first event.
func (e *Engine) heapPop() event {
	q := e.q
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q[n] = event{}
	q = q[:n]
	e.q = q
	// sift down
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && q[r].before(&q[l]) {
			c = r
		}
		if !q[c].before(&q[i]) {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	return top
}

// firstInRing is the earliest cycle with an event in the ring (inRing > 0).
func (e *Engine) firstInRing() Cycle {
	for c := e.base; ; c++ {
		b := &e.ring[c&(ringSize-1)]
		for p := range b {
			if b[p].head < len(b[p].ev) {
				return c
			}
		}
	}
}

// pop removes and returns the first event (one is pending).
func (e *Engine) pop() event {
	var c Cycle
	if e.inRing > 0 {
		c = e.firstInRing()
	} else {
		c = e.q[0].at
	}
	if c != e.base {
		// the ring now covers c .. c+ringSize-1: the heap's events of the
		// cycles that came in move over, in order, before any is scheduled
		// there (cycles base .. c-1 have no events left)
		e.base = c
		for len(e.q) > 0 && e.q[0].at < c+ringSize {
			ev := e.heapPop()
			f := &e.ring[ev.at&(ringSize-1)][ev.seq>>phaseShift]
			f.ev = append(f.ev, ev)
			e.inRing++
		}
	}
	b := &e.ring[c&(ringSize-1)]
	for p := range b {
		f := &b[p]
		if f.head < len(f.ev) {
			ev := f.ev[f.head]
			f.ev[f.head] = event{}
			f.head++
			if f.head == len(f.ev) {
				f.ev, f.head = f.ev[:0], 0
			}
			e.inRing--
			return ev
		}
	}
	panic("engine: ring bucket empty")
}

// Step runs the next event and reports whether there was one.
func (e *Engine) Step() bool {
	if e.inRing == 0 && len(e.q) == 0 {
		return false
	}
	ev := e.pop()
	e.now = ev.at
	e.ran++
	if ev.clk != nil {
		ev.clk.fire(ev.gen, ev.at)
	} else {
		ev.fn(ev.at)
	}
	return true
}

// Run runs events until none is left or stop returns true (checked after
// each event); it returns the cycle of the last event run.
func (e *Engine) Run(stop func() bool) Cycle {
	for e.Step() {
		if stop != nil && stop() {
			break
		}
	}
	return e.now
}

// RunUntil runs the events before cycle end (or until stop returns true,
// checked after each event); later events stay pending. Windowed parallel
// runs (sim/gpu) advance each partition's engine to the window's end.
func (e *Engine) RunUntil(end Cycle, stop func() bool) {
	for e.NextAt() < end {
		e.Step()
		if stop != nil && stop() {
			return
		}
	}
}

// NextAt is the cycle of the next pending event (Never when none).
func (e *Engine) NextAt() Cycle {
	if e.inRing > 0 {
		return e.firstInRing()
	}
	if len(e.q) == 0 {
		return Never
	}
	return e.q[0].at
}
