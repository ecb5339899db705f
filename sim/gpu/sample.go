package gpu

import (
	"fmt"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// CTA sampling for time. A launch of many waves of CTAs (units: CTAs, or
// clusters) of one code path spends most of a timed run repeating one
// steady state. When a launch qualifies (sampleRule, and more than
// sampleMinWaves waves), only its first two waves and its last wave are
// timed and the full waves between them are skipped in time:
//
//   - the lanes are the units the first dispatch places (units resident at
//     once); n units are F = n/lanes full waves and a last partial wave of
//     r = n mod lanes units (r = 0: the last full wave plays its part);
//   - the dispatcher places units 0..2*lanes-1 (the first two waves: a
//     cold start, when every unit starts at once and the L2 holds none of
//     the data, then the first steady wave), then, as they finish, the
//     last wave's units n-tail..n-1 (tail = r, or lanes when r = 0), so
//     the last wave runs as on the GPU: on lanes freed one by one by a
//     full wave before it, as many units at once;
//   - the skipped units 2*lanes..n-tail-1 (K full waves) run functionally
//     afterwards (RunFunctional's runners, from the memory the timed units
//     left), so the outputs are complete and the same as an unsampled
//     run's;
//   - the launch ends K periods later than the timed run does, a period
//     being the second wave's mean unit duration plus the dispatch latency
//     (a lane's next unit starts that long after the last one ended).
//
// The error is the difference between the second wave's period and the
// skipped waves' mean one. On gemm_wgmma_4096 (1024 CTAs, 264 lanes: waves
// of 2 CTAs per SM) the unsampled run's waves last 120848, 119675, 119327
// and (the partial one, 232 CTAs) 106021 cycles on average: the skipped
// third wave is 0.3% shorter than the second. The first wave is not a
// good period (on the small CTAs of sim/gpu/sample_test.go it is 8%
// longer than the steady ones). validation/timing_accuracy_test.go prints
// the sampled and unsampled cycles of every evidence launch sampling
// applies to. Everything the report counts per SM or warp (stalls, hot
// lines, unit busy cycles, memory sectors, active cycles, IPC, the trace
// and the plot) covers the timed units only; instructions count every
// unit (the skipped ones' as the functional run issues them: spin loops
// differ from a timed run's).
const sampleMinWaves = 3 // a launch of sampleMinWaves waves or fewer is timed whole

// Sampled says which units of a run were timed (Timing.Sampled).
type Sampled struct {
	// CTAsTimed of CTAsTotal were simulated in time; the others ran
	// functionally and their time was extrapolated (Method).
	CTAsTimed int `json:"ctas_timed"`
	CTAsTotal int `json:"ctas_total"`
	// Method states how.
	Method string `json:"method"`
	// WavesSkipped full waves were not timed; each took WaveCycles.
	WavesSkipped int   `json:"waves_skipped"`
	WaveCycles   int64 `json:"wave_cycles"`
	// TimedCycles is the timed run's cycles (the launch's are
	// TimedCycles + WavesSkipped * WaveCycles).
	TimedCycles int64 `json:"timed_cycles"`
}

// sampling is a run's sampling state; a nil *sampling times every unit.
type sampling struct {
	m     *machine
	lanes int           // units of the first wave
	tail  int           // units of the last wave (timed)
	skip  int           // units skipped in time (run functionally)
	ref   []*clusterRun // the second wave's units
	out   Sampled
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
			// in.Text is the opcode alone ("mov.u64", "call.uni"): the
			// target and the special registers are operands
			for _, o := range in.Ops {
				switch {
				case o.Kind == ptx.OpdFunc && in.Op == ptx.OpCall && int(o.Func) < len(prog.Funcs) &&
					strings.Contains(prog.Funcs[o.Func].Name, "vprintf"):
					return false
				case o.Kind == ptx.OpdSpecial && timingSpecial(o.Special):
					return false
				}
			}
		}
	}
	return true
}

