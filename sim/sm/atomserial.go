package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Same-word shared atomics. The hardware serialises the lanes of a warp's
// atom.shared that hit one word: one pass (wavefront) per lane request
// (ncu on an H200: 32 wavefronts per warp-instruction, microbench
// atom7_lane_* and atom_shared_same_*), each pass adding
// smem_latency_per_wavefront_cycles to the result (atom_shared_same_lat:
// 88 cycles) and one cycle of the shared-memory port (_same_tput: 32 cycles
// per warp-instruction at 32 warps). A warp's next same-word atomic waits
// for those passes (atom7_lane_dead_w1 / _used_w1: 61 / 65 cycles per
// independent atomic of one warp).
//
// ptxas avoids that when it can: for an atomic whose address it knows to be
// warp-uniform (uniform.go) and whose result is never read, it reduces the
// lanes' operands in the warp (REDUX.SUM) and one elected lane does the
// atomic: one wavefront (atom7_const_dead_*, atom7_param_dead_*; the
// atomicAdd of mbar_pipeline_* on a fixed word). Those keep the bank
// model's broadcast count. (With the result read, ptxas emits a warp scan
// of shuffles around the atomic, ~22 SASS instructions and ~10 wavefronts
// per atomic on the H200, atom7_const_used_*: not modelled; they keep the
// broadcast count as well.)

// atomReduced marks, by PC, the shared atomics and reductions of f that
// ptxas reduces in the warp: the address is warp-uniform (its register
// uniform, or a symbol) and the result unused (red, a `_` sink, or a
// register no instruction of f reads).
func atomReduced(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	var uni []bool
	var read []bool
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpAtom && in.Op != ptx.OpRed {
			continue
		}
		if sp := in.Mods.Space; sp != ptx.SpaceShared && sp != ptx.SpaceSharedCluster {
			continue
		}
		if uni == nil {
			uni = uniformRegs(f, infos, len(f.Regs))
			read = make([]bool, len(f.Regs))
			for _, inf := range infos {
				for _, u := range inf.Uses {
					if int(u) < len(read) {
						read[u] = true
					}
				}
			}
		}
		dead := in.Op == ptx.OpRed
		addrUniform := false
		for i := range in.Ops {
			o := &in.Ops[i]
			switch {
			case i == 0 && in.Op == ptx.OpAtom:
				dead = o.Kind == ptx.OpdSink || o.Kind == ptx.OpdReg && o.Reg >= 0 && int(o.Reg) < len(read) && !read[o.Reg]
			case o.Kind == ptx.OpdAddr:
				addrUniform = o.Reg < 0 || int(o.Reg) < len(uni) && uni[o.Reg]
			}
		}
		out[pc] = dead && addrUniform
	}
	return out
}
