package exec

import (
	"fmt"
)

// The wgmma register hazard checker (on unless Launch.NoHazardCheck). Per
// warp and for the frame that issues wgmma it detects what PTX makes
// undefined (ptx-facts §1.6):
//
//  1. an ordinary instruction reading or writing an accumulator or RS A
//     register of a wgmma.mma_async that is still in flight (issued, and
//     not covered by a wgmma.wait_group that retires its group);
//  2. a wgmma.mma_async with no wgmma.fence before it in the warp, or
//     whose accumulator/A registers an ordinary instruction wrote after
//     a wgmma.mma_async that followed the warp's last wgmma.fence.
//
// A register written after the last wgmma.fence but before the first
// wgmma.mma_async after it is a warning (RuleWgmmaFenceWrite): nvcc puts
// C++ accumulator initialisation there when the fence is inline asm, and
// ptxas then serializes the wgmmas, so the hardware result is right.
//
// (Descriptors that differ across the warpgroup and incomplete warpgroups
// are reported by wgmma_group.go, checks or not.) Ordinary instructions of
// a function holding wgmma are checked by Warp.step before they run
// (wgTouch), with the registers their InstInfo says they write (Defs) and
// read (Uses: the guard, vector elements and address bases included).

// wgTouch checks the ordinary instruction x of warp w against the
// registers of its in-flight wgmmas (checks on, a wgmma ran in the CTA).
func (w *Warp) wgTouch(x *xinst) error {
	if wg := w.cta.wg; wg != nil && wg.hz != nil {
		return wg.hz.touch(w, x, x.info.Uses, x.info.Defs)
	}
	return nil
}

// markWgRegs sets xinst.wgRegs in xf: the register checker records and
// checks only the registers its wgmma.mma_async instructions use (D and the
// RS A fragment: wgHazards.issue), so an instruction that touches none of
// them needs no wgTouch.
func markWgRegs(xf *xfunc) {
	if !xf.wgmma {
		return
	}
	used := make([]bool, xf.nregs)
	for i := range xf.insts {
		if wi, ok := xf.insts[i].aux.(*wgInst); ok {
			for _, regs := range [2][]*xop{wi.d, wi.a} {
				for _, o := range regs {
					if int(o.reg) < len(used) {
						used[o.reg] = true
					}
				}
			}
		}
	}
	for i := range xf.insts {
		x := &xf.insts[i]
		for _, list := range [2][]int32{x.info.Uses, x.info.Defs} {
			for _, r := range list {
				if int(r) < len(used) && used[r] {
					x.wgRegs = true
				}
			}
		}
	}
}

// wgHazards is the per-warp state of the checker.
type wgHazards struct {
	warps []wgWarpHz
}

type wgWarpHz struct {
	frame    *Frame
	fenced   bool
	issued   bool    // a wgmma.mma_async since the last fence
	written  []int32 // register written by an ordinary instruction since the last fence: its line, negated when after issued
	inflight []int32 // line of the in-flight wgmma using the register, 0 none
	nIn      int
	// wlist and ilist name the registers whose written and inflight
	// entries are nonzero (each at most once), so that a fence or a wait
	// clears those instead of a table the size of the register file.
	wlist, ilist []int32
	pending      []wgUse     // issued, not committed
	groups       []wgUseList // committed, oldest first
	free         [][]wgUse   // retired groups' buffers, for pending to reuse
}

// wgUseList is the registers of one committed wgmma group of the warp
// (group g of its group state, tickets.go).
type wgUseList struct {
	g    uint32
	uses []wgUse
}

type wgUse struct {
	reg  int32
	line int32
}

func newWgHazards(nw int) *wgHazards { return &wgHazards{warps: make([]wgWarpHz, nw)} }

func (c *CTA) wgHazards() *wgHazards { return c.wgState().hz }

// state returns warp w's state for its current frame (reset when the
// frame changes).
func (h *wgHazards) state(w *Warp) *wgWarpHz {
	s := &h.warps[w.id]
	if s.frame != w.cur.frame {
		n := w.cur.frame.fn.nregs
		p := &w.cta.l.pool
		s.recycle(p)
		*s = wgWarpHz{frame: w.cur.frame, written: p.getZeroI32(n), inflight: p.getZeroI32(n)}
	}
	return s
}

// recycle hands s's tables, cleared, to the pool.
func (s *wgWarpHz) recycle(p *ctaPool) {
	if s.written != nil {
		for _, r := range s.wlist {
			s.written[r] = 0
		}
		p.i32 = append(p.i32, s.written)
	}
	if s.inflight != nil {
		for _, r := range s.ilist {
			s.inflight[r] = 0
		}
		p.i32 = append(p.i32, s.inflight)
	}
	s.written, s.inflight = nil, nil
}

func (h *wgHazards) fence(w *Warp) {
	s := h.state(w)
	s.fenced, s.issued = true, false
	for _, r := range s.wlist {
		s.written[r] = 0
	}
	s.wlist = s.wlist[:0]
}

