package gpu

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// Windowed timed runs (RATIONALE.md, "Parallel timed runs"). The SMs are
// split into partitions, one per GPC of the profile's map (clusters never
// cross a GPC), GPCs that share an L2 port in one (l2port.go). Time advances in windows of at most window cycles, no
// longer than the shortest latency by which one partition can affect
// another (an L2 hit, the CTA dispatch latency: TimedConfig.Window). During
// a window every partition runs on its own engine, on any goroutine: its
// SMs read global memory as committed at the window start plus their own
// partition's stores (an exec view), and see the L2 as committed plus their
// own requests (l2View). At the window's end, with every partition stopped,
// the caller's goroutine commits, always in the same order: the memory
// logs by partition (bytes, exec.TakeWindowLog), the L2 requests in
// (cycle, SM, sequence) order, trace events and printf text by partition;
// then it hands finished units to the dispatcher in (cycle, SM) order,
// which places the next CTAs (they start at least the dispatch latency
// later: in a later window). A serial run (--jobs 1) runs the same windows
// one partition after the other, so results do not depend on the number
// of goroutines.
//
// Kernels with global atomics or reductions (atom, red, cp.reduce.async.bulk
// to global memory) run as one partition: an atomic's old value must come
// from every earlier atomic of every SM, which a window of private views
// cannot give. Their timed runs are serial.

// build makes the SMs, the partitions and the committed memory.
func (m *machine) build() {
	n := m.cfg.Layout.NumSMs
	m.l2 = newL2(&m.tc, n, m.cfg.GPCs)
	if c := m.l.Cluster; c[0]*c[1]*c[2] > 1 {
		m.l2.mergePerGPC() // l2merge.go
	}
	if m.opt.Warm {
		m.l2.prefillInputs(m.l.Global.Segments()) // l2resident.go
	}
	m.window = engine.Cycle(m.tc.Window())
	groups := [][]int{make([]int, n)}
	for i := range groups[0] {
		groups[0][i] = i
	}
	if !globalAtomics(m.k.Program()) {
		groups = partitions(portGroups(m.cfg.GPCs), n) // whole L2 port groups (l2port.go)
	}
	if len(groups) > 1 {
		m.sh = exec.NewSharedMem(m.l.Global)
	}
	m.smPart = make([]int, n)
	m.order = firstWaveOrder(m.cfg.GPCs, n, m.p.n)
	m.sms = make([]*sm.SM, n)
	for pi, g := range groups {
		pt := &part{m: m, id: pi, sms: g, eng: engine.New(), code: sm.NewCode(m.k), clusters: map[*exec.Cluster]*clusterRun{},
			lands: map[exec.MbarRef]engine.Cycle{}, budget: m.budget}
		pt.mem = newMemModel(&m.tc, n, m.l2, m.l1Bytes)
		pt.mem.carve = l1CarveFor(&m.tc, m.l1Bytes)
		if m.opt.HotLines {
			pt.lines = sm.NewLineStats()
		}
		if m.opt.Trace != nil {
			pt.trace = &traceBuf{to: m.opt.Trace}
		}
		for _, i := range g {
			s := sm.New(i, m.smConfig(i), pt.eng, pt, pt.code)
			s.Lines = pt.lines
			s.GPC = int(m.l2.smGPC[i])       // the tensormap fence's hold (tmafenceblock.go)
			s.FetchGPC = int(m.l2.smPort[i]) // the GPC's fetch path (icache_gpc_bytes_per_cycle)
			if pt.trace != nil {
				s.Trace, s.TraceMinCycles = pt.trace, m.opt.TraceMinCycles
			}
			s.NsPerCycle = 1000 / m.tc.SMClockMHz
			m.sms[i], m.smPart[i] = s, pi
		}
		m.parts = append(m.parts, pt)
	}
}

// partitions are the groups (GPCs, or GPCs sharing an L2 port), plus one
// for SMs in no group.
func partitions(gpcs [][]int, n int) [][]int {
	in := make([]bool, n)
	var out [][]int
	for _, g := range gpcs {
		out = append(out, slices.Clone(g))
		for _, s := range g {
			in[s] = true
		}
	}
	var rest []int
	for i := range in {
		if !in[i] {
			rest = append(rest, i)
		}
	}
	if len(rest) > 0 {
		out = append(out, rest)
	}
	return out
}

