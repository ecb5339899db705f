package exec

// The wgmma queue of a warpgroup (wgmma.go): each warp's part of a
// wgmma.mma_async joins the oldest entry it has no part in; the part that
// completes an entry runs the MMA (wgmmaExec, wgmma_group.go).

// wgGroup is one warpgroup's queue of wgmma.mma_async instructions whose
// four parts have not all issued, oldest first. A warp's parts join the
// entries in order, so only the oldest entry can complete.
type wgGroup struct {
	q []wgEntry
}

// wgEntry is one wgmma.mma_async of a warpgroup.
type wgEntry struct {
	x       *xinst // the instruction the first arriving warp issued
	arrived uint8  // bit q: warp 4g+q has issued its part
	parts   [4]wgPart
	// queue mode, checks on: the write stamp when the first part issued
	// and its warp (hazard_wgread.go).
	stamp   uint64
	stamped bool
	first   int
}

// wgPart is one warp's part: its frame, its wgmma group, and the operands
// every thread must agree on as they were when it issued (the warp may
// change those registers before the fourth part issues; the accumulators
// and RS A registers are read when the MMA runs, and the hazard checker
// keeps them untouched until then).
type wgPart struct {
	frame *Frame
	group uint32
	lane0 int       // the warp's first live lane
	val   [3]uint64 // B descriptor, scale-d, A descriptor (SS) of lane0
	uni   [3]bool   // every live lane holds val
	meta  [32]uint32
}

// The operands of wgPart.val.
const (
	wgValB = iota
	wgValScale
	wgValA
)

// wgmmaArrive records warp w's part of wgmma.mma_async x; the part that
// completes the warpgroup's oldest entry runs the MMA.
func (w *Warp) wgmmaArrive(x *xinst, wi *wgInst) error {
	c := w.cta
	st := c.wgState()
	g, q := w.id/4, w.id%4
	if 4*g+4 > len(c.warps) {
		return w.wgFault(x, []int{w.id}, "wgmma.mma_async: warpgroup %d (warps %d..%d) is incomplete: the CTA has %d warps (%d threads); a warpgroup is 4 warps", g, 4*g, 4*g+3, len(c.warps), c.nthr)
	}
	if st.hz != nil {
		if err := st.hz.issue(w, x, wi); err != nil {
			return err
		}
	}
	grp := &st.groups[g]
	i := 0
	for i < len(grp.q) && grp.q[i].arrived&(1<<q) != 0 {
		i++
	}
	if i < len(grp.q) {
		if e := &grp.q[i]; e.x != x {
			return w.wgFault(x, []int{w.id, 4*g + tz(uint32(e.arrived))}, "wgmma.mma_async: warps of warpgroup %d issue different wgmma instructions (this one and line %d)", g, e.x.line())
		}
	} else {
		grp.q = append(grp.q, wgEntry{x: x, first: w.id})
		if c.tk.mode&AsyncWgmmaQueue != 0 {
			ne := &grp.q[len(grp.q)-1]
			ne.stamp, ne.stamped = c.wgQueueStamp()
		}
	}
	e := &grp.q[i]
	e.arrived |= 1 << q
	p := &e.parts[q]
	p.frame = w.cur.frame
	p.group = w.async().wg.add()
	w.wgSnapshot(wi, p)
	block := c.tk.mode&AsyncWgmmaQueue == 0
	if e.arrived != 0xf {
		if block {
			w.wait = waitWarpgroup
			return nil
		}
		w.advanceGroup()
		return nil
	}
	warps := c.warps[4*g : 4*g+4]
	err := w.wgmmaExec(x, wi, e, warps)
	var groups [4]uint32
	for k := range groups {
		groups[k] = e.parts[k].group
	}
	grp.q = grp.q[:copy(grp.q, grp.q[1:])]
	if block {
		for _, o := range warps {
			if o != w {
				o.wait = waitNone
				o.advanceLive()
			}
		}
	}
	if err != nil {
		return err
	}
	w.advanceGroup()
	return w.start(ticketEntry{kind: TicketWgmma, warp: int32(w.id), x: x, groups: groups}, AsyncOp{Kind: TicketWgmma, Warp: w.id})
}

// wgSnapshot records in p the operands of wi the warpgroup must agree on,
// as warp w's live lanes hold them now.
func (w *Warp) wgSnapshot(wi *wgInst, p *wgPart) {
	f := p.frame
	p.lane0 = tz(w.live | 1<<31)
	ops := [3]*xop{wi.bDesc, wi.scaleD, wi.aDesc}
	for i, o := range ops {
		if o == nil {
			continue
		}
		v := wgVal(f, o, p.lane0)
		p.val[i], p.uni[i] = v, true
		for r := w.live; r != 0; r &= r - 1 {
			if wgVal(f, o, tz(r)) != v {
				p.uni[i] = false
				break
			}
		}
	}
	if wi.meta != nil {
		for l := range p.meta {
			p.meta[l] = uint32(wgVal(f, wi.meta, l))
		}
	}
}

// advanceLive moves every live lane past the instruction it waits at.
func (w *Warp) advanceLive() {
	if w.uniform {
		w.upc++
		return
	}
	for r := w.live; r != 0; r &= r - 1 {
		w.pc[tz(r)]++
	}
}

// wgVal reads operand o of lane l in frame f (registers and immediates).
func wgVal(f *Frame, o *xop, l int) uint64 {
	switch o.kind {
	case oReg:
		v := f.regs[int(o.reg)*32+l]
		if o.neg {
			v ^= 1
		}
		return v
	case oImm:
		return o.imm
	}
	return 0
}

// wgUniform returns operand i of the parts (wgValB, ...), which every
// thread of the warpgroup must hold, or a diagnostic naming the warps that
// disagree.
func (w *Warp) wgUniform(x *xinst, i int, what string, e *wgEntry, warps []*Warp) (uint64, error) {
	v := e.parts[0].val[i]
	var bad []int
	for q, ow := range warps {
		if p := &e.parts[q]; !p.uni[i] || p.val[i] != v {
			bad = append(bad, ow.id)
		}
	}
	if len(bad) > 0 {
		return 0, w.wgFault(x, bad, "wgmma.mma_async: %s differs across the warpgroup (warp %d lane %d holds %#x)", what, warps[0].id, e.parts[0].lane0, v)
	}
	return v, nil
}
