package gpu

import "github.com/sm90sim/sm90sim/sim/sm"

// traceBuf holds one partition's trace events of a window; at the window's
// end the partitions' buffers go to the recorder in partition order, so a
// trace has the same bytes for any number of goroutines.
type traceBuf struct {
	to  sm.Tracer
	evs []traceEv
}

type traceEv struct {
	sm, track int
	name, cat string
	from, to  int64
	args      map[string]any
	counter   bool
	value     float64
}

// Keep implements sm.Tracer (the recorder's Keep only reads its options).
func (t *traceBuf) Keep(sm int) bool { return t.to.Keep(sm) }

// Span implements sm.Tracer.
func (t *traceBuf) Span(sm, track int, name string, from, to int64, cat string, args map[string]any) {
	t.evs = append(t.evs, traceEv{sm: sm, track: track, name: name, from: from, to: to, cat: cat, args: args})
}

// Counter implements sm.Tracer.
func (t *traceBuf) Counter(sm int, name string, at int64, value float64) {
	t.evs = append(t.evs, traceEv{sm: sm, name: name, from: at, counter: true, value: value})
}

// flush sends the buffered events to the recorder.
func (t *traceBuf) flush() {
	for i := range t.evs {
		e := &t.evs[i]
		if e.counter {
			t.to.Counter(e.sm, e.name, e.from, e.value)
		} else {
			t.to.Span(e.sm, e.track, e.name, e.from, e.to, e.cat, e.args)
		}
		t.evs[i] = traceEv{}
	}
	t.evs = t.evs[:0]
}
