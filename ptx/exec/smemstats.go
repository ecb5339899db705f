package exec

import "github.com/sm90sim/sm90sim/smem"

// smemSite accumulates the bank statistics of one instruction.
type smemSite struct {
	Executions uint64
	Wavefronts uint64
	Ideal      uint64
	Conflicts  uint64 // sum of per-execution Cost.Conflicts (clamped at 0)
	MaxWay     int
	Kind       smem.OpKind // kind of the last access counted
	// mergedWidth: ptxas fuses this access with the next ones into one
	// access of this many bytes; merged: fused into the previous one.
	mergedWidth int
	merged      bool
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
	if x.smem.merged {
		return
	}
	if x.smem.mergedWidth > 0 {
		a.Width = x.smem.mergedWidth
	}
	cost := smem.Wavefronts(a)
	if c := w.cta.l.Counters; c != nil {
		c.Add(a.Kind, cost)
	}
	if w.eff != nil {
		w.eff.noteSmem(a.Kind, cost)
	}
	s := &x.smem
	s.Executions++
	s.Wavefronts += uint64(cost.Wavefronts)
	s.Ideal += uint64(cost.Ideal)
	s.Conflicts += uint64(cost.Conflicts())
	s.Kind = a.Kind
	s.MaxWay = max(s.MaxWay, cost.MaxWay)
}
