package gpu

import (
	"bytes"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/smem"
)

// runner runs units of a parallel launch on one goroutine: a fork of the
// launch (its own counters, site statistics, printf buffer, CTA memory
// pool) and a view of global memory; the kernel is shared (immutable).
type runner struct {
	k    *exec.Kernel
	l    *exec.Launch
	g    *exec.GlobalMem
	base *exec.Launch
}

func newRunner(k *exec.Kernel, l *exec.Launch, sh *exec.SharedMem) (*runner, error) {
	g := sh.View()
	return &runner{k: k, l: l.Fork(g), g: g, base: l}, nil
}

// runOutput is what a unit left in its runner.
type runOutput struct {
	printf []byte
	smem   smem.Counters
	sites  exec.SiteDeltas
	mem    *exec.MemLog
	warn   exec.Warnings
}

// run executes unit i with the budget and takes what it left behind.
func (r *runner) run(p *plan, i int, budget int64) *outcome {
	o := &outcome{}
	o.insts, o.ctas, o.err = p.run(r.k, r.l, i, &budget)
	o.run = r.take()
	return o
}

// take collects and clears the runner's printf text, counters, site
// statistics, hazard warnings and memory log.
func (r *runner) take() runOutput {
	out := runOutput{smem: *r.l.Counters, sites: r.l.TakeSmemSites(), mem: r.g.TakeLog(), warn: r.l.Warnings.Take()}
	if r.l.Printf.Len() > 0 {
		out.printf = bytes.Clone(r.l.Printf.Bytes())
		r.l.Printf.Reset()
	}
	*r.l.Counters = smem.Counters{}
	return out
}

// reset makes the runner usable after a unit panicked in it: the unit's
// leftovers are dropped and the launch (its CTA memory pool) is new.
func (r *runner) reset() {
	r.take()
	poll := r.l.Poll
	r.l = r.base.Fork(r.g)
	r.l.Poll = poll
}

// addTo adds the unit's leftovers to the launch and kernel being run (in
// serial unit order: printf text is appended, site kinds are the last,
// warnings keep their first occurrence).
func (o *runOutput) addTo(k *exec.Kernel, l *exec.Launch) {
	l.Printf.Write(o.printf)
	l.Warnings.Merge(&o.warn)
	if l.Counters != nil {
		l.Counters.Merge(&o.smem)
	}
	l.AddSmemSites(k, o.sites)
}
