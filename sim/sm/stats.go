package sm

import (
	"sort"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Resources are what a CTA holds on an SM while resident.
type Resources struct {
	CTAs, Warps, Threads, Registers, SharedBytes int
}

func (r *Resources) add(x Resources) {
	r.CTAs += x.CTAs
	r.Warps += x.Warps
	r.Threads += x.Threads
	r.Registers += x.Registers
	r.SharedBytes += x.SharedBytes
}

func (r *Resources) sub(x Resources) {
	r.CTAs -= x.CTAs
	r.Warps -= x.Warps
	r.Threads -= x.Threads
	r.Registers -= x.Registers
	r.SharedBytes -= x.SharedBytes
}

// Fits reports whether x fits next to r within the SM's limits.
func (c *Config) Fits(r, x Resources) bool {
	return r.CTAs+x.CTAs <= c.MaxCTAs && r.Warps+x.Warps <= c.MaxWarps &&
		r.Threads+x.Threads <= c.MaxThreads && r.Registers+x.Registers <= c.Registers &&
		r.SharedBytes+x.SharedBytes <= c.SharedBytes
}

// Stats are an SM's totals.
type Stats struct {
	Instructions int64
	// FreeInstructions: issued PTX instructions ptxas turns into nothing
	// (moves, parameter loads); they take no issue slot.
	FreeInstructions int64
	IssueCycles      int64 // cycles in which at least one sub-partition issued
	// SASSInstructions: the SASS instructions of the issued PTX (their
	// slots), comparable with ncu smsp__inst_executed.sum.
	SASSInstructions int64
	// ActiveCycles: cycles with at least one resident CTA.
	ActiveCycles int64
	activeSince  engine.Cycle
	active       bool
	PipeBusy     [ptx.NumPipes]int64 // pipe-cycles occupied, summed over sub-partitions
	SmemBusy     int64               // shared-memory port cycles
	L1Busy       int64               // L1 data-path cycles for global/local traffic
	TMABusy      int64               // TMA engine transfer cycles
	TensorBusy   int64               // wgmma tensor-pipe cycles
	Stalls       Stalls              // warp-cycles per state, over retired warps
	WarpCycles   int64               // resident warp-cycles of retired warps
	Sleeps       int64               // failed mbarrier waits that slept
	// TensorFirst and TensorLast bound the SM's tensor-active window: the
	// start of its first wgmma on the tensor pipe and the end of its last
	// (0, 0: no wgmma ran); sim/gpu/tensorclock.go stretches it.
	TensorFirst, TensorLast engine.Cycle
	// AccountingErrors counts retired warps whose states do not sum to
	// their resident cycles (a bug; tests check it is zero).
	AccountingErrors int64
	// Busy lists the intervals [from, to) with a resident CTA.
	Busy [][2]engine.Cycle
}

// MarkActive records the SM's CTA residency changing at cycle now.
func (s *SM) MarkActive(now engine.Cycle) {
	st := &s.Stats
	busy := len(s.ctas) > 0
	if busy == st.active {
		return
	}
	if busy {
		st.activeSince = now
	} else {
		st.ActiveCycles += int64(now - st.activeSince)
		st.Busy = append(st.Busy, [2]engine.Cycle{st.activeSince, now})
	}
	st.active = busy
}

// LineStats accumulates warp-cycles per instruction and state.
type LineStats struct {
	m map[*exec.InstInfo]*Stalls
	// byPC: the same counters by function and PC, checked against the
	// instruction (add's fast path; m stays the table)
	byPC [][]lineSlot
}

type lineSlot struct {
	info *exec.InstInfo
	st   *Stalls
}

// NewLineStats returns an empty table.
func NewLineStats() *LineStats { return &LineStats{m: map[*exec.InstInfo]*Stalls{}} }

// slot is instruction info's counters, made on first use (a warp keeps
// the pointer while it stays at info: warpState.atLine).
func (l *LineStats) slot(info *exec.InstInfo) *Stalls {
	f, pc := int(info.Func), int(info.PC)
	if f >= 0 && f < len(l.byPC) && pc >= 0 && pc < len(l.byPC[f]) {
		if sl := l.byPC[f][pc]; sl.info == info {
			return sl.st
		}
	}
	st := l.m[info]
	if st == nil {
		st = &Stalls{}
		l.m[info] = st
	}
	if f < 0 || pc < 0 || f >= 1<<10 || pc >= 1<<20 {
		return st
	}
	for len(l.byPC) <= f {
		l.byPC = append(l.byPC, nil)
	}
	if len(l.byPC[f]) <= pc {
		l.byPC[f] = append(l.byPC[f], make([]lineSlot, pc+1-len(l.byPC[f]))...)
	}
	l.byPC[f][pc] = lineSlot{info, st}
	return st
}

// Line is one PTX line's warp-cycles by state.
type Line struct {
	Line   int
	Src    ptx.SourceLoc
	Text   string
	Stalls Stalls
}

// Merge adds another table's counts.
func (l *LineStats) Merge(x *LineStats) {
	for k, v := range x.m {
		st := l.m[k]
		if st == nil {
			st = &Stalls{}
			l.m[k] = st
		}
		st.Add(v)
	}
}

// Lines sums the table by PTX line (instructions of one line merge), in
// decreasing order of warp-cycles, ties by line.
func (l *LineStats) Lines() []Line {
	by := map[int]*Line{}
	for info, st := range l.m {
		ln := by[int(info.Line)]
		if ln == nil {
			ln = &Line{Line: int(info.Line), Src: info.Src, Text: info.Text}
			by[int(info.Line)] = ln
		}
		ln.Stalls.Add(st)
	}
	out := make([]Line, 0, len(by))
	for _, ln := range by {
		out = append(out, *ln)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Stalls.Total(), out[j].Stalls.Total()
		if a != b {
			return a > b
		}
		return out[i].Line < out[j].Line
	})
	return out
}
