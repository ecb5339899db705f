package exec

import "github.com/sm90sim/sm90sim/smem"

// smemSite accumulates the bank statistics of one instruction in one run
// (Launch.site).
type smemSite struct {
	Executions uint64
	Wavefronts uint64
	Ideal      uint64
	Conflicts  uint64 // sum of per-execution Cost.Conflicts (clamped at 0)
	MaxWay     int
	Kind       smem.OpKind // kind of the last access counted
}

// smemFuse is an instruction's part in ptxas's fusion of shared accesses
// (merge.go): width, ptxas fuses this access with the next ones into one
// access of this many bytes; merged, fused into the previous one.
type smemFuse struct {
	width  int
	merged bool
}

// site is the run statistics of instruction x (a table by function and
// PC, made on first use: the compiled Kernel stays immutable).
func (l *Launch) site(x *xinst) *smemSite {
	f, pc := x.info.Func, x.info.PC
	if l.sites == nil {
		l.sites = make([][]smemSite, len(l.kernel.funcs))
	}
	if l.sites[f] == nil {
		l.sites[f] = make([]smemSite, len(l.kernel.funcs[f].insts))
	}
	return &l.sites[f][pc]
}

// countSmem adds one shared-memory access to the launch counters and to the
// instruction's own statistics.
func (w *Warp) countSmem(x *xinst, a *smem.Access) {
	if w.cta.async.hz == nil {
		w.hazardEarly()
	}
	if w.cta.async.hz != nil && w.hzErr == nil {
		w.hzErr = w.hazardAccess(x, a)
	}
	if x.fuse.merged {
		return
	}
	if x.fuse.width > 0 {
		a.Width = x.fuse.width
	}
	cost := smem.Wavefronts(a)
	if c := w.cta.l.Counters; c != nil {
		c.Add(a.Kind, cost)
	}
	if w.eff != nil {
		pc := cost
		if a.Kind == smem.OpLdgsts && a.ZFill {
			pc = smem.PortWavefronts(a) // the zero-fill passes ncu counts but the port does not spend
		}
		w.eff.noteSmem(a.Kind, pc)
		if a.Kind == smem.OpAtom && !w.eff.Brief {
			w.eff.SmemAtomSerial += smem.AtomSerialWavefronts(a).Wavefronts
		}
	}
	s := w.cta.l.site(x)
	s.Executions++
	s.Wavefronts += uint64(cost.Wavefronts)
	s.Ideal += uint64(cost.Ideal)
	s.Conflicts += uint64(cost.Conflicts())
	s.Kind = a.Kind
	s.MaxWay = max(s.MaxWay, cost.MaxWay)
}
