package gpu

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// CTA sampling for time. A launch of many waves of CTAs (units: CTAs, or
// clusters) that all run the same code spends most of a timed run
// repeating one steady state. When a launch qualifies (sampleRule), only
// its first sampleTimedWaves waves are timed: the dispatcher stops after
// that many units times the first wave's size (the lanes: units resident
// at once). Every later unit still runs, functionally (RunFunctional's
// runners, from the committed memory of the timed part), so the outputs
// are complete and the same as an unsampled run's. Its time is
// extrapolated: the lanes free at the ends of the last timed wave's
// units; each later unit, in dispatch order, takes the lane that frees
// first (the lowest lane on a tie), is dispatched as the dispatcher would
// (dispatch interval and latency) and lasts the mean duration of the last
// timed wave's units, scaled by its warp instructions over that wave's
// mean (1 for CTAs of identical code path). The launch ends at the last
// lane's end. Everything the report counts per SM or warp (stalls, hot
// lines, unit busy cycles, memory sectors, active cycles, IPC, the trace
// and the plot) covers the timed units only; instructions count all.
//
// The first wave is a cold start (every unit starts at once, the L2 is
// empty); the second is the first steady one. Its last units run while
// the machine drains, so the mean duration is, if anything, short: the
// error on the corpus is measured by validation/timing_accuracy_test.go
// (sampled and unsampled cycles of each launch sampling applies to).
const (
	sampleMinWaves   = 3 // a launch of fewer waves is timed whole
	sampleTimedWaves = 2
)

// Sampled says which units of a run were timed (Timing.Sampled).
type Sampled struct {
	// CTAsTimed of CTAsTotal were simulated in time; the others ran
	// functionally and their time was extrapolated (Method).
	CTAsTimed int `json:"ctas_timed"`
	CTAsTotal int `json:"ctas_total"`
	// Method states how.
	Method string `json:"method"`
	// UnitCycles is the mean duration of the last timed wave's units.
	UnitCycles int64 `json:"unit_cycles"`
	// TimedCycles is the end of the last timed unit (the launch's cycles
	// are the extrapolated end).
	TimedCycles int64 `json:"timed_cycles"`
}

// sampling is a run's sampling state; a nil *sampling times every unit.
type sampling struct {
	m     *machine
	lanes int // units of the first wave
	timed int // units timed (0 until the first wave is known)
	units []*clusterRun
	// after finish
	out Sampled
}

// report is the Timing.Sampled of the run (nil when not sampled).
func (s *sampling) report() *Sampled {
	if !s.active() {
		return nil
	}
	out := s.out
	return &out
}

// newSampling returns the sampling state when the launch may be sampled
// (the rest of the rule needs the first wave: firstWave), else nil.
func newSampling(m *machine) *sampling {
	if m.opt.NoSample || !sampleRule(m.k.Program()) {
		return nil
	}
	return &sampling{m: m}
}

// sampleRule reports whether a kernel's CTAs may be sampled: no global
// atomics or reductions (their values depend on the order of every CTA),
// no printf (its text would come in another order) and no reads of
// %clock, %clock64, %globaltimer or %smid (their values differ between
// timed and functional runs).
func sampleRule(prog *ptx.Program) bool {
	if globalAtomics(prog) {
		return false
	}
	for _, f := range prog.Funcs {
		for i := range f.Insts {
			in := &f.Insts[i]
			if in.Op == ptx.OpCall && strings.Contains(in.Text, "vprintf") {
				return false
			}
			for _, r := range []string{"%clock", "%globaltimer", "%smid"} {
				if strings.Contains(in.Text, r) {
					return false
				}
			}
		}
	}
	return true
}

// active reports whether the run is sampled.
func (s *sampling) active() bool { return s != nil && s.timed > 0 }

// limit is the number of units the dispatcher places in time.
func (s *sampling) limit(n int) int {
	if s.active() {
		return s.timed
	}
	return n
}

