package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Shuffles of a warp-uniform value. Every lane of a full-mask shfl.sync
// reads a value all lanes hold alike, so the result is the source and ptxas
// emits no SHFL: Triton's K loops shuffle the warp index
// (`shr.u32 %r13, %tid.x, 5; ... shfl.sync.idx.b32 %r97, %r13, 0, 31, -1`
// in triton_matmul_4096, `.reqntid 256`), and the loop's SASS (cuobjdump,
// ptxas 13.0 sm_90a) has no SHFL at all. Such a shuffle issues nothing
// (lowFused): its value is ready when its source is.
//
// Warp-uniform here: uniform.go's uniform registers, and %tid.x shifted
// right by 5 or more in a kernel whose .reqntid / .maxntid makes the CTA
// one-dimensional (a warp's lanes then hold consecutive %tid.x in one
// aligned run of 32). Only unguarded shuffles with membermask -1 and no
// predicate output are folded.
func shflFolds(f *ptx.Function, infos []*exec.InstInfo, uni []bool) []bool {
	out := make([]bool, len(infos))
	var warp map[int32]bool // warpIndexRegs, at the first shuffle
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if !fullWarpShfl(in) {
			continue // uniform.go
		}
		a := in.Ops[1]
		if a.Kind != ptx.OpdReg || a.Reg < 0 {
			continue
		}
		if warp == nil {
			warp = warpIndexRegs(f, infos)
		}
		r := int(a.Reg)
		out[pc] = r < len(uni) && uni[r] || warp[a.Reg]
	}
	return out
}

// warpIndexRegs: registers written once, by `shr` of a register written
// once by `mov %tid.x`, by 5 or more, in a one-dimensional CTA.
func warpIndexRegs(f *ptx.Function, infos []*exec.InstInfo) map[int32]bool {
	out := map[int32]bool{}
	if !oneDimCTA(f) {
		return out
	}
	writes := map[int32]int{}
	for _, inf := range infos {
		for _, d := range inf.Defs {
			writes[d]++
		}
	}
	tidx := map[int32]bool{}
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op == ptx.OpMov && in.Guard < 0 && len(in.Ops) == 2 && in.Ops[0].Kind == ptx.OpdReg &&
			in.Ops[1].Kind == ptx.OpdSpecial && in.Ops[1].Special == ptx.SpecTid && in.Ops[1].Comp == 0 &&
			writes[in.Ops[0].Reg] == 1 {
			tidx[in.Ops[0].Reg] = true
		}
	}
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op == ptx.OpShr && in.Guard < 0 && len(in.Ops) == 3 && in.Ops[0].Kind == ptx.OpdReg &&
			in.Ops[1].Kind == ptx.OpdReg && tidx[in.Ops[1].Reg] && in.Ops[2].Kind == ptx.OpdImm &&
			in.Ops[2].Imm >= 5 && in.Ops[2].Imm < 32 && writes[in.Ops[0].Reg] == 1 {
			out[in.Ops[0].Reg] = true
		}
	}
	return out
}

// oneDimCTA: the kernel's .reqntid or .maxntid has y and z of 1.
func oneDimCTA(f *ptx.Function) bool {
	for _, d := range [][]int{f.Perf.ReqNTid, f.Perf.MaxNTid} {
		if len(d) == 0 {
			continue
		}
		one := true
		for _, v := range d[1:] {
			one = one && v == 1
		}
		if one {
			return true
		}
	}
	return false
}