// commit: the warp's commit_group closed group g = its committed count.
func (h *wgHazards) commit(w *Warp) {
	s := h.state(w)
	s.groups = append(s.groups, wgUseList{g: w.async().wg.committed, uses: s.pending})
	s.pending = nil
}

// wait (instruction x) retires all but the newest n committed groups (of
// the warp's group state; the wait ran once they retired).
func (h *wgHazards) wait(w *Warp, x *xinst, n int) {
	w.hazardWgWait(x, n)
	s := h.state(w)
	c := w.async().wg.committed
	if uint64(c) <= uint64(n) {
		return
	}
	upto := c - uint32(n)
	k := 0
	for k < len(s.groups) && s.groups[k].g <= upto {
		if u := s.groups[k].uses; u != nil {
			s.free = append(s.free, u[:0])
		}
		k++
	}
	if k == 0 {
		return
	}
	s.groups = append(s.groups[:0], s.groups[k:]...)
	for _, r := range s.ilist {
		s.inflight[r] = 0
	}
	s.ilist = s.ilist[:0]
	s.nIn = 0
	for _, g := range s.groups {
		s.mark(g.uses)
	}
	s.mark(s.pending)
}

func (s *wgWarpHz) mark(us []wgUse) {
	for _, u := range us {
		if s.inflight[u.reg] == 0 {
			s.nIn++
			s.ilist = append(s.ilist, u.reg)
		}
		s.inflight[u.reg] = u.line
	}
}

// issue checks the fence rules for warp w issuing x and marks its
// registers in flight.
func (h *wgHazards) issue(w *Warp, x *xinst, wi *wgInst) error {
	s := h.state(w)
	if !s.fenced {
		return w.wgFault(x, []int{w.id}, "wgmma.mma_async without a preceding wgmma.fence")
	}
	var warn *xop // the first register written before the first wgmma after the fence
	for _, regs := range [2][]*xop{wi.d, wi.a} {
		for _, o := range regs {
			switch line := s.written[o.reg]; {
			case line < 0:
				return w.wgFault(x, []int{w.id}, "wgmma.mma_async uses %s, written by an ordinary instruction at line %d after the last wgmma.fence "+
					"and after a wgmma.mma_async that followed it", w.regName(o.reg), -line)
			case line > 0 && warn == nil:
				warn = o
			}
		}
	}
	s.issued = true
	if warn != nil {
		if err := w.hazardWarn(x, tz(w.cur.group|1<<31), RuleWgmmaFenceWrite,
			"write the registers before wgmma.fence (in CUDA: initialise the accumulators before the inline-asm wgmma.fence), or accept that ptxas serializes these wgmmas",
			"wgmma.mma_async uses %s, written by an ordinary instruction at line %d after the last wgmma.fence",
			w.regName(warn.reg), s.written[warn.reg]); err != nil {
			return err
		}
	}
	if s.pending == nil && len(s.free) > 0 {
		s.pending, s.free = s.free[len(s.free)-1], s.free[:len(s.free)-1]
	}
	n0 := len(s.pending)
	line := int32(x.line())
	for _, regs := range [2][]*xop{wi.d, wi.a} {
		for _, o := range regs {
			s.pending = append(s.pending, wgUse{reg: o.reg, line: line})
		}
	}
	s.mark(s.pending[n0:])
	return nil
}

// touch checks an ordinary instruction's registers against the in-flight
// set and records its writes.
func (h *wgHazards) touch(w *Warp, x *xinst, reads, writes []int32) error {
	s := &h.warps[w.id]
	if s.frame != w.cur.frame {
		return nil
	}
	n := int32(len(s.inflight)) // the carry flag (index nregs) is no wgmma operand
	if s.nIn > 0 {
		for _, list := range [2][]int32{reads, writes} {
			for _, r := range list {
				if r >= n {
					continue
				}
				if line := s.inflight[r]; line != 0 {
					how := "reads"
					if len(writes) > 0 && &list[0] == &writes[0] {
						how = "writes"
					}
					return w.wgFault(x, []int{w.id}, "%s %s while the wgmma.mma_async at line %d that uses it is in flight (no wgmma.wait_group covers it yet)", how, w.regName(r), line)
				}
			}
		}
	}
	line := int32(x.line())
	for _, r := range writes {
		if r >= n {
			continue
		}
		if s.written[r] == 0 {
			s.wlist = append(s.wlist, r)
		}
		if s.issued {
			s.written[r] = -line
		} else if s.written[r] == 0 {
			s.written[r] = line
		}
	}
	return nil
}

func (w *Warp) regName(r int32) string {
	regs := w.cur.frame.fn.fn.Regs
	if int(r) < len(regs) {
		return regs[r].Name
	}
	return fmt.Sprintf("register %d", r)
}
