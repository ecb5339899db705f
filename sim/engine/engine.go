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
type Engine struct {
	now Cycle
	seq uint64
	q   []event // a binary min-heap
	ran uint64
}

// New returns an engine at cycle 0.
func New() *Engine { return &Engine{} }

// Now is the current cycle: that of the event running, or the last one run.
func (e *Engine) Now() Cycle { return e.now }

// Events is the number of events run so far.
func (e *Engine) Events() uint64 { return e.ran }

// Pending is the number of events scheduled and not yet run.
func (e *Engine) Pending() int { return len(e.q) }

// Schedule runs fn at cycle at in phase ph. A cycle before Now panics.
func (e *Engine) Schedule(at Cycle, ph Phase, fn func(now Cycle)) {
	e.push(event{at: at, fn: fn}, ph)
}

func (e *Engine) push(ev event, ph Phase) {
	if ev.at < e.now {
		panic(fmt.Sprintf("engine: event scheduled at cycle %d, before now (%d)", ev.at, e.now))
	}
	e.seq++
	if e.seq >= 1<<phaseShift {
		panic("engine: sequence numbers exhausted")
	}
	ev.seq = uint64(ph)<<phaseShift | e.seq
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

// pop removes and returns the first event.
func (e *Engine) pop() event {
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

// Step runs the next event and reports whether there was one.
func (e *Engine) Step() bool {
	if len(e.q) == 0 {
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
	for len(e.q) > 0 && e.q[0].at < end {
		e.Step()
		if stop != nil && stop() {
			return
		}
	}
}

// NextAt is the cycle of the next pending event (Never when none).
func (e *Engine) NextAt() Cycle {
	if len(e.q) == 0 {
		return Never
	}
	return e.q[0].at
}
