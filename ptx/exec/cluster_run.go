package exec

import (
	"fmt"
	"math/bits"
)

// Run executes the cluster's CTAs to completion in functional mode:
// round-robin over every warp of every CTA (rank order, then warp order)
// with a fixed quantum, so that CTAs synchronizing through barrier.cluster,
// distributed shared memory and remote mbarriers make progress together.
// budget is decremented per warp instruction; a Fault is returned when it
// runs out. When no warp of the cluster can make progress the run ends in
// a deadlock report naming every stuck warp and its CTA.
func (cl *Cluster) Run(budget *int64) error {
	const quantum = 256
	poll := cl.poll()
	for {
		if poll != nil {
			if err := poll(); err != nil {
				return err
			}
		}
		progress := false
		alive := false
		changes := cl.asyncChanges()
		for _, c := range cl.ctas {
			if c == nil {
				continue
			}
			for _, w := range c.warps {
				if w.live == 0 {
					continue
				}
				alive = true
				stepped, spun, err := c.turn(w, budget, quantum)
				if err != nil {
					return err
				}
				progress = progress || (stepped && !(spun && w.mspin.repeat))
			}
		}
		progress = progress || cl.asyncChanges() != changes
		if !alive {
			return nil
		}
		if !progress {
			return cl.deadlock()
		}
	}
}

// poll is the launch's Poll hook.
func (cl *Cluster) poll() func() error {
	for _, c := range cl.ctas {
		if c != nil {
			return c.l.Poll
		}
	}
	return nil
}

// turn runs warp w for up to quantum instructions.
func (c *CTA) turn(w *Warp, budget *int64, quantum int) (stepped, spun bool, err error) {
	for i := 0; i < quantum; i++ {
		w.spun = false
		blocked, err := w.Step()
		if err != nil {
			return stepped, spun, err
		}
		if blocked {
			break
		}
		c.clock++
		*budget--
		if *budget < 0 {
			return stepped, spun, c.budgetFault(w)
		}
		if w.spun {
			// A wait that failed (mbarrier.try_wait/test_wait false): let
			// the other warps run. A turn that ends in the same failed wait
			// as the warp's previous one, with no mbarrier changed since,
			// is not progress (its loop branch included).
			w.spins++
			spun = true
			break
		}
		stepped = true
	}
	return stepped, spun, nil
}

// asyncChanges sums the mbarrier state changes of the cluster's CTAs.
func (cl *Cluster) asyncChanges() uint64 {
	var n uint64
	for _, c := range cl.ctas {
		if c != nil {
			n += c.async.changes
		}
	}
	return n
}

// deadlock describes every stuck warp of the cluster (with its CTA when the
// cluster has more than one).
func (cl *Cluster) deadlock() error {
	var first *Fault
	var detail []string
	multi := len(cl.ctas) > 1
	for _, c := range cl.ctas {
		if c == nil {
			continue
		}
		for _, w := range c.warps {
			if w.live == 0 {
				continue
			}
			l := bits.TrailingZeros32(w.live)
			line, text, src := w.where(l)
			why := w.stuckWhy()
			who := fmt.Sprintf("warp %d", w.id)
			if multi {
				who = fmt.Sprintf("rank %d cta (%d,%d,%d) warp %d", c.rank, c.ctaid[0], c.ctaid[1], c.ctaid[2], w.id)
			}
			at := ""
			if src != "" {
				at = " (" + src + ")"
			}
			detail = append(detail, fmt.Sprintf("%s line %d%s %s: %s", who, line, at, text, why))
			if first == nil {
				first = &Fault{Kernel: c.k.Name(), CTA: c.ctaid, Thread: c.tidOf(w.id*32 + l), Line: line, Src: src}
			}
		}
	}
	first.Msg = fmt.Sprintf("deadlock: %d warps can never proceed", len(detail))
	if multi {
		first.Msg = fmt.Sprintf("deadlock: %d warps of the cluster's %d CTAs can never proceed", len(detail), len(cl.ctas))
	}
	first.Detail = detail
	return first
}

// where is the line and text of lane l's next instruction.
func (w *Warp) where(l int) (int, string, string) {
	pc, f := w.pcOf(l)
	if int(pc) < len(f.fn.insts) {
		x := &f.fn.insts[pc]
		return x.line(), x.in.Text, x.in.Src.Short()
	}
	return 0, "?", ""
}

// stuckWhy says what a stuck warp waits for.
func (w *Warp) stuckWhy() string {
	c := w.cta
	why := fmt.Sprintf("lanes %#08x parked at a warp-synchronous instruction", w.parked)
	if sw := w.spinWhy(); w.spun && sw != "" {
		why = sw
	}
	if w.wait == waitClusterBar {
		why = c.cl.barWhy()
	}
	if w.wait == waitBarrier {
		b := &c.bars[w.barID]
		why = fmt.Sprintf("waits at barrier %d (%d of %d threads arrived)", w.barID, b.arrived, b.expected)
	}
	return why
}