// globalAtomics reports whether the program has atomics or reductions that
// may reach global memory.
func globalAtomics(prog *ptx.Program) bool {
	for _, f := range prog.Funcs {
		for i := range f.Insts {
			in := &f.Insts[i]
			switch in.Op {
			case ptx.OpAtom, ptx.OpRed:
				if sp := in.Mods.Space; sp != ptx.SpaceShared && sp != ptx.SpaceSharedCluster {
					return true
				}
			case ptx.OpCp:
				if strings.Contains(in.Text, ".reduce") && strings.Contains(in.Text, ".global") {
					return true
				}
			}
		}
	}
	return false
}

// run runs windows until every unit has finished, a partition failed or
// nothing can move (a deadlock).
func (m *machine) run() error {
	m.dispFree = float64(m.tc.LaunchCycles)
	m.dispatch(engine.Cycle(m.tc.LaunchCycles), -1)
	if m.err != nil {
		return m.err
	}
	m.smp.firstWave(m.next)
	if m.p.progress != nil {
		m.p.progress(0, m.p.ctas, 0) // the total is known before any CTA ends
	}
	w := newWorkers(m, m.cfg.jobs())
	defer func() {
		w.stop()
		m.busy, m.busyCPU = time.Duration(w.busy.Load()), time.Duration(w.busyCPU.Load())
	}()
	m.jobs = max(w.n, 1)
	if w.n > 1 {
		runtime.LockOSThread() // threadCPU measures the boundaries
		defer runtime.UnlockOSThread()
	}
	var from engine.Cycle
	for {
		next, pending := engine.Never, false
		for _, p := range m.parts {
			next = min(next, p.eng.NextAt())
			pending = pending || len(p.done) > 0
		}
		if next == engine.Never && !pending {
			if m.done < m.smp.limit(m.p.n) {
				return m.deadlock()
			}
			return nil
		}
		if next != engine.Never {
			from = max(from, next)
		}
		end := from + m.window
		w.run(end)
		m.horizon = end
		t0, c0 := time.Now(), threadCPU()
		err := m.boundary(end)
		if w.n > 1 {
			// the committing goroutine's part (host.parallel_speedup)
			w.busy.Add(int64(time.Since(t0)))
			w.busyCPU.Add(int64(threadCPU() - c0))
		}
		if err != nil {
			return err
		}
		from = end
	}
}

// boundary commits a window (see the top of the file).
func (m *machine) boundary(end engine.Cycle) error {
	m.windows++
	var failed *part
	var used int64
	for _, p := range m.parts {
		used += p.insts
		if p.err != nil && (failed == nil || p.errAt < failed.errAt) {
			failed = p
		}
	}
	m.insts = used
	if failed != nil {
		m.err = failed.err
		return m.err
	}
	for _, p := range m.parts {
		if p.log != nil {
			m.sh.Apply(p.log, uint64(m.windows))
			p.log = nil
		}
	}
	views := make([]*l2View, len(m.parts))
	var done []unitDone
	for i, p := range m.parts {
		views[i] = p.mem.l2
		if p.trace != nil {
			p.trace.flush()
		}
		if p.l != nil && p.l != m.l && p.l.Printf.Len() > 0 {
			m.l.Printf.Write(p.l.Printf.Bytes())
			p.l.Printf.Reset()
		}
		done = append(done, p.done...)
		p.done = p.done[:0]
	}
	m.l2.commit(views, end)
	if used > m.cfg.MaxInstructions {
		m.err = fmt.Errorf("the launch issued more than --max-instructions (%d) warp instructions by cycle %d", m.cfg.MaxInstructions, end)
		return m.err
	}
	left := m.cfg.MaxInstructions - used
	for _, p := range m.parts {
		p.budget = left
	}
	slices.SortFunc(done, func(a, b unitDone) int {
		if a.at != b.at {
			return cmp64(int64(a.at), int64(b.at))
		}
		return a.sm - b.sm
	})
	for _, d := range done {
		m.smp.record(d.cr)
		m.done++
		if m.p.progress != nil {
			m.p.progress(m.done*m.p.cluster[0]*m.p.cluster[1]*m.p.cluster[2], m.p.ctas, m.insts)
		}
		m.dispatch(d.at, d.sm)
		if m.err != nil {
			return m.err
		}
	}
	// Between CTA ends (a one-wave launch has none until its last cycles)
	// the instruction count still moves the progress line and its rate.
	if len(done) == 0 && m.p.progress != nil && m.windows%progressWindows == 0 {
		m.p.progress(m.done*m.p.cluster[0]*m.p.cluster[1]*m.p.cluster[2], m.p.ctas, m.insts)
	}
	return nil
}

// progressWindows is how many windows pass between progress updates that
// no CTA end brought.
const progressWindows = 256

