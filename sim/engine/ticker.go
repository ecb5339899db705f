package engine

// Ticker is a unit that works cycle by cycle while it has work. Tick runs
// at cycle now and returns the next cycle it must run at, or Never to
// sleep until Wake.
type Ticker interface {
	Tick(now Cycle) (next Cycle)
}

// Clocked drives one Ticker on an engine: at most one pending tick, moved
// earlier by Wake, never run twice in a cycle.
type Clocked struct {
	e       *Engine
	t       Ticker
	ph      Phase
	pending Cycle // cycle of the scheduled tick, Never when asleep
	gen     uint64
	last    Cycle // cycle of the last tick run (-1 before the first)
}

// NewClocked attaches t to e; it sleeps until Wake.
func NewClocked(e *Engine, t Ticker, ph Phase) *Clocked {
	return &Clocked{e: e, t: t, ph: ph, pending: Never, last: -1}
}

// Wake makes the ticker run at cycle at (or now, if at is earlier), unless
// it is already due at or before that cycle.
func (c *Clocked) Wake(at Cycle) {
	if at < c.e.now {
		at = c.e.now
	}
	if at <= c.last {
		at = c.last + 1
	}
	if c.pending <= at {
		return
	}
	c.pending = at
	c.gen++
	c.e.push(event{at: at, clk: c, gen: c.gen}, c.ph)
}

// fire runs the tick scheduled as generation gen, unless an earlier Wake
// superseded it.
func (c *Clocked) fire(gen uint64, now Cycle) {
	if gen != c.gen {
		return // superseded by an earlier Wake
	}
	c.pending = Never
	c.last = now
	if next := c.t.Tick(now); next != Never {
		c.Wake(next)
	}
}

// Asleep reports whether no tick is scheduled.
func (c *Clocked) Asleep() bool { return c.pending == Never }
