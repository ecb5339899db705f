package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Shared loads ahead of the readers of earlier shared loads (the issue
// schedule's pass 1b, sched.go, over pass 1's order). ptxas issues
// a straight-line block's next LDS before the arithmetic that reads the
// previous LDS's values: the SASS of tools/microbench/smem_ld.cu (ptxas
// 13.0 sm_90a, cuobjdump) chases `ld.shared.v4 {a, t0, t1, t2}, [a]`
// followed in the PTX by `junk ^= t0 ^ t1 ^ t2`, and ptxas emits
// `LDS.128 R12, [R8]; LOP3 (R9, R10 of the load before); LDS.128 R32,
// [R12]; LOP3; LOP3 (R13..R15); LDS.128 R16, [R32]; ...`: each LDS right
// behind the one it depends on, the folds of a load after the next load,
// so that the chain costs the load latency alone (smem_ld128_s1_lat:
// 32.88 cycles a load on the H200 against 29.34 for the 32-bit loads of
// the same four wavefronts, smem_ld32_s4_lat, where the folds issued
// first would add two LOP3 latencies). The four-chain throughput loops
// interleave the same way (`LDS; LOP3; LDS; LOP3; LOP3; ...`), and the
// 64-bit chase issues LDS.64 k+2 before the LOP3 that folds loads k and
// k+1.
//
// ptxas batches independent shared loads instead: mbar_pipeline_2's
// eight `ld.shared.u32` of one stage, each followed in the PTX by its
// cvt/add folds, are eight LDS back to back and then the folds (SASS,
// ptxas 13.0), and so are cluster_reduce's four loads of its sum loop
// (vectorized there) and fma_tput's reduction of its LDS.64 timestamps.
//
// The rule, within a block, for each shared load L after the first
// (instructions that wait, directly or through others, for a shared load
// of the block are its "readers"):
//   - L reads a value of the block's previous shared load P (a chase): L
//     moves up over the instructions that wait for P, no further (the
//     folds of the load before P stay ahead of L: at most two loads'
//     values wait in registers, as in the chase's SASS);
//   - else L moves up over every instruction that waits for a shared load
//     of the block, while the registers of the block's loads whose values
//     are still to be read stay within loadCap (16, as for global loads,
//     schedload.go) with L's; smem_ld128's four-chain throughput loop
//     then keeps four loads ahead, ptxas five.
// L never passes another load, an instruction that does not wait for a
// load, one that writes a register L reads, or one that reads or writes
// a register L writes; nothing passes the block's first instruction.
//
// ldmatrix moves the same way (mio helper, session 23): shflq12.cu's
// background rounds of 4 independent ldmatrix.x4, each followed in the
// PTX by 4 xor folds into one accumulator, kept one LDSM in flight per
// warp when it did not, and the SHFL chain behind 7 / 31 such warps ran
// at 25.8 / 111 cycles a step against the GPU's 38.1 / 130 (the GPU's
// port as loaded as the 4-loads-ahead order gives: shflq12_ldsm_w32
// 131.7 with it, +1.2%, before the per-warp bound of mioqueue.go).
// A block is a run of weak ld.shared (the CTA's own shared memory) or
// ldmatrix and register arithmetic
// (loadClass 1), ended by anything else (a shared or global store, a
// barrier, a fence, an atomic, a global load, a branch, %clock64) and by
// a branch target: a shared load never passes a store, a barrier or a
// fence, and a microbenchmark's %clock64 reads keep their places.

// smemLoad reports whether in is a weak load of the CTA's shared memory.
func smemLoad(in *ptx.Inst, inf *exec.InstInfo) bool {
	if in.Op == ptx.OpLdmatrix && !inf.DSMEM && len(inf.Defs) > 0 {
		return true // ldmatrix: batched as ld.shared (see below)
	}
	return in.Op == ptx.OpLd && in.Mods.Space == ptx.SpaceShared && !inf.DSMEM &&
		inf.Async == exec.AsyncNone && len(inf.Defs) > 0 &&
		(in.Mods.Sem == ptx.SemNone || in.Mods.Sem == ptx.SemWeak)
}

// smemLoadOrder returns order (the PC at each slot; nil: the PTX order)
// with shared loads moved ahead of earlier loads' readers, or nil
// when nothing moves. atoms (atomReduced's marks; nil: none) adds the
// shared atomics ptxas issues as one ATOMS each (schedatom.go) to the
// loads; folds is addrFolds' result for f.
func smemLoadOrder(f *ptx.Function, infos []*exec.InstInfo, order []int32, atoms []uint8, folds []bool) []int32 {
	load := make([]bool, len(infos))
	for pc := range load {
		load[pc] = smemLoad(&f.Insts[pc], infos[pc]) || plainSharedAtom(&f.Insts[pc], infos[pc], atoms, pc)
	}
	inBlock := func(pc int32) bool { return load[pc] || loadClass(&f.Insts[pc], infos[pc]) == 1 }
	return reorderBlocks(f, infos, order, inBlock, 3, func(block []int32) []int32 { return smemRun(infos, block, load, folds) })
}

// smemRun reorders one block (the PCs in issue order; isLoad and folded,
// addrfold.go's address adds, by PC): nil when nothing moves.
func smemRun(infos []*exec.InstInfo, block []int32, isLoad, folded []bool) []int32 {
	n := len(block)
	load := make([]bool, n)
	// waits[j]: the latest shared load of the block (its index in block)
	// that block[j] waits for, directly or through other instructions
	// (-1: none); readers[j]: for a load, the instructions that read its
	// values (indices in block)
	waits := make([]int, n)
	readers := make([][]int, n)
	byReg := map[int32]int{}   // the latest load a register's value waits for
	lastDef := map[int32]int{} // the index of a register's last writer
	for j, pc := range block {
		inf := infos[pc]
		load[j] = isLoad[pc]
		w := -1
		for _, r := range inf.Uses {
			if v, ok := byReg[r]; ok && v > w {
				w = v
			}
			if d, ok := lastDef[r]; ok && load[d] && !slices.Contains(readers[d], j) {
				readers[d] = append(readers[d], j)
			}
		}
		waits[j] = w
		for _, r := range inf.Defs {
			byReg[r] = w
			if load[j] {
				byReg[r] = j
			}
			lastDef[r] = j
		}
	}
	out := make([]int, 0, n) // indices in block, in issue order
	pos := make([]int, n)    // the position of each placed index in out
	prevLoad := -1
	moved := false
	for j := 0; j < n; j++ {
		at := len(out)
		if folded[block[j]] && waits[j] < 0 {
			// an address add ptxas folds into a load's offset (no SASS:
			// addrfold.go) waits for no load: it moves up over the
			// readers of earlier loads, so that its load can follow
			// (shflq13.cu's `add.s32 a', a, 16; ld.shared.v4 [a']`
			// after the folds of the load at a: LDS.128 [R31+UR5+0x10]
			// right behind LDS.128 [R31+UR5] in its SASS)
			inf := infos[block[j]]
			for at > 0 {
				k := out[at-1]
				if load[k] || waits[k] < 0 || !independent(inf, infos[block[k]]) {
					break
				}
				at--
			}
		}
		if load[j] && prevLoad >= 0 {
			inf := infos[block[j]]
			chase := waits[j] == prevLoad
			for at > pos[prevLoad]+1 {
				k := out[at-1]
				if load[k] || !independent(inf, infos[block[k]]) {
					break
				}
				if chase && waits[k] != prevLoad || !chase && waits[k] < 0 {
					break
				}
				if !chase && smemInFlight(infos, block, load, readers, out, pos, j, at-1)+smemRegs(inf) > loadCap {
					break
				}
				at--
			}
		}
		moved = moved || at < len(out)
		out = slices.Insert(out, at, j)
		for k := at; k < len(out); k++ {
			pos[out[k]] = k
		}
		if load[j] {
			prevLoad = j
		}
	}
	if !moved {
		return nil
	}
	run := make([]int32, n)
	for k, j := range out {
		run[k] = block[j]
	}
	return run
}

// smemInFlight is the registers of the block's shared loads placed
// before position at of out whose values an instruction at or after at,
// or one of the block after cur, still has to read (cur, the load being
// placed, does not count as a reader).
func smemInFlight(infos []*exec.InstInfo, block []int32, load []bool, readers [][]int, out, pos []int, cur, at int) int {
	regs := 0
	for _, q := range out[:at] {
		if !load[q] {
			continue
		}
		for _, r := range readers[q] {
			if r != cur && (r > cur || pos[r] >= at) {
				regs += smemRegs(infos[block[q]])
				break
			}
		}
	}
	return regs
}

// independent reports whether a (a load) may issue before b: it reads no
// register b writes and writes none b reads or writes.
func independent(a, b *exec.InstInfo) bool {
	for _, r := range a.Uses {
		for _, d := range b.Defs {
			if r == d {
				return false
			}
		}
	}
	for _, r := range a.Defs {
		for _, u := range b.Uses {
			if r == u {
				return false
			}
		}
		for _, d := range b.Defs {
			if r == d {
				return false
			}
		}
	}
	return true
}
