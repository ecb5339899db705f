package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A wgmma's matrix descriptors are uniform-register operands in SASS
// (HGMMA ... gdesc[URa], ...). A descriptor computed from a value that is
// not warp-uniform (it depends on %tid, as a warpgroup's A offset wg *
// bytes with wg = tid.x / 128 does; a full-warp shfl.sync.idx broadcast
// counts as uniform: bcastUniformRegs) reaches the uniform datapath
// through an R2UR of its base; the descriptors of the next k slices are
// that base plus immediates (Triton's serialized k-step: UIADD3.64
// between the HGMMAs, validation/timing/tensor_share.md). The model: a
// wgmma whose non-uniform base the warp computed in the current
// iteration of its loop issues no earlier than wgmma_desc_r2ur_cycles
// after the iteration started (its last taken backward branch): the
// iteration's descriptor arithmetic in R registers and the R2UR, which
// ptxas starts at the top of the iteration, ahead of a barrier or
// mbarrier wait there, but not across the back edge. A base from before
// the loop (hoisted) costs nothing.
//
// Measured on the wg11 serialized SS chains (validation/timing/wgtail.md):
// the GPU's one-warpgroup period is N/2 + 73 cycles at N 32 and 64 (the
// loop recomputes the warpgroup's A base from %tid every group) and
// N/2 + 60 at N 128, where nvcc hoisted the four A descriptors out of the
// loop (the PTX; ncu: about 6 fewer SASS instructions a group); RS
// chains (B only, from the shared window: uniform) are N/2 + 56 at N 64
// and 128. Fitted with the serial SS tail (groups11_tc2.go).

// descBaseDepth bounds the walk from a descriptor to its base.
const descBaseDepth = 8

// wgmmaDescRegs lists, for each wgmma.mma_async of function f, the bases
// of its descriptor operands (A for SS, and B) that are not uniform.
func wgmmaDescRegs(f *ptx.Function, infos []*exec.InstInfo, uni []bool) map[int32][]int32 {
	var m map[int32][]int32
	var leader []bool // first instruction of a basic block
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpWgmma || pc >= len(infos) || infos[pc] == nil || infos[pc].Async != exec.AsyncWgmma {
			continue
		}
		if leader == nil {
			leader = make([]bool, len(f.Insts)+1)
			for _, t := range f.Labels {
				if t >= 0 && t < len(leader) {
					leader[t] = true
				}
			}
		}
		var regs []int32
		for j := 1; j <= 2 && j < len(in.Ops); j++ {
			o := &in.Ops[j]
			if o.Kind != ptx.OpdReg || o.Reg < 0 || int(o.Reg) >= len(uni) || uni[o.Reg] {
				continue
			}
			regs = append(regs, descBase(f, leader, pc, o.Reg))
		}
		if len(regs) > 0 {
			if m == nil {
				m = map[int32][]int32{}
			}
			m[int32(pc)] = regs
		}
	}
	return m
}

// descBase follows register r, read at pc, back through its definitions
// in pc's basic block while each is r' = base op immediate (add, or, xor,
// sub of an immediate: the offset of a k slice), and returns the base.
func descBase(f *ptx.Function, leader []bool, pc int, r int32) int32 {
	for depth := 0; depth < descBaseDepth; depth++ {
		def := -1
		for q := pc - 1; q >= 0; q-- {
			in := &f.Insts[q]
			if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit {
				break
			}
			if len(in.Ops) > 0 && in.Ops[0].Kind == ptx.OpdReg && in.Ops[0].Reg == r {
				def = q
				break
			}
			if leader[q] {
				break
			}
		}
		if def < 0 {
			return r
		}
		in := &f.Insts[def]
		switch in.Op {
		case ptx.OpAdd, ptx.OpOr, ptx.OpXor, ptx.OpSub:
		default:
			return r
		}
		if in.Guard >= 0 || len(in.Ops) != 3 || in.Ops[1].Kind != ptx.OpdReg || in.Ops[1].Reg < 0 || in.Ops[2].Kind != ptx.OpdImm {
			return r
		}
		r, pc = in.Ops[1].Reg, def
	}
	return r
}

// wgmmaDescReady is the earliest cycle a wgmma may issue for the R2URs of
// its descriptors' bases: a base the warp computed in this iteration of
// its loop (after its last taken backward branch, iterStart) is in a
// uniform register wgmma_desc_r2ur_cycles after the iteration started
// (ptxas starts the iteration's descriptor arithmetic at its top, ahead
// of any barrier or mbarrier wait there, but not across the back edge);
// a base from before the loop costs nothing. 0 when nothing waits.
func (s *SM) wgmmaDescReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	x := s.cfg.Async.WgmmaDescR2URCycles
	if x <= 0 || info.Async != exec.AsyncWgmma || ws.iterStart <= 0 {
		return 0
	}
	for _, r := range s.code.low.wgmmaDescs(info) {
		if ws.reg(r) >= ws.iterStart {
			return ws.iterStart + engine.Cycle(x)
		}
	}
	return 0
}

// backBranches marks f's backward branches (a loop's closing branch).
func backBranches(f *ptx.Function) map[int32]bool {
	var m map[int32]bool
	for pc := range f.Insts {
		if in := &f.Insts[pc]; in.Op == ptx.OpBra {
			if t := branchTarget(in, len(f.Insts)); t >= 0 && t <= pc {
				if m == nil {
					m = map[int32]bool{}
				}
				m[int32(pc)] = true
			}
		}
	}
	return m
}

// noteBackBranch records when the warp took a backward branch (the start
// of a loop iteration, for wgmmaDescReady).
func (s *SM) noteBackBranch(ws *warpState, e *exec.Effect, now engine.Cycle) {
	if info := e.Info; info.Op == ptx.OpBra && e.GuardTrue > 0 && s.code.low.backBranch(info) {
		ws.iterStart = now
	}
}
