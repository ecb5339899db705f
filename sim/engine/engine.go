package engine

import (
	"container/heap"
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

// Event is a callback at a cycle.
type Event struct {
	At    Cycle
	Phase Phase
	seq   uint64
	fn    func(now Cycle)
}

type eventHeap []*Event

func (h eventHeap) Len() int { return len(h) }
func (h eventHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if a.At != b.At {
		return a.At < b.At
	}
	if a.Phase != b.Phase {
		return a.Phase < b.Phase
	}
	return a.seq < b.seq
}
func (h eventHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *eventHeap) Push(x any)   { *h = append(*h, x.(*Event)) }
func (h *eventHeap) Pop() any {
	old := *h
	n := len(old)
	e := old[n-1]
	old[n-1] = nil
	*h = old[:n-1]
	return e
}

// Engine runs events in (cycle, phase, sequence) order.
type Engine struct {
	now Cycle
	seq uint64
	q   eventHeap
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
	if at < e.now {
		panic(fmt.Sprintf("engine: event scheduled at cycle %d, before now (%d)", at, e.now))
	}
	e.seq++
	heap.Push(&e.q, &Event{At: at, Phase: ph, seq: e.seq, fn: fn})
}

// Step runs the next event and reports whether there was one.
func (e *Engine) Step() bool {
	if len(e.q) == 0 {
		return false
	}
	ev := heap.Pop(&e.q).(*Event)
	e.now = ev.At
	e.ran++
	ev.fn(ev.At)
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
	for len(e.q) > 0 && e.q[0].At < end {
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
	return e.q[0].At
}
