package exec

import (
	"fmt"
	"math/bits"
	"strings"
)

// clusterBarrier is barrier.cluster: every thread of the cluster arrives
// (barrier.cluster.arrive, any .relaxed/.release), and barrier.cluster.wait
// blocks until all non-exited threads of every CTA of the cluster have
// arrived in the current phase. The state lives in the Cluster.
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
			cl := w.cta.cl
			n := bits.OnesCount32(w.cur.group)
			for r := w.cur.group; r != 0; r &= r - 1 {
				l := tz(r)
				w.clArrived[l] = cl.bar.phase + 1
				w.pc[l]++
			}
			cl.bar.arrived += n
			w.hazardClusterArrive()
			cl.checkBar(w)
			return nil
		}
	case "wait":
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if w.cur.group != w.live {
				w.parked |= w.cur.group
				w.cur.parkedNow = true
				return nil
			}
			b := &w.cta.cl.bar
			l := tz(w.cur.group)
			if w.clArrived[l] == 0 || w.clArrived[l] <= b.phase {
				// arrived in an earlier phase that has completed (or never arrived)
				w.advanceGroup()
				return nil
			}
			w.wait = waitClusterBar
			b.waiting = append(b.waiting, w)
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

// checkClusterBar re-checks the CTA's cluster barrier (after exits).
func (c *CTA) checkClusterBar(by *Warp) { c.cl.checkBar(by) }

// liveThreads counts the non-exited threads of the cluster's CTAs.
func (cl *Cluster) liveThreads() int {
	n := 0
	for _, c := range cl.ctas {
		if c != nil {
			n += c.liveThreads()
		}
	}
	return n
}

// checkBar completes the phase when every live thread has arrived.
func (cl *Cluster) checkBar(by *Warp) {
	b := &cl.bar
	if b.arrived == 0 || b.arrived < cl.liveThreads() {
		return
	}
	b.phase++
	b.arrived = 0
	for _, w := range b.waiting {
		w.wait = waitNone
		by.noteWoke(w)
		if w.uniform {
			w.upc++
		} else {
			for r := w.live; r != 0; r &= r - 1 {
				w.pc[tz(r)]++
			}
		}
	}
	for _, c := range cl.ctas {
		if c == nil {
			continue
		}
		var mine []*Warp
		for _, w := range b.waiting {
			if w.cta == c {
				mine = append(mine, w)
			}
		}
		c.hazardClusterRelease(mine)
	}
	b.waiting = nil
}

// barWhy describes a warp waiting at barrier.cluster for deadlock reports:
// how many threads arrived and which CTAs still have threads that did not.
func (cl *Cluster) barWhy() string {
	b := &cl.bar
	var missing []string
	for _, c := range cl.ctas {
		if c == nil {
			continue
		}
		n := 0
		for _, w := range c.warps {
			for r := w.live; r != 0; r &= r - 1 {
				if w.clArrived[tz(r)] != b.phase+1 {
					n++
				}
			}
		}
		if n > 0 {
			missing = append(missing, fmt.Sprintf("rank %d cta (%d,%d,%d): %d threads", c.rank, c.ctaid[0], c.ctaid[1], c.ctaid[2], n))
		}
	}
	s := fmt.Sprintf("waits at barrier.cluster (%d of %d threads arrived)", b.arrived, cl.liveThreads())
	if len(missing) > 0 && len(cl.ctas) > 1 {
		s += "; not arrived: " + strings.Join(missing, ", ")
	}
	return s
}
