package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// uniformRegs marks the registers ptxas can keep in the uniform datapath
// (Hopper's 63 uniform registers per warp, UR): integer values every lane
// of a warp computes alike from kernel parameters, CTA coordinates and
// sizes, constants and other such values (loop counters, stage indices,
// shared-memory base offsets). PeakLive does not count them. Kernel
// parameters (ld.param) are always uniform (constant-bank operands). Any
// other register is not uniform when some write to it
//   - is not integer ALU or IMAD work, an integer cvt, a move, or an
//     ld.param (loads, shuffles, floating point, ... write R registers);
//   - reads a non-uniform register or a per-lane special register (%tid,
//     %laneid, %clock, %smid, lane masks, ...);
//   - is guarded by a non-uniform predicate, or lies in code that a branch
//     on a non-uniform predicate may skip or repeat for some lanes only
//     (forward: the skipped instructions and an else part after them;
//     backward: the loop it closes).
//
// The marking is a fixed point from "every register uniform".
func uniformRegs(f *ptx.Function, infos []*exec.InstInfo, nregs int) []bool {
	return regUniformity(f, infos, nregs, true, false)
}

// dataUniformRegs marks the registers whose value is alike in every lane
// that computes it: uniformRegs' rule without its control-flow part (code
// under `if (threadIdx.x == 0)` still runs on the uniform datapath for the
// lanes that take it, as in bulk_red's SASS: UIADD3, USEL, UIMAD.WIDE
// under a branch on the thread index).
func dataUniformRegs(f *ptx.Function, infos []*exec.InstInfo, nregs int) []bool {
	return regUniformity(f, infos, nregs, false, false)
}

// bcastUniformRegs is dataUniformRegs where a full-warp shfl.sync.idx
// from an immediate lane (a broadcast, the idiom CUTLASS's
// canonical_warp_idx_sync and Triton use to make a warp or warpgroup
// index warp-uniform) also yields a uniform value (wgmmadesc.go).
func bcastUniformRegs(f *ptx.Function, infos []*exec.InstInfo, nregs int) []bool {
	return regUniformity(f, infos, nregs, false, true)
}

// shflBroadcast: shfl.sync.idx d, a, lane, c, 0xffffffff with an
// immediate lane, unguarded, into a plain register: every lane gets the
// same lane's value.
func shflBroadcast(in *ptx.Inst) bool {
	if !fullWarpShfl(in) {
		return false
	}
	idx := false
	for _, q := range in.Quals {
		idx = idx || q == "idx"
	}
	return idx && in.Ops[2].Kind == ptx.OpdImm
}

// fullWarpShfl: an unguarded shfl.sync of every lane (member mask
// 0xffffffff) into a plain register (not a `d|p` pair, whose predicate is
// per lane).
func fullWarpShfl(in *ptx.Inst) bool {
	return in.Op == ptx.OpShfl && in.Guard < 0 && len(in.Ops) >= 5 && in.Ops[0].Kind == ptx.OpdReg &&
		in.Ops[4].Kind == ptx.OpdImm && uint32(in.Ops[4].Imm) == 0xffffffff
}

// regUniformity is uniformRegs, or with control false dataUniformRegs
// (and with bcast bcastUniformRegs).
func regUniformity(f *ptx.Function, infos []*exec.InstInfo, nregs int, control, bcast bool) []bool {
	n := len(infos)
	uni := make([]bool, nregs)
	for i := range uni {
		uni[i] = true
	}
	capable := make([]bool, n)
	for pc := range f.Insts {
		capable[pc] = uniformCapable(&f.Insts[pc], infos[pc])
	}
	divergent := make([]bool, n)
	for changed := true; changed; {
		changed = false
		for pc := range divergent {
			divergent[pc] = false
		}
		for pc := range f.Insts {
			in := &f.Insts[pc]
			if !control || in.Op != ptx.OpBra || in.Guard < 0 || int(in.Guard) >= nregs || uni[in.Guard] {
				continue
			}
			t := branchTarget(in, n)
			switch {
			case t < 0:
			case t > pc:
				mark(divergent, pc+1, t)
				if e := &f.Insts[t-1]; e.Op == ptx.OpBra && e.Guard < 0 {
					if j := branchTarget(e, n); j > t {
						mark(divergent, t, j)
					}
				}
			default:
				mark(divergent, t, pc+1)
			}
		}
		for pc := range f.Insts {
			in := &f.Insts[pc]
			// a parameter load is a constant-bank read wherever it stands
			param := in.Op == ptx.OpLd && (in.Mods.Space == ptx.SpaceParam || in.Mods.Space == ptx.SpaceParamEntry)
			ok := param || capable[pc] && !divergent[pc] && (in.Guard < 0 || int(in.Guard) >= nregs || uni[in.Guard])
			if bcast && !divergent[pc] && shflBroadcast(in) {
				continue // one lane's value in every lane, whatever it reads
			}
			if ok {
				for _, u := range infos[pc].Uses {
					if int(u) < nregs && int(u) != int(in.Guard) && !uni[u] {
						ok = false
						break
					}
				}
			}
			if ok {
				continue
			}
			for _, d := range infos[pc].Defs {
				if int(d) < nregs && uni[d] {
					uni[d] = false
					changed = true
				}
			}
		}
	}
	return uni
}

func mark(b []bool, from, to int) {
	for i := max(from, 0); i < min(to, len(b)); i++ {
		b[i] = true
	}
}

func branchTarget(in *ptx.Inst, n int) int {
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == ptx.OpdLabel && o.Label >= 0 && int(o.Label) < n {
			return int(o.Label)
		}
	}
	return -1
}

// branchRefs counts the bra instructions of f that jump to each PC in
// [0, n] (n the function's length: a branch to its end counts at n).
func branchRefs(f *ptx.Function, n int) []int {
	refs := make([]int, n+1)
	for i := range f.Insts {
		if f.Insts[i].Op == ptx.OpBra {
			if t := branchTarget(&f.Insts[i], n+1); t >= 0 {
				refs[t]++
			}
		}
	}
	return refs
}

// uniformCapable: the instruction is work the uniform datapath does
// (integer ALU and IMAD operations, integer cvt, moves, parameter loads)
// and reads no per-lane special register.
func uniformCapable(in *ptx.Inst, info *exec.InstInfo) bool {
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == ptx.OpdSpecial && !uniformSpecial(o.Special) {
			return false
		}
	}
	for _, t := range in.Mods.Types {
		if t.IsFloat() {
			return false
		}
	}
	switch {
	case in.Op == ptx.OpLd && (in.Mods.Space == ptx.SpaceParam || in.Mods.Space == ptx.SpaceParamEntry):
		return true
	case in.Op == ptx.OpMov, in.Op == ptx.OpCvt:
		return true
	}
	return info.Pipe == ptx.PipeALU || info.Pipe == ptx.PipeIMAD
}

// uniformSpecial: special registers every lane of a warp reads alike.
func uniformSpecial(s ptx.Special) bool {
	switch s {
	case ptx.SpecNtid, ptx.SpecCtaid, ptx.SpecNctaid, ptx.SpecNwarpid, ptx.SpecNsmid, ptx.SpecGridid,
		ptx.SpecDynamicSmemSize, ptx.SpecTotalSmemSize, ptx.SpecAggrSmemSize,
		ptx.SpecClusterid, ptx.SpecNclusterid, ptx.SpecClusterCtaid, ptx.SpecClusterNctaid,
		ptx.SpecClusterCtarank, ptx.SpecClusterNctarank, ptx.SpecIsExplicitCluster:
		return true
	}
	return false
}