// firstWave is told how many units the first dispatch placed: with at
// least sampleMinWaves such waves the run is sampled.
func (s *sampling) firstWave(lanes int) {
	if s == nil || lanes == 0 || s.m.p.n < sampleMinWaves*lanes {
		return
	}
	s.lanes, s.timed = lanes, sampleTimedWaves*lanes
	s.units = make([]*clusterRun, s.timed)
}

// record keeps a finished timed unit (window boundary, in order).
func (s *sampling) record(cr *clusterRun) {
	if s.active() {
		s.units[cr.unit] = cr
	}
}

// unitInstructions is the warp instructions of a finished unit's CTAs.
func unitInstructions(cl *exec.Cluster) int64 {
	var n int64
	for _, c := range cl.CTAs() {
		if c == nil {
			continue
		}
		for _, w := range c.Warps() {
			n += w.Instructions()
		}
	}
	return n
}

// finish runs the untimed units functionally and extrapolates their time;
// it returns the launch's warp instructions.
func (s *sampling) finish() (int64, error) {
	m := s.m
	q := *m.p
	q.from, q.insts = s.timed, make([]int64, q.n)
	per := q.cluster[0] * q.cluster[1] * q.cluster[2]
	r := &Result{Instructions: m.insts, CTAs: s.timed * per}
	budget := m.cfg.MaxInstructions - m.insts
	var err error
	if jobs := m.cfg.jobs(); jobs > 1 && q.n-q.from > 1 {
		err = runParallel(&q, m.k, m.l, r, budget, jobs)
	} else {
		err = runSerial(&q, m.k, m.l, r, budget)
	}
	if err != nil {
		return r.Instructions, err
	}
	s.extrapolate(q.insts, per)
	return r.Instructions, nil
}

// extrapolate places the untimed units on the lanes (see the top of the
// file) and moves the launch's end.
func (s *sampling) extrapolate(insts []int64, per int) {
	m := s.m
	last := s.units[s.timed-s.lanes:]
	var dur, ins int64
	for _, cr := range last {
		dur += int64(cr.end - cr.start)
		ins += cr.insts
	}
	type lane struct {
		free engine.Cycle
		id   int
	}
	lanes := make([]lane, len(last))
	for i, cr := range last {
		lanes[i] = lane{cr.end, i}
	}
	cmpLane := func(a, b lane) int {
		if a.free != b.free {
			return cmp64(int64(a.free), int64(b.free))
		}
		return a.id - b.id
	}
	slices.SortFunc(lanes, cmpLane)
	timedEnd := m.lastEnd
	scaled := false
	n := int64(len(last))
	mean := (dur + n/2) / n
	for i := s.timed; i < m.p.n; i++ {
		d := mean
		if insts[i]*n != ins && ins > 0 {
			d = int64(math.Round(float64(dur) * float64(insts[i]) / float64(ins)))
			scaled = true
		}
		ln := &lanes[0]
		at := max(float64(ln.free), m.dispFree)
		m.dispFree = at + m.tc.DispatchIntervalCycles*float64(per)
		start := engine.Cycle(at) + engine.Cycle(m.tc.DispatchLatencyCycles)
		ln.free = start + engine.Cycle(d)
		m.lastEnd = max(m.lastEnd, ln.free)
		// the lane moves to its place among the others (sorted)
		for k := 1; k < len(lanes) && cmpLane(lanes[k-1], lanes[k]) > 0; k++ {
			lanes[k-1], lanes[k] = lanes[k], lanes[k-1]
		}
	}
	how := "the mean duration of the last timed wave's units"
	if scaled {
		how += ", scaled by the unit's warp instructions over that wave's mean"
	}
	unit := "CTAs"
	if m.p.slots != nil {
		unit = fmt.Sprintf("clusters of %d CTAs", per)
	}
	s.out = Sampled{CTAsTimed: s.timed * per, CTAsTotal: m.p.n * per,
		Method: fmt.Sprintf("waves: the first %d waves of %d %s timed; every later unit ran functionally and took %s, on the lane that freed first",
			sampleTimedWaves, s.lanes, unit, how),
		UnitCycles:  mean,
		TimedCycles: int64(timedEnd) + int64(m.tc.TailCycles),
	}
	m.timedEnd = timedEnd
}
