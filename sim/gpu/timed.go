package gpu

import (
	"errors"
	"fmt"
	"time"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// TraceSink receives a timed run's spans (traces.Recorder).
type TraceSink = sm.Tracer

// utilBucket is the cycles per bucket of the utilization record.
const utilBucket = 64

// TimedOptions are a timed run's choices that do not change its result.
type TimedOptions struct {
	// RegistersPerThread from the launch spec (0: from .maxnreg, else the
	// profile's default).
	RegistersPerThread int
	// HotLines collects warp-cycles per PTX line.
	HotLines bool
	// Trace receives spans; nil for none. TraceMinCycles drops shorter
	// warp waits.
	Trace          sm.Tracer
	TraceMinCycles int64
	// NoSample times every CTA; otherwise a launch that qualifies
	// (sample.go) times the first waves only.
	NoSample bool
	// Warm starts the run as the recordings' warm launches start
	// (clock_runs.json: mb.py launches each directory several times, on
	// inputs uploaded right before each): the launch's global buffers in
	// L2 (l2resident.go). false: L2 empty, as after ncu's cache flush.
	Warm bool
}

// machine is a timed run in progress: the partitions (each an engine and
// its SMs, partition.go), the committed L2 and global memory, and the CTA
// dispatcher, which runs at window boundaries (windows.go).
type machine struct {
	cfg     Config
	tc      TimedConfig
	opt     TimedOptions
	k       *exec.Kernel
	l       *exec.Launch
	p       *plan
	sms     []*sm.SM
	smPart  []int // partition of each SM
	order   []int // the SMs in first-wave order (placement.go)
	parts   []*part
	l2      *l2
	sh      *exec.SharedMem // nil with one partition
	window  engine.Cycle
	horizon engine.Cycle // end of the last window run
	next    int          // next unit to dispatch
	done    int          // units finished
	unitRes sm.Resources
	occ     Occupancy
	// l1Bytes: the L1's capacity for global data beside this kernel's
	// shared-memory carveout (carveout.go)
	l1Bytes int
	// dispatcher: next cycle a CTA can be dispatched
	dispFree float64
	budget   int64 // instructions left after the committed windows
	insts    int64
	err      error
	windows  int64
	jobs     int           // goroutines that ran partitions
	busy     time.Duration // wall and CPU time the goroutines spent running windows (jobs > 1)
	busyCPU  time.Duration
	// merged at the end (finish)
	lastEnd engine.Cycle
	lines   *sm.LineStats
	issued  []int64
	mem     MemoryStats
	// CTA sampling (sample.go): nil when every unit is timed
	smp      *sampling
	timedEnd engine.Cycle // the last timed unit's end (sampled runs)
}

type clusterRun struct {
	live  int
	sms   []*sm.SM
	unit  int // unit index
	start engine.Cycle
	end   engine.Cycle // when it ended
}

// Occupancy is how many CTAs fit on one SM and what limits it.
type Occupancy struct {
	CTAsPerSM          int    `json:"ctas_per_sm"`
	Limiter            string `json:"limiter"`
	RegistersPerThread int    `json:"registers_per_thread"`
	RegistersSource    string `json:"registers_source"`
	SharedBytesPerCTA  int    `json:"shared_bytes_per_cta"`
	WarpsPerCTA        int    `json:"warps_per_cta"`
}

// RunTimed executes the launch with the timing model: CTAs are dispatched
// to the SMs under the occupancy limits, warps issue cycle by cycle. The
// memory it leaves is the functional run's for every kernel whose result
// does not depend on the order of CTAs (atomics order, %smid, %clock).
func RunTimed(cfg Config, tc TimedConfig, k *exec.Kernel, l *exec.Launch, opt TimedOptions) (*Result, *Timing, error) {
	if err := cfg.Validate(); err != nil {
		return nil, nil, err
	}
	if err := tc.Validate(); err != nil {
		return nil, nil, err
	}
	res := &Result{}
	if l.Counters == nil {
		l.Counters = &res.Smem
	}
	p, err := newPlan(cfg, l)
	if err != nil {
		return res, nil, err
	}
	m := &machine{cfg: cfg, tc: tc, opt: opt, k: k, l: l, p: p, budget: cfg.MaxInstructions}
	if err := m.occupancy(opt.RegistersPerThread); err != nil {
		return res, nil, err
	}
	m.smp = newSampling(m)
	m.build()
	err = m.run()
	m.finish()
	res.Instructions = m.insts
	res.Parallel = ParallelStats{Jobs: m.jobs, Units: p.n, Busy: m.busy, BusyCPU: m.busyCPU}
	if err == nil && m.smp.active() {
		// the untimed units run functionally; their time is extrapolated
		res.Instructions, err = m.smp.finish(&res.Parallel)
	}
	if l.Counters != &res.Smem {
		res.Smem = *l.Counters
	}
	if err != nil {
		return res, nil, err
	}
	res.CTAs = p.n * p.cluster[0] * p.cluster[1] * p.cluster[2]
	return res, m.timing(), nil
}

// deadlock reports the first cluster whose warps can never proceed.
func (m *machine) deadlock() error {
	var cls []*exec.Cluster
	for _, p := range m.parts {
		for cl := range p.clusters {
			cls = append(cls, cl)
		}
	}
	if len(cls) == 0 {
		return errors.New("timed run ended with CTAs never dispatched (no SM can hold one)")
	}
	// deterministic choice: the cluster of the lowest CTA id
	best := cls[0]
	for _, cl := range cls[1:] {
		if less(cl.CTAs()[0].CTAID(), best.CTAs()[0].CTAID()) {
			best = cl
		}
	}
	return best.Deadlock()
}

func less(a, b [3]int) bool {
	if a[2] != b[2] {
		return a[2] < b[2]
	}
	if a[1] != b[1] {
		return a[1] < b[1]
	}
	return a[0] < b[0]
}

// occupancy computes the resources of one unit's CTA and how many fit.
func (m *machine) occupancy(specRegs int) error {
	c := &m.tc.SM
	thr := m.l.Block[0] * m.l.Block[1] * m.l.Block[2]
	warps := (thr + 31) / 32
	regs, src := specRegs, "spec"
	if regs == 0 {
		if n := m.k.Entry().Perf.MaxNReg; n > 0 {
			regs, src = n, "maxnreg"
		} else if n := sm.SetmaxnregRegisters(m.k, c.Registers, c.RegisterAllocUnit); n > 0 {
			regs, src = n, "setmaxnreg"
		} else if n := sm.EstimateRegisters(m.k, m.tc.RegistersLiveOverhead, m.tc.RegistersDivisionCall); n > 0 {
			regs, src = n, "estimate" // peak live values of the PTX (sim/sm/regpressure.go)
		} else {
			regs, src = m.tc.RegistersPerThreadDefault, "default"
		}
	}
	perWarp := (regs*32 + c.RegisterAllocUnit - 1) / c.RegisterAllocUnit * c.RegisterAllocUnit
	// the CTA's static and dynamic shared memory plus the per-CTA reserve
	// (shared_reserved_per_cta_bytes, 1 KiB). Kernel.SharedBytes already
	// counts the layout's reserved window at the start of shared memory,
	// which is that same reserve: count it once.
	shared := m.k.StaticSharedBytes() + m.l.DynamicShared + c.SharedReservedCTA
	m.unitRes = sm.Resources{CTAs: 1, Warps: warps, Threads: thr, Registers: perWarp * warps, SharedBytes: shared}
	m.occ = Occupancy{RegistersPerThread: regs, RegistersSource: src, SharedBytesPerCTA: shared, WarpsPerCTA: warps}
	lim := []struct {
		name string
		n    int
	}{
		{"ctas", c.MaxCTAs}, {"warps", c.MaxWarps / max(warps, 1)}, {"threads", c.MaxThreads / max(thr, 1)},
		{"registers", c.Registers / max(perWarp*warps, 1)}, {"shared_memory", c.SharedBytes / max(shared, 1)},
	}
	m.occ.CTAsPerSM, m.occ.Limiter = lim[0].n, lim[0].name
	for _, x := range lim[1:] {
		if x.n < m.occ.CTAsPerSM {
			m.occ.CTAsPerSM, m.occ.Limiter = x.n, x.name
		}
	}
	m.l1Bytes = l1BytesFor(c.L1CacheBytes, m.k.SharedBytes(m.l.DynamicShared), m.occ.CTAsPerSM, m.k.StaticSharedBytes()+m.l.DynamicShared)
	if m.occ.CTAsPerSM == 0 {
		return fmt.Errorf("a CTA needs %d threads, %d registers and %d bytes of shared memory: more than one SM has (limit: %s)",
			thr, perWarp*warps, shared, m.occ.Limiter)
	}
	return nil
}

// dispatch places waiting units on SMs with room, starting at SM from
// (the one that just freed resources; -1 for the first wave).
func (m *machine) dispatch(now engine.Cycle, from int) {
	for m.next < m.smp.limit(m.p.n) && m.err == nil {
		smids := m.place(from)
		if smids == nil {
			return
		}
		i := m.smp.unit(m.next)
		m.next++
		at := max(float64(now), m.dispFree)
		m.dispFree = at + m.tc.DispatchIntervalCycles*float64(len(smids))
		// never before the window boundary (dispatch_latency_cycles >= the
		// window makes this a no-op; TimedConfig.Window)
		start := max(engine.Cycle(at)+engine.Cycle(m.tc.DispatchLatencyCycles), m.horizon)
		pt := m.parts[m.smPart[smids[0]]]
		var cl *exec.Cluster
		err := pt.ready()
		if err == nil && m.p.slots != nil {
			cl, err = exec.NewCluster(pt.k, pt.l, m.p.origin(i), smids)
		} else if err == nil {
			var c *exec.CTA
			c, err = exec.NewCTA(pt.k, pt.l, m.p.origin(i), smids[0])
			if c != nil {
				cl = c.Cluster()
			}
		}
		if err != nil {
			m.err = err
			return
		}
		cr := &clusterRun{unit: i, start: start}
		pt.clusters[cl] = cr
		for r, c := range cl.CTAs() {
			if c == nil {
				continue
			}
			s := m.sms[smids[r%len(smids)]]
			cr.live++
			cr.sms = append(cr.sms, s)
			s.Launch(c, m.unitRes, start)
		}
	}
}

// place finds SMs for the next unit: one SM with room for a CTA, or for
// a cluster a slot of its GPC map whose SMs all have room.
func (m *machine) place(from int) []int {
	c := &m.tc.SM
	if m.p.slots == nil {
		n := len(m.sms)
		// first wave: breadth-first over the SMs in first-wave order
		best := -1
		for j := 0; j < n; j++ {
			i := m.order[j]
			if from >= 0 {
				i = (from + j) % n
			}
			s := m.sms[i]
			if !c.Fits(s.Used(), m.unitRes) {
				continue
			}
			if from >= 0 {
				return []int{i}
			}
			if best < 0 || s.Used().CTAs < m.sms[best].Used().CTAs {
				best = i
			}
		}
		if best < 0 {
			return nil
		}
		return []int{best}
	}
	// clusters: the slot whose SMs hold the fewest CTAs (the first on a
	// tie), so that small CTAs of several clusters spread over the GPCs
	// as on the hardware instead of piling onto the first slot's SMs
	var best []int
	bestLoad := 0
	for _, slot := range m.p.slots {
		ok, load := true, 0
		for _, i := range slot {
			if !c.Fits(m.sms[i].Used(), m.unitRes) {
				ok = false
				break
			}
			load = max(load, m.sms[i].Used().CTAs)
		}
		if ok && (best == nil || load < bestLoad) {
			best, bestLoad = slot, load
			if load == 0 {
				break
			}
		}
	}
	return best
}
