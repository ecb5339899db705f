package exec

import "math/bits"

// clusterBarrier is barrier.cluster for a cluster of one CTA: every thread
// arrives (barrier.cluster.arrive), and barrier.cluster.wait blocks until all
// non-exited threads of the cluster have arrived in the current phase.
type clusterBarrier struct {
	phase   uint64
	arrived int
	waiting []*Warp
}

// compileClusterBar handles barrier.cluster.arrive and barrier.cluster.wait.
func compileClusterBar(x *xinst) error {
	in := x.in
	x.ctrl = true
	switch in.Mods.Sub {
	case "arrive":
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			c := w.cta
			n := bits.OnesCount32(w.cur.group)
			for r := w.cur.group; r != 0; r &= r - 1 {
				l := tz(r)
				w.clArrived[l] = c.clBar.phase + 1
				w.pc[l]++
			}
			c.clBar.arrived += n
			w.hazardClusterArrive()
			c.checkClusterBar()
			return nil
		}
	case "wait":
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if w.cur.group != w.live {
				w.parked |= w.cur.group
				w.cur.parkedNow = true
				return nil
			}
			c := w.cta
			l := tz(w.cur.group)
			if w.clArrived[l] == 0 || w.clArrived[l] <= c.clBar.phase {
				// arrived in an earlier phase that has completed (or never arrived)
				w.advanceGroup()
				return nil
			}
			w.wait = waitClusterBar
			c.clBar.waiting = append(c.clBar.waiting, w)
			return nil
		}
	default:
		return errUnsupported(in)
	}
	return nil
}

// advanceGroup moves every lane of the current group past the instruction.
func (w *Warp) advanceGroup() {
	for r := w.cur.group; r != 0; r &= r - 1 {
		w.pc[tz(r)]++
	}
}

// checkClusterBar completes the phase when every live thread has arrived.
func (c *CTA) checkClusterBar() {
	b := &c.clBar
	if b.arrived == 0 || b.arrived < c.liveThreads() {
		return
	}
	b.phase++
	b.arrived = 0
	for _, w := range b.waiting {
		w.wait = waitNone
		if w.uniform {
			w.upc++
		} else {
			for r := w.live; r != 0; r &= r - 1 {
				w.pc[tz(r)]++
			}
		}
	}
	c.hazardClusterRelease(b.waiting)
	b.waiting = nil
}
