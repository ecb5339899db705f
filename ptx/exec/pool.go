package exec

// ctaPool recycles the large per-CTA allocations (entry-frame registers,
// shared memory, Warp structs) between the CTAs of one launch: a launch
// runs thousands of CTAs, and allocating (and garbage-collecting) them anew
// cost about a tenth of the simulation time. Recycled memory is cleared, so
// every CTA starts from the same state as a fresh one. The pool also
// holds the launch's wgmma operand address tables (wgmma_addr.go), which
// depend only on the descriptor and the CTA's shared-memory size.
type ctaPool struct {
	regs   [][]uint64
	shared [][]byte
	warps  []*Warp
	wgTabs map[wgTabKey]*wgTab
}

func (p *ctaPool) getRegs(n int) []uint64 {
	for i := len(p.regs) - 1; i >= 0; i-- {
		if r := p.regs[i]; cap(r) >= n {
			p.regs = append(p.regs[:i], p.regs[i+1:]...)
			r = r[:n]
			clear(r)
			return r
		}
	}
	return make([]uint64, n)
}

func (p *ctaPool) getShared(n int) []byte {
	for i := len(p.shared) - 1; i >= 0; i-- {
		if b := p.shared[i]; cap(b) >= n {
			p.shared = append(p.shared[:i], p.shared[i+1:]...)
			b = b[:n]
			clear(b)
			return b
		}
	}
	return make([]byte, n)
}

func (p *ctaPool) getWarp() *Warp {
	if n := len(p.warps); n > 0 {
		w := p.warps[n-1]
		p.warps = p.warps[:n-1]
		*w = Warp{}
		return w
	}
	return &Warp{}
}

// Release hands the CTA's memory back to its launch for the next CTA. The
// CTA must not be used afterwards.
func (c *CTA) Release() {
	p := &c.l.pool
	p.shared = append(p.shared, c.shared)
	for _, w := range c.warps {
		if f := w.frame[0]; f != nil && f.depth == 0 {
			p.regs = append(p.regs, f.regs)
		}
		p.warps = append(p.warps, w)
	}
	c.warps, c.shared = nil, nil
}
