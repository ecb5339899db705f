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
	i32    [][]int32 // all-zero tables of the wgmma register checker (wgmma_hazard.go)
}

// getZeroI32 returns n zero int32s (recycled ones are handed back zero).
func (p *ctaPool) getZeroI32(n int) []int32 {
	for i := len(p.i32) - 1; i >= 0; i-- {
		if t := p.i32[i]; len(t) == n {
			p.i32 = append(p.i32[:i], p.i32[i+1:]...)
			return t
		}
	}
	return make([]int32, n)
}

// getRegs returns a register file for an entry frame of f: every register
// that f may read before writing it is zero (regclear.go); the others may
// hold an earlier CTA's values, which f overwrites before reading.
func (p *ctaPool) getRegs(f *xfunc) []uint64 {
	n := f.nslots * 32
	for i := len(p.regs) - 1; i >= 0; i-- {
		if r := p.regs[i]; cap(r) >= n {
			p.regs = append(p.regs[:i], p.regs[i+1:]...)
			r = r[:n]
			if f.clearAll || DebugPoisonRegs {
				clear(r)
			} else {
				for _, reg := range f.clear {
					clear(r[int(reg)*32 : int(reg)*32+32])
				}
			}
			poisonRegs(f, r)
			return r
		}
	}
	r := make([]uint64, n)
	poisonRegs(f, r)
	return r
}

// DebugPoisonRegs, for tests only, fills every register an entry frame
// need not clear with a pattern instead of leaving it zero or an earlier
// CTA's value: a kernel's outputs must not change (the corpus test runs
// with it on).
var DebugPoisonRegs bool

func poisonRegs(f *xfunc, r []uint64) {
	if !DebugPoisonRegs || f.clearAll {
		return
	}
	need := make([]bool, f.nslots)
	for _, reg := range f.clear {
		need[reg] = true
	}
	for reg := range need {
		if !need[reg] {
			for l := 0; l < 32; l++ {
				r[reg*32+l] = 0xa5a5a5a5a5a5a5a5 & f.regMask[reg]
			}
		}
	}
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
	if c.wg != nil && c.wg.hz != nil {
		for i := range c.wg.hz.warps {
			c.wg.hz.warps[i].recycle(p)
		}
	}
	c.warps, c.shared = nil, nil
}
