package gpu

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Parallel functional runs (RATIONALE.md): workers run units (CTAs or
// clusters) speculatively, each on its own kernel copy, launch fork and
// copy-on-write view of global memory (exec.SharedMem); the caller's
// goroutine commits their results strictly in serial unit order. A result
// is committed only when the unit touched no global memory that an earlier
// unit changed after the worker copied it, finished without error and
// within the budget a serial run would have left it; otherwise the unit
// runs again, in order, on the committer's own runner. Memory, printf
// text, counters, site statistics and the reported error are therefore
// those of the serial run.

var (
	errStopped = errors.New("parallel run stopped: an earlier unit failed")
	errStale   = errors.New("unit read global memory that an earlier unit changed")
)

// ParallelStats describes a parallel run. Units re-run in order, by
// reason: Conflicts (touched memory an earlier unit changed after the
// worker's copy), Stale (stopped early for that reason when it became the
// next to commit), Failed (an error or a panic: the re-run decides what the
// serial run reports) and OverBudget.
type ParallelStats struct {
	Jobs, Units                          int
	Conflicts, Stale, Failed, OverBudget int
	// Busy sums the time the workers spent running units and the committer
	// spent re-running and committing them (wall time, also while the OS
	// ran other processes); Busy over the run's wall time is how many
	// workers had work on average. BusyCPU is the CPU time of the same
	// spans (each on its own OS thread): over wall time, how many CPUs the
	// run kept busy.
	Busy, BusyCPU time.Duration
}

// Reruns is the number of units that ran again in order.
func (s ParallelStats) Reruns() int { return s.Conflicts + s.Stale + s.Failed + s.OverBudget }

// outcome is one unit's run: its counts and error, and what it left
// behind (printf text, counters, site statistics, global memory log).
type outcome struct {
	insts    int64
	ctas     int
	err      error
	panicked bool
	run      runOutput
}

// sched is what the committer and the workers share.
type sched struct {
	p       *plan
	k       *exec.Kernel
	l       *exec.Launch
	sh      *exec.SharedMem
	window  int
	slots   []chan *outcome // unit i's outcome goes to slots[i%window]
	tokens  chan struct{}   // at most window units beyond the committed ones
	done    chan struct{}
	stop    atomic.Bool
	busy    atomic.Int64 // nanoseconds the workers spent in units
	busyCPU atomic.Int64 // CPU nanoseconds of the same
	// nextUnit is the next unit to hand out, committing the unit the
	// committer waits for, remaining the budget the committed units left.
	nextUnit, committing, remaining atomic.Int64
}

// runParallel runs the plan on jobs workers and commits in unit order.
func runParallel(p *plan, k *exec.Kernel, l *exec.Launch, res *Result, budget int64, jobs int) error {
	nw := min(jobs, p.n-p.from)
	s := &sched{p: p, k: k, l: l, sh: exec.NewSharedMem(l.Global), window: 4 * nw,
		tokens: make(chan struct{}, 4*nw), done: make(chan struct{})}
	s.slots = make([]chan *outcome, s.window)
	for i := range s.slots {
		s.slots[i] = make(chan *outcome, 1)
		s.tokens <- struct{}{}
	}
	s.remaining.Store(budget)
	s.nextUnit.Store(int64(p.from))
	res.Parallel = ParallelStats{Jobs: jobs, Units: p.n}
	workers := make([]*worker, nw)
	for i := range workers {
		r, err := newRunner(k, l, s.sh)
		if err != nil {
			return err
		}
		workers[i] = &worker{s: s, r: r, unit: -1}
		r.l.Poll = workers[i].poll
	}
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Go(w.work)
	}
	defer func() {
		s.stop.Store(true)
		close(s.done)
		wg.Wait()
		res.Parallel.Busy += time.Duration(s.busy.Load())
		res.Parallel.BusyCPU += time.Duration(s.busyCPU.Load())
	}()
	return s.commitAll(res, budget)
}

