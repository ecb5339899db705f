package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Shared atomics among the shared loads of the issue schedule's pass 1b
// (schedsmem.go). ptxas issues independent shared atomics ahead of the
// instructions that read earlier atomics' results, as it does LDS: the
// SASS of tools/microbench/atom7.cu's atom7_lane_used (ptxas 13.0,
// sm_90a, cuobjdump), whose PTX is 32 `atom.shared.add.u32 r_k, [a], v;
// xor acc, acc, r_k` pairs, is eight ATOMS.ADD back to back, then a LOP3
// folding the first two results, two more ATOMS, the next LOP3, ...: six
// to eight atomics in flight ahead of their folds. One warp then waits
// for the atomics' passes (atomserial.go: 61 cycles an atomic with the
// result dead, atom7_lane_dead_w1) and not for each result's latency
// (88 cycles, atom_shared_same_lat) before the next atomic: 65 cycles
// an atomic with the result used (atom7_lane_used_w1), where the PTX
// order would give the latency.
//
// The atomics that move are the ones ptxas emits as one ATOMS (atomPlain:
// not reduced in the warp nor expanded into a warp scan, atomserial.go,
// atomscan.go) on the CTA's own shared memory; like a load, one never
// passes another shared load or atomic, a store, a barrier or a fence
// (they end or share the block).

// plainSharedAtom reports whether the instruction at pc is such an
// atomic (atoms: atomReduced's marks by PC; nil: none is).
func plainSharedAtom(in *ptx.Inst, inf *exec.InstInfo, atoms []uint8, pc int) bool {
	if atoms == nil || pc >= len(atoms) || atoms[pc] != atomPlain {
		return false
	}
	return in.Op == ptx.OpAtom && in.Mods.Space == ptx.SpaceShared && !inf.DSMEM &&
		inf.Async == exec.AsyncNone && len(inf.Defs) > 0
}