// timingSpecial reports whether reading special register r gives a value
// that differs between a timed and a functional run.
func timingSpecial(r ptx.Special) bool {
	switch r {
	case ptx.SpecClock, ptx.SpecClockHi, ptx.SpecClock64, ptx.SpecGlobaltimer, ptx.SpecGlobaltimerLo,
		ptx.SpecGlobaltimerHi, ptx.SpecSmid:
		return true
	}
	return false
}

// active reports whether the run is sampled.
func (s *sampling) active() bool { return s != nil && s.skip > 0 }

// limit is the number of units the dispatcher places in time.
func (s *sampling) limit(n int) int {
	if s.active() {
		return n - s.skip
	}
	return n
}

// unit is the index of the k-th unit dispatched in time.
func (s *sampling) unit(k int) int {
	if s.active() && k >= 2*s.lanes {
		return k + s.skip
	}
	return k
}

// firstWave is told how many units the first dispatch placed: with more
// than sampleMinWaves such waves the run is sampled.
func (s *sampling) firstWave(lanes int) {
	if s == nil || lanes == 0 || s.m.p.n <= sampleMinWaves*lanes {
		return
	}
	n := s.m.p.n
	s.lanes, s.tail = lanes, n%lanes
	if s.tail == 0 {
		s.tail = lanes
	}
	s.skip = n - 2*lanes - s.tail
	s.ref = make([]*clusterRun, lanes)
}

// record keeps a finished second-wave unit (window boundary, in order).
func (s *sampling) record(cr *clusterRun) {
	if s.active() && cr.unit >= s.lanes && cr.unit < 2*s.lanes {
		s.ref[cr.unit-s.lanes] = cr
	}
}

// skipped is the plan of the skipped units.
func (s *sampling) skipped() *plan {
	q := *s.m.p
	q.from, q.n = 2*s.lanes, 2*s.lanes+s.skip
	return &q
}

// finish runs the skipped units functionally and moves the launch's end
// by their waves; it returns the launch's warp instructions and adds the
// functional run's host figures to st.
func (s *sampling) finish(st *ParallelStats) (int64, error) {
	m := s.m
	q := s.skipped()
	per := q.cluster[0] * q.cluster[1] * q.cluster[2]
	r := &Result{Instructions: m.insts, CTAs: s.limit(m.p.n) * per}
	budget := m.cfg.MaxInstructions - m.insts
	var err error
	if jobs := m.cfg.jobs(); jobs > 1 {
		err = runParallel(q, m.k, m.l, r, budget, jobs)
	} else {
		err = runSerial(q, m.k, m.l, r, budget)
	}
	f := r.Parallel
	st.Busy += f.Busy
	st.BusyCPU += f.BusyCPU
	st.Conflicts += f.Conflicts
	st.Stale += f.Stale
	st.Failed += f.Failed
	st.OverBudget += f.OverBudget
	if err != nil {
		return r.Instructions, err
	}
	var dur int64
	for _, cr := range s.ref {
		dur += int64(cr.end - cr.start)
	}
	n := int64(len(s.ref))
	period := (dur+n/2)/n + int64(m.tc.DispatchLatencyCycles)
	waves := s.skip / s.lanes
	timed := m.lastEnd
	m.timedEnd = timed
	m.lastEnd += engine.Cycle(int64(waves) * period)
	unit := "CTAs"
	if m.p.slots != nil {
		unit = fmt.Sprintf("clusters of %d CTAs", per)
	}
	s.out = Sampled{CTAsTimed: s.limit(m.p.n) * per, CTAsTotal: m.p.n * per,
		Method: fmt.Sprintf("waves: of %d waves of %d %s, the first two and the last (%d) were timed; the %d between ran functionally and took the second wave's mean duration plus the dispatch latency each",
			(m.p.n+s.lanes-1)/s.lanes, s.lanes, unit, s.tail, waves),
		WavesSkipped: waves, WaveCycles: period, TimedCycles: int64(timed) + int64(m.tc.TailCycles)}
	return r.Instructions, nil
}

// report is the Timing.Sampled of the run (nil when not sampled).
func (s *sampling) report() *Sampled {
	if !s.active() {
		return nil
	}
	out := s.out
	return &out
}
