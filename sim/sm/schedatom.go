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

// Register arithmetic across shared atomics (the issue schedule's pass 2,
// schedrun.go). ptxas moves independent register work, shuffles
// included, over a shared atomic whose result nothing reads: the SHFL of
// tools/microbench/warp11.cu's warp11_shfl_atom pairs (`shfl.sync.bfly x_k;
// atom.shared.add _, [lane word], x_k`, 16 chains) pass one pair per 8.2
// cycles on one warp (H200 and H100: 0.1223 pairs a cycle), the rate of
// 32 warps on one sub-partition's MIO (warp11_shfl_atom_w32: 0.48 pairs
// an SM cycle, 8.3 a sub-partition), where the PTX order waits a SHFL's
// latency (24 cycles) before each atomic and the next SHFL behind it
// (28 cycles a pair, -71%). Such an atomic joins the runs of movable
// instructions as a bulk store does (runAtoms' marks go with
// runStores'): the atomics keep their order and issue after the run's
// ready arithmetic; their address and value registers order them as
// usual. An atomic whose result is read stays a run's end (its readers
// wait for it: schedsmem.go places those).

// runAtoms marks, per PC, the plain shared atomics (plainSharedAtom) of
// f whose result no instruction reads; nil when there is none.
func runAtoms(f *ptx.Function, infos []*exec.InstInfo, atoms []uint8) []bool {
	var out []bool
	var read []bool
	for pc := range infos {
		if !plainSharedAtom(&f.Insts[pc], infos[pc], atoms, pc) {
			continue
		}
		if read == nil {
			read = readRegs(f, infos)
		}
		dead := true
		for _, r := range infos[pc].Defs {
			if int(r) >= len(read) || read[r] {
				dead = false
			}
		}
		if !dead {
			continue
		}
		if out == nil {
			out = make([]bool, len(infos))
		}
		out[pc] = true
	}
	return out
}
