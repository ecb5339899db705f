package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// Reconvergence at immediate post-dominators.
//
// ptxas brackets every divergent branch with a convergence barrier
// (BSSY/BSYNC) at the branch's immediate post-dominator, so the two sides of
// a branch wait for each other there. nvcc places rarely taken paths
// out of line (after the join, branching back), so "lowest PC first" alone
// would let the in-line lanes run ahead through the join, e.g. through a
// whole loop, and issue the instructions after the join once per side: more
// warp instructions and shared-memory wavefronts than ncu counts. A warp
// therefore keeps a stack of reconvergence points: a branch that splits its
// group pushes (frame, IPDOM, group); lanes of that group arriving at the
// IPDOM wait until every one of them that is still running in that frame
// arrives, then the point is popped.

// rpoint is a pending reconvergence point.
type rpoint struct {
	frame *Frame
	pc    int32
	mask  uint32
}

// computeIPDOM sets x.ipdom of every guarded bra of xf: the immediate
// post-dominator (Cooper-Harvey-Kennedy on the reverse CFG), or -1 when
// the only common successor is the function's exit.
func computeIPDOM(xf *xfunc) {
	n := len(xf.insts)
	exit := int32(n)
	succ := make([][2]int32, n)
	for i := range xf.insts {
		x := &xf.insts[i]
		x.ipdom = -1
		next := int32(i + 1)
		switch x.op {
		case ptx.OpBra:
			t := int32(-1)
			if len(x.ops) == 1 && x.ops[0].kind == oLabel {
				t = x.ops[0].label
			}
			if x.guard >= 0 {
				succ[i] = [2]int32{t, next}
			} else {
				succ[i] = [2]int32{t, -1}
			}
		case ptx.OpRet, ptx.OpExit, ptx.OpTrap:
			succ[i] = [2]int32{exit, -1}
		default:
			succ[i] = [2]int32{next, -1}
		}
	}
	// post-dominators: dominators of the reverse CFG from the exit node
	rev := make([][]int32, n+1) // CFG predecessors
	for i := range succ {
		for _, s := range succ[i] {
			if s >= 0 {
				rev[s] = append(rev[s], int32(i))
			}
		}
	}
	idom := ImmediateDominators(rev, exit)
	for i := range xf.insts {
		x := &xf.insts[i]
		if x.op == ptx.OpBra && x.guard >= 0 && idom[i] >= 0 && idom[i] != exit {
			x.ipdom = idom[i]
		}
	}
}

// pushReconverge records that group g split at a branch whose immediate
// post-dominator is pc (in frame f).
func (w *Warp) pushReconverge(f *Frame, pc int32, g uint32) {
	if pc < 0 {
		return
	}
	if n := len(w.rstack); n > 0 && w.rstack[n-1].frame == f && w.rstack[n-1].pc == pc {
		w.rstack[n-1].mask |= g
		return
	}
	w.rstack = append(w.rstack, rpoint{frame: f, pc: pc, mask: g})
}

// waitingAt is the lanes of e that have arrived at its point.
func (w *Warp) waitingAt(e *rpoint) uint32 {
	var m uint32
	for r := e.mask & w.live; r != 0; r &= r - 1 {
		l := bits.TrailingZeros32(r)
		if w.frame[l] == e.frame && w.pc[l] == e.pc {
			m |= 1 << l
		}
	}
	return m
}

// pendingOf is the lanes of e still on their way to its point: live, not
// arrived, and still running in e's frame or a frame it called (a lane that
// returned out of it never arrives).
func (w *Warp) pendingOf(e *rpoint, arrived uint32) uint32 {
	var m uint32
	for r := e.mask & w.live &^ arrived; r != 0; r &= r - 1 {
		l := bits.TrailingZeros32(r)
		if w.frame[l].depth >= e.frame.depth {
			m |= 1 << l
		}
	}
	return m
}

// waitingLanes pops the reconvergence points every lane has reached and
// returns the lanes waiting at the remaining ones. When every live lane
// waits (a point that can no longer complete), the innermost point is
// dropped, so a warp always makes progress.
func (w *Warp) waitingLanes() uint32 {
	for {
		var wait uint32
		for len(w.rstack) > 0 {
			e := &w.rstack[len(w.rstack)-1]
			a := w.waitingAt(e)
			if w.pendingOf(e, a) != 0 {
				break
			}
			w.rstack = w.rstack[:len(w.rstack)-1]
		}
		for i := range w.rstack {
			wait |= w.waitingAt(&w.rstack[i])
		}
		if wait == 0 || w.live&^w.parked&^wait != 0 || len(w.rstack) == 0 {
			return wait
		}
		w.rstack = w.rstack[:len(w.rstack)-1]
	}
}
