package gpu

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// part is one partition of a timed run (windows.go): the SMs of one GPC,
// their engine and everything their CTAs change during a window: a copy of
// the kernel (site statistics), a fork of the launch (counters, printf,
// warnings, CTA memory) over a view of global memory, its view of the L2,
// its clusters, mbarrier landing times, counts and trace spans. A part is
// the sm.Host of its SMs; only its own goroutine touches it in a window.
type part struct {
	m    *machine
	id   int
	sms  []int // SM ids
	eng  *engine.Engine
	k    *exec.Kernel
	l    *exec.Launch
	view *exec.GlobalMem // nil when the run has one partition
	log  *exec.MemLog    // the window's stores, taken when it ends
	mem  *memModel
	code *sm.Code

	clusters map[*exec.Cluster]*clusterRun
	lands    map[exec.MbarRef]engine.Cycle
	lines    *sm.LineStats
	trace    *traceBuf
	insts    int64
	issued   []int64 // warp instructions per utilBucket cycles
	budget   int64   // instructions the window may still issue
	err      error
	errAt    engine.Cycle
	done     []unitDone // units finished in this window
	lastEnd  engine.Cycle
}

// unitDone is a unit (CTA or cluster) that finished at a cycle on an SM.
type unitDone struct {
	at engine.Cycle
	sm int
	cr *clusterRun
}

// ready makes the partition's launch fork and memory view on
// its first CTA.
func (p *part) ready() error {
	if p.k != nil {
		return nil
	}
	m := p.m
	if m.sh == nil {
		p.k, p.l = m.k, m.l
		return nil
	}
	// the kernel is immutable and shared (per-run statistics live in the
	// launch fork)
	p.view = m.sh.WindowView()
	p.k, p.l = m.k, m.l.Fork(p.view)
	return nil
}

// Memory implements sm.Host: the L1/L2/HBM model (mem.go, l2.go).
func (p *part) Memory(at engine.Cycle, smid int, e *exec.Effect, useL1 bool) (done, accepted engine.Cycle) {
	return p.mem.access(at, smid, e, useL1)
}

// CTADone implements sm.Host: a unit whose last CTA ended is handed to the
// dispatcher at the window's end.
func (p *part) CTADone(s *sm.SM, c *exec.CTA, now engine.Cycle) {
	cl := c.Cluster()
	cr := p.clusters[cl]
	cr.live--
	p.lastEnd = max(p.lastEnd, now)
	if cr.live > 0 {
		return
	}
	delete(p.clusters, cl)
	cr.end = now
	cl.Release()
	p.done = append(p.done, unitDone{at: now, sm: s.ID, cr: cr})
}

// ClusterEvent implements sm.Host: the cluster's SMs look again next cycle.
func (p *part) ClusterEvent(cl *exec.Cluster, now engine.Cycle) {
	if cr := p.clusters[cl]; cr != nil {
		for _, s := range cr.sms {
			s.Wake(now + 1)
		}
	}
}

// Issued implements sm.Host: counts and the instruction budget.
func (p *part) Issued(w *exec.Warp, e *exec.Effect, now engine.Cycle) error {
	p.insts++
	b := int(now / utilBucket)
	for len(p.issued) <= b {
		p.issued = append(p.issued, 0)
	}
	p.issued[b]++
	p.budget--
	if p.budget < 0 {
		return w.CTA().BudgetFault(w)
	}
	return nil
}

// Fail implements sm.Host.
func (p *part) Fail(err error) {
	if p.err == nil {
		p.err, p.errAt = err, p.eng.Now()
	}
}

// MbarLand implements sm.Host.
func (p *part) MbarLand(r exec.MbarRef, t engine.Cycle) {
	if t > p.lands[r] {
		p.lands[r] = t
	}
}

// BulkHitCycles implements sm.Host.
func (p *part) BulkHitCycles(sm int, line uint64) engine.Cycle {
	g := p.mem.l2.g
	return max(g.latency(sm, g.slice(line))-p.mem.bulkHit, 1)
}

// MbarReady implements sm.Host.
func (p *part) MbarReady(r exec.MbarRef) engine.Cycle { return p.lands[r] }

// run advances the partition's engine to cycle end.
func (p *part) run(end engine.Cycle) {
	if p.err == nil {
		p.eng.RunUntil(end, func() bool { return p.err != nil })
	}
}
