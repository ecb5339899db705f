package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
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
// model's broadcast count. The reduction itself (S2R SR_LANEID,
// REDUX.SUM, VOTEU.ANY, UFLO, ISETP, IMAD.U32) comes once per stretch,
// before its first such atomic: atom_reduce_cycles (reduceReady). With the
// result read and an add of 32-bit integers, ptxas emits a warp scan of
// shuffles around the atomic instead (atomscan.go, atom7_const_used_*).

// Shared atomics as ptxas lowers them, by PC (atomReduced).
const (
	atomPlain          uint8 = iota
	atomReduce               // reduced in the warp, one lane's ATOMS
	atomReduceHead           // the same, first of its stretch with its operand: REDUX.SUM before it
	atomReduceHeadLane       // the same, and the stretch's S2R SR_LANEID with it (s2rStretchAtoms)
	atomScan                 // used result: ptxas's warp scan (atomscan.go)
)

// s2rStretchAtoms: ptxas 13.0 keeps the S2R SR_LANEID of the lane
// election in the loop body, once per iteration before the first REDUX.SUM,
// when the stretch holds 32 or 128 warp-reduced atomics (the SASS timed
// loops of atom7_const_dead, atom7_param_dead, atom11_dist_dead,
// atom17_const_dead, atom15_red32, atom15_red128: one S2R each) and hoists
// it out of the loop at 8 (atom15_red8); the cut between is not measured.
// S2R is an LSU-pipe (MIO) instruction (ncu: smsp__inst_executed_pipe_lsu
// counts one per iteration of atom7_const_dead_w32, 4416 = 128 x 33 + 192)
// and holds the sub-partition's shared-memory pipe s2r_interval_cycles
// (reduceReady, and the warp scan's S2R: atomscan.go).
const s2rStretchAtoms = 16

// atomReduced marks, by PC, the shared atomics and reductions of f that
// ptxas reduces in the warp: the address is warp-uniform (its register
// uniform, or a symbol) and the result unused (red, a `_` sink, or a
// register no instruction of f reads). ptxas computes the REDUX.SUM of a
// register operand once per straight-line stretch (SASS of
// atom7_const_dead: one REDUX.SUM per loop iteration of 32 atomics): the
// first such atomic of a stretch with a given operand register is the
// head; an immediate operand needs no REDUX (a POPC of the vote). A used
// result at a warp-uniform address of an add of 32-bit integers is the
// warp scan (atomScan). uni is uniformRegs' result for f.
func atomReduced(f *ptx.Function, infos []*exec.InstInfo, uni []bool) []uint8 {
	n := len(infos)
	out := make([]uint8, n)
	var read []bool
	// stretch boundaries: after a branch, at a label
	label := make([]bool, n+1)
	for _, pc := range f.Labels {
		if pc >= 0 && pc <= n {
			label[pc] = true
		}
	}
	type head struct {
		reg       int32
		block, pc int
	}
	var heads []head
	nReduced := map[int]int{} // warp-reduced atomics by stretch
	block := 0
	lastDef := map[int32]int{}
	for pc := range f.Insts {
		if label[pc] || pc > 0 && infos[pc-1].Pipe == ptx.PipeBranch {
			block++
		}
		in := &f.Insts[pc]
		if in.Op != ptx.OpAtom && in.Op != ptx.OpRed {
			for _, r := range infos[pc].Defs {
				lastDef[r] = pc
			}
			continue
		}
		if sp := in.Mods.Space; sp != ptx.SpaceShared && sp != ptx.SpaceSharedCluster {
			for _, r := range infos[pc].Defs {
				lastDef[r] = pc
			}
			continue
		}
		if read == nil {
			read = readRegs(f, infos)
		}
		dead := in.Op == ptx.OpRed
		addrUniform := false
		val := int32(-1)
		for i := range in.Ops {
			o := &in.Ops[i]
			switch {
			case i == 0 && in.Op == ptx.OpAtom:
				dead = o.Kind == ptx.OpdSink || o.Kind == ptx.OpdReg && o.Reg >= 0 && int(o.Reg) < len(read) && !read[o.Reg]
			case o.Kind == ptx.OpdAddr:
				addrUniform = o.Reg < 0 || int(o.Reg) < len(uni) && uni[o.Reg]
			case o.Kind == ptx.OpdReg && i == len(in.Ops)-1:
				val = o.Reg
			}
		}
		switch {
		case dead && addrUniform:
			out[pc] = atomReduce
			nReduced[block]++
			if val >= 0 {
				seen := false
				for _, h := range heads {
					if h.reg == val && h.block == block {
						if d, ok := lastDef[val]; !ok || d < h.pc {
							seen = true
						}
					}
				}
				if !seen {
					out[pc] = atomReduceHead
					heads = append(heads, head{val, block, pc})
				}
			}
		case addrUniform && in.Op == ptx.OpAtom && in.Mods.Sub == "add" && len(in.Ops) == 3 && scanType(in):
			out[pc] = atomScan
		}
		for _, r := range infos[pc].Defs {
			lastDef[r] = pc
		}
	}
	// the stretch's first head carries its S2R SR_LANEID, when ptxas keeps it there
	lane := map[int]bool{}
	for _, h := range heads {
		if !lane[h.block] && nReduced[h.block] >= s2rStretchAtoms {
			lane[h.block] = true
			out[h.pc] = atomReduceHeadLane
		}
	}
	return out
}