// finish merges what the partitions kept (counters, printf text, site
// statistics, warnings, hot lines, utilization, memory counts) into the
// launch and the machine, in partition order.
func (m *machine) finish() {
	if m.opt.HotLines {
		m.lines = sm.NewLineStats()
	}
	for _, p := range m.parts {
		m.lastEnd = max(m.lastEnd, p.lastEnd)
		if m.lines != nil {
			m.lines.Merge(p.lines)
		}
		for len(m.issued) < len(p.issued) {
			m.issued = append(m.issued, 0)
		}
		for i, v := range p.issued {
			m.issued[i] += v
		}
		m.mem.add(p.mem)
		if p.l != nil && p.l != m.l {
			out := runOutput{printf: p.l.Printf.Bytes(), smem: *p.l.Counters, sites: p.l.TakeSmemSites(), warn: p.l.Warnings.Take()}
			out.addTo(m.k, m.l)
		}
	}
	m.mem.DRAMReadBytes, m.mem.DRAMWriteBytes = m.l2.dramRead, m.l2.dramWrite
}

// workers run the partitions of each window on jobs goroutines (the
// caller's among them), each taking the next partition of order when it
// is free. With more than one, order is the partitions by the wall time
// they took in the previous window, longest first (largest first in the
// first window), so that the partitions left for the window's end are
// short ones and the goroutines finish it close together (what runs where
// never changes a result; giving each goroutine its own share of the
// partitions was tried and measured slower on the device's Xeon:
// validation/timing/par22.md). busy and busyCPU sum the wall and CPU
// nanoseconds each goroutine spent draining windows
// (host.parallel_speedup and parallel_cpu; measured once per goroutine and
// window, each goroutine on its own OS thread; the caller's goroutine also
// adds the boundaries' commits).
type workers struct {
	m             *machine
	order         []*part
	cost          []int64 // nanoseconds each partition (by id) took in the last window
	n             int
	next          atomic.Int64
	end           engine.Cycle
	start         []chan engine.Cycle
	wg            sync.WaitGroup
	busy, busyCPU atomic.Int64
}

func newWorkers(m *machine, jobs int) *workers {
	w := &workers{m: m, order: slices.Clone(m.parts), cost: make([]int64, len(m.parts)), n: min(jobs, len(m.parts))}
	slices.SortStableFunc(w.order, func(a, b *part) int { return len(b.sms) - len(a.sms) })
	for i := 1; i < w.n; i++ {
		ch := make(chan engine.Cycle)
		w.start = append(w.start, ch)
		go func() {
			runtime.LockOSThread() // threadCPU measures this goroutine
			defer runtime.UnlockOSThread()
			for end := range ch {
				w.measured(end)
				w.wg.Done()
			}
		}()
	}
	return w
}

// run advances every partition to cycle end.
func (w *workers) run(end engine.Cycle) {
	w.next.Store(0)
	if w.n > 1 {
		slices.SortStableFunc(w.order, func(a, b *part) int { return cmp64(w.cost[b.id], w.cost[a.id]) })
	}
	w.wg.Add(len(w.start))
	for _, ch := range w.start {
		ch <- end
	}
	if w.n > 1 {
		runtime.LockOSThread()
		w.measured(end)
		runtime.UnlockOSThread()
	} else {
		w.drain(end)
	}
	w.wg.Wait()
}

// measured drains and adds the time it took to busy and busyCPU (the
// caller has locked its goroutine to its OS thread).
func (w *workers) measured(end engine.Cycle) {
	t0, c0 := time.Now(), threadCPU()
	w.drain(end)
	w.busy.Add(int64(time.Since(t0)))
	w.busyCPU.Add(int64(threadCPU() - c0))
}

func (w *workers) drain(end engine.Cycle) {
	for {
		i := int(w.next.Add(1) - 1)
		if i >= len(w.order) {
			return
		}
		p := w.order[i]
		var t1 time.Time
		if w.n > 1 {
			t1 = time.Now()
		}
		if p.eng.NextAt() < end {
			p.run(end)
		}
		p.mem.l2.seal() // the view's own part of the L2 commit (l2seal.go)
		if p.view != nil {
			// nothing writes the committed memory before every partition
			// is done: the logs are taken here, in parallel
			p.log = p.view.TakeWindowLog()
		}
		if w.n > 1 {
			w.cost[p.id] = int64(time.Since(t1))
		}
	}
}

func (w *workers) stop() {
	for _, ch := range w.start {
		close(ch)
	}
}
