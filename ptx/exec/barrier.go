package exec

import "math/bits"

// barrier is one of a CTA's 16 named barriers.
type barrier struct {
	arrived  int
	expected int // 0: all live threads of the CTA
	waiting  []barWaiter
	redOp    string
	redCount uint64 // bar.red: threads with a true predicate
	redAll   bool
	redAny   bool
	redN     int
}

type barWaiter struct {
	w     *Warp
	x     *xinst
	frame *Frame
}

// liveThreads counts the CTA's threads that have not exited.
func (c *CTA) liveThreads() int {
	n := 0
	for _, w := range c.warps {
		n += bits.OnesCount32(w.live)
	}
	return n
}

func compileBar(c *compiler, x *xinst) error {
	in := x.in
	sub := in.Mods.Sub
	if sub == "" {
		sub = "sync"
	}
	for _, q := range in.Quals {
		switch q {
		case "warp":
			return compileWarpSync(x)
		case "cluster":
			return compileClusterBar(x)
		}
	}
	x.ctrl = true
	red := ""
	dst := 0
	if sub == "red" {
		dst = 1
		for _, q := range in.Quals {
			if q == "popc" || q == "and" || q == "or" {
				red = q
			}
		}
		if red == "" {
			return errAt(in, "bar.red needs .popc, .and or .or")
		}
	}
	nargs := len(x.ops) - dst
	if sub == "red" {
		nargs-- // predicate operand
	}
	if nargs < 1 || nargs > 2 {
		return errAt(in, "%s needs a barrier id and an optional thread count", in.Text)
	}
	hasCount := nargs == 2
	arrive := sub == "arrive"
	if sub != "sync" && sub != "arrive" && sub != "red" {
		return errUnsupported(in)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if w.cur.group != w.live {
			// Not every live lane is here yet: wait for the rest of the warp.
			w.parked |= w.cur.group
			w.cur.parkedNow = true
			return nil
		}
		id := int(w.src(&x.ops[dst], tz(m|w.cur.group)) & 15)
		b := &w.cta.bars[id]
		if hasCount {
			b.expected = int(w.src(&x.ops[dst+1], tz(m|w.cur.group)))
		} else {
			b.expected = 0
		}
		n := bits.OnesCount32(w.live)
		if hasCount {
			n = 32
		}
		b.arrived += n
		w.hazardBarArrive(id)
		if red != "" {
			b.redOp = red
			pr := &x.ops[len(x.ops)-1]
			if b.redN == 0 {
				b.redAll, b.redAny = true, false
			}
			for r := w.live; r != 0; r &= r - 1 {
				p := w.src(pr, tz(r)) != 0
				b.redCount += b2u(p)
				b.redAll = b.redAll && p
				b.redAny = b.redAny || p
				b.redN++
			}
		}
		if arrive {
			for r := w.cur.group; r != 0; r &= r - 1 {
				w.pc[tz(r)]++
			}
		} else {
			w.wait = waitBarrier
			w.barID = id
			b.waiting = append(b.waiting, barWaiter{w: w, x: x, frame: w.cur.frame})
		}
		w.cta.checkBarrier(id, w)
		return nil
	}
	return nil
}

// checkBarrier releases barrier id when enough threads have arrived; by
// is the warp whose instruction made the check (its Effect lists the
// warps the release woke).
func (c *CTA) checkBarrier(id int, by *Warp) {
	b := &c.bars[id]
	exp := b.expected
	if exp == 0 {
		exp = c.liveThreads()
	}
	if b.arrived < exp || (len(b.waiting) == 0 && b.arrived == 0) {
		return
	}
	for _, wt := range b.waiting {
		w := wt.w
		w.wait = waitNone
		by.noteWoke(w)
		if b.redOp != "" {
			var v uint64
			switch b.redOp {
			case "popc":
				v = b.redCount
			case "and":
				v = b2u(b.redAll)
			case "or":
				v = b2u(b.redAny)
			}
			saved := w.cur.frame
			w.cur.frame = wt.frame
			for r := w.live; r != 0; r &= r - 1 {
				w.set(&wt.x.ops[0], tz(r), v)
			}
			w.cur.frame = saved
		}
		if w.uniform {
			w.upc++
		} else {
			for r := w.live; r != 0; r &= r - 1 {
				w.pc[tz(r)]++
			}
		}
	}
	c.hazardBarRelease(id, b.waiting)
	*b = barrier{}
}

// onExit re-checks barriers after lanes of warp by exited (they no longer
// count).
func (c *CTA) onExit(by *Warp) {
	c.checkClusterBar(by)
	for id := range c.bars {
		if len(c.bars[id].waiting) > 0 && c.bars[id].expected == 0 {
			c.checkBarrier(id, by)
		}
	}
}

// compileWarpSync is bar.warp.sync: a convergence point for the member lanes.
func compileWarpSync(x *xinst) error {
	if err := needOps(x, 1); err != nil {
		return err
	}
	x.warpSync = true
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		w.converge(uint32(w.src(&x.ops[0], tz(w.cur.group))))
		return nil
	}
	return nil
}