// scanType: a 32-bit integer add (ptxas's scan adds with IADD).
func scanType(in *ptx.Inst) bool {
	for _, t := range in.Mods.Types {
		if t != ptx.U32 && t != ptx.S32 {
			return false
		}
	}
	return len(in.Mods.Types) > 0
}

// reduceReady: a stretch's first warp-reduced atomic waits for ptxas's
// REDUX.SUM chain before its ATOMS (S2R SR_LANEID, REDUX.SUM, VOTEU.ANY,
// UFLO, ISETP, IMAD.U32: atom7_const_dead's SASS, once per loop iteration
// of 32 atomics). The REDUX.SUM issues when the warp reaches the atomic
// (at, or now if later), its sub-partition's shared-memory pipe is free
// and the warp's last REDUX allows, and holds that pipe
// redux_interval_cycles (warppipe.go: 8 warps a sub-partition with 8
// atomics an iteration, atom15_red8_w32, take 1.235 SM-cycles an atomic:
// 39.5 sub-partition cycles an iteration for 8 ATOMS of 4 and one REDUX
// of 8); the ATOMS waits atom_reduce_cycles after the REDUX's issue, or
// atom_reduce_nolane_cycles when ptxas read the lane's S2R before the loop
// (session 23: atom15_red8's SASS puts the REDUX 11 cycles of fixed stalls
// and the REDUX's result wait ahead of the IMAD.U32 (stall 12) before the
// first ATOMS, where the S2R of a 32-atomic stretch, issued with the
// REDUX, feeds the lane election's ISETP.EQ; validation/timing/i64_23.md). ok
// false for other instructions. The pipe is taken only once the REDUX
// can issue (now): until then the answer is when it could.
func (s *SM) reduceReady(sp *subPart, ws *warpState, ti *exec.InstInfo, at, now engine.Cycle) (engine.Cycle, bool) {
	if s.cfg.AtomReduceCycles <= 0 || !s.code.low.reduceHead(ti) {
		return 0, false
	}
	if ws.reduxFor != ti {
		r := max(at, now)
		if b := engine.Cycle(s.cfg.ReduxIntervalCycles); b > 0 {
			r = max(r, sp.pipeFree[ptx.PipeShared], ws.reduxFree)
			if r > now {
				return r, true // the REDUX waits (ask again then)
			}
			if s.code.low.reduceLaneHead(ti) {
				b += engine.Cycle(s.cfg.S2RIntervalCycles) // its S2R SR_LANEID (s2rStretchAtoms)
			}
			sp.pipeFree[ptx.PipeShared] = r + b
			s.Stats.PipeBusy[ptx.PipeShared] += int64(b)
			ws.reduxFree = r + engine.Cycle(s.cfg.ReduxWarpIntervalCycles)
		}
		d := s.cfg.AtomReduceCycles
		if s.cfg.AtomReduceNoLaneCycles > 0 && !s.code.low.reduceLaneHead(ti) {
			// the lane's S2R was read before the loop (s2rStretchAtoms)
			d = s.cfg.AtomReduceNoLaneCycles
		}
		ws.reduxFor, ws.reduxAt = ti, r+engine.Cycle(d)
	}
	return ws.reduxAt, true
}

// readRegs marks, by register, the registers some instruction of f reads.
func readRegs(f *ptx.Function, infos []*exec.InstInfo) []bool {
	read := make([]bool, len(f.Regs))
	for _, inf := range infos {
		for _, u := range inf.Uses {
			if int(u) < len(read) {
				read[u] = true
			}
		}
	}
	return read
}