// commitAll is the committer: units in order, re-running those whose
// speculative result cannot stand.
//
// Speculation depth adapts: a re-run halves the number of units allowed
// beyond the committed ones (down to 1, where the one unit in flight is
// the next to commit and runs as in order), a committed speculative result
// adds one back. Kernels whose every CTA conflicts (atomics on one
// counter) then waste little work.
func (s *sched) commitAll(res *Result, budget int64) error {
	runtime.LockOSThread() // threadCPU measures this goroutine
	defer runtime.UnlockOSThread()
	var own *runner
	st := &res.Parallel
	limit, out := s.window, s.window // allowed and handed out tokens
	for i := s.p.from; i < s.p.n; i++ {
		s.committing.Store(int64(i))
		o := <-s.slots[i%s.window]
		t0, c0 := time.Now(), threadCPU()
		why := s.verdict(o, budget, st)
		if why == nil {
			limit = min(s.window, limit+1)
		} else {
			*why++
			limit = max(1, limit/2)
			if own == nil {
				var err error
				if own, err = newRunner(s.k, s.l, s.sh); err != nil {
					return err
				}
			}
			o = own.run(s.p, i, budget)
		}
		s.sh.Apply(o.run.mem, uint64(i)+1)
		o.run.addTo(s.k, s.l)
		res.Instructions += o.insts
		res.CTAs += o.ctas
		s.p.report(res)
		budget -= o.insts
		s.remaining.Store(budget)
		st.Busy += time.Since(t0)
		st.BusyCPU += threadCPU() - c0
		if o.err != nil {
			return o.err
		}
		for out--; out < limit; out++ {
			s.tokens <- struct{}{}
		}
	}
	return nil
}

// verdict returns the counter of the reason o cannot be committed, or nil
// when it can.
func (s *sched) verdict(o *outcome, budget int64, st *ParallelStats) *int {
	switch {
	case errors.Is(o.err, errStale):
		return &st.Stale
	case o.panicked || o.err != nil:
		return &st.Failed
	case o.insts > budget:
		return &st.OverBudget
	case !s.sh.Valid(o.run.mem):
		return &st.Conflicts
	}
	return nil
}

// worker runs units speculatively on its own runner.
type worker struct {
	s         *sched
	r         *runner
	unit      int
	refreshed bool
	seen      int64 // committing at the last poll
}

func (w *worker) work() {
	s := w.s
	// threadCPU measures this goroutine. (Measured on 2 cores shared with
	// other processes, load 11: cutlass_gemm_ws_cooperative_1024 at 2 jobs
	// took 1.8-3.8 s wall with the workers and the committer on locked
	// threads, 3.7-22.5 s without, for the same CPU time.)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for {
		select {
		case <-s.tokens:
		case <-s.done:
			return
		}
		i := int(s.nextUnit.Add(1) - 1)
		if i >= s.p.n {
			return
		}
		w.unit, w.refreshed, w.seen = i, false, -1
		t0, c0 := time.Now(), threadCPU()
		o := w.try(i)
		s.busy.Add(int64(time.Since(t0)))
		s.busyCPU.Add(int64(threadCPU() - c0))
		s.slots[i%s.window] <- o
		if int64(i) == s.committing.Load() {
			// The committer waits for this unit. With every CPU busy
			// running units it would otherwise wait for the next
			// preemption (up to 10 ms) per commit: let it in. (It waits
			// on nothing else: a unit sent before it waits is taken
			// without blocking.)
			runtime.Gosched()
		}
	}
}

// try runs unit i; a panic (say, from values read from stale memory) is an
// outcome like an error: the committer re-runs the unit in order.
func (w *worker) try(i int) (o *outcome) {
	defer func() {
		if v := recover(); v != nil {
			w.r.reset()
			o = &outcome{panicked: true}
		}
	}()
	return w.r.run(w.s.p, i, w.s.remaining.Load())
}

// poll is the worker launch's Poll hook. It stops the unit when the run
// is over, or when a commit since the last poll made the unit's view stale
// (a unit spinning on a flag an earlier unit sets stops as soon as that
// unit commits). When the unit becomes the next to commit (no commit runs
// then), its view is brought up to date once, and from there on the unit
// runs as it would in a serial run.
func (w *worker) poll() error {
	s := w.s
	if s.stop.Load() {
		return errStopped
	}
	c := s.committing.Load()
	if c == w.seen || w.refreshed {
		return nil
	}
	w.seen = c
	if c == int64(w.unit) {
		w.refreshed = true
		if !w.r.g.Refresh() {
			return errStale
		}
	} else if w.r.g.Stale() {
		return errStale
	}
	return nil
}
