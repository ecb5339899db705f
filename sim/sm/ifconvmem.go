package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Guarded memory instructions of if-converted blocks (session 34, lane
// m14; validation/timing/m1434.md).
//
// ptxas if-converts a forward branch over a single plain global store,
// `setp; @p bra L; st.global [a], v; L:`, into `ISETP; @!P0 STG` with
// no BRA (gmem_chase_hist_16k's `if (i < 1024) lat[i] = t`: SASS
// 0x08f0, validation/timing/m1433_gmem_chase_sass.txt.gz), and does the
// same with a few instructions of address arithmetic before the store
// (storeBlock, storeConvMax: the model takes the lone store only), like
// the register arithmetic and the parameter-pointer stores brShapes
// already if-converts.
//
// A predicated global or shared memory instruction reads its guard as a
// branch does: it issues the compare's latency plus
// branch_predicate_cycles after the compare. The SASS stall counts of
// the corpus (tools/microbench/m1434/corpus_h200.txt, predcost.py): from
// the ISETP that writes the guard to the predicated STG, STS, LDS,
// ATOMS, LDC, REDG never fewer than 13 cycles (2,400 instructions; 3
// exceptions at 8, 9 and 12), against 7 for a predicated SYNCS (mbarrier
// arrive: left alone) and 2 for predicated register arithmetic (left
// alone too: ptxas hoists those compares, brnt8_tk). ifConvHold already
// charged the wait to a skipped parameter LDC (ldclat). It applies
// whether the block runs or is skipped (the SASS issues the instruction
// either way: the probe's loop with half its stores predicated off runs
// as fast as with all on, 39.06 / 39.12 cycles, m1434.md).

// storeConvMax: the longest guarded store block (PTX instructions, the
// store included) the model if-converts. The corpus (m1434.md: ptxas
// 13.0 of the 273 microbenchmark and corpus kernels with guarded memory
// blocks, each PTX block matched to its function's SASS,
// tools/microbench/m1434/corpus_h200.txt) has ptxas predicate blocks of
// address arithmetic and one st.global of 1..6 instructions wherever the
// match is clear (323 of 324; lengths 1, 2, 4, 5, 6: 1, 10, 100, 182,
// 29; at 7 most keep their BRA, 21 of 34), arithmetic and one st.shared
// 23 of 23. The model takes only the lone st.global so far: at 6 (tried,
// m1434.md) the fitted groups atom_reduce_nolane, ld_bypass_interval and
// s2r_interval (H100) refit to other values and a dozen residuals move,
// which is a refit for the lead, not this lane.
const storeConvMax = 1

// storeBlock reports whether the guarded block [lo, hi) is at most
// storeConvMax instructions: unguarded register arithmetic (movable),
// then one plain st.global (no async proxy) ending it.
func storeBlock(f *ptx.Function, infos []*exec.InstInfo, target []bool, lo, hi int) bool {
	if hi-lo < 1 || hi-lo > storeConvMax || hi > len(infos) {
		return false
	}
	for j := lo; j < hi; j++ {
		in, inf := &f.Insts[j], infos[j]
		if target[j] || in.Guard >= 0 || inf == nil {
			return false
		}
		if j < hi-1 {
			if !movable(inf, in) {
				return false
			}
			continue
		}
		return in.Op == ptx.OpSt && in.Mods.Space == ptx.SpaceGlobal && inf.Async == exec.AsyncNone
	}
	return false
}

// guardedMem: an instruction that reads its guard predicate as a branch
// does when predicated (global or shared memory, parameter loads).
func guardedMem(inf *exec.InstInfo) bool {
	return inf != nil && (inf.Pipe == ptx.PipeGlobal || inf.Pipe == ptx.PipeShared)
}

// ifConvGuards fills out.guard and out.fill: for each memory
// instruction of an if-converted block (brIfConv), the guard register of
// its branch plus one (0: none), and for the block's last one the issue
// slots of the register arithmetic after the block that ptxas moves
// above it into the guard's wait (ifFill).
func ifConvGuards(f *ptx.Function, infos []*exec.InstInfo, out *brShapeInfo) {
	for b, sh := range out.shape {
		if sh != brIfConv || f.Insts[b].Guard < 0 {
			continue
		}
		last := int32(-1)
		for pc := out.skipLo[b]; pc < out.skipHi[b]; pc++ {
			if guardedMem(infos[pc]) {
				if out.guard == nil {
					out.guard, out.fill = make([]int32, len(infos)), make([]uint8, len(infos))
				}
				out.guard[pc], last = f.Insts[b].Guard+1, pc
			}
		}
		if last >= 0 {
			out.fill[last] = guardFill(f, infos, int(out.skipLo[b]), int(out.skipHi[b]))
		}
	}
}

// guardFill: the issue slots of the instructions from hi (the block
// [lo, hi)'s join) that ptxas issues above the block's predicated memory
// instruction, inside its guard's wait: unguarded register arithmetic
// (movable), not a compare (the loop's ISETP stays after the STG in
// gmem_chase_hist_16k's SASS), reading nothing the block writes, up to
// the next label other than the join, branch or other instruction.
// gmem_chase_hist_16k: the counter's VIADD and the address's
// UIADD3 / UIADD3.X (the PTX's add.s32 and add.s64 after the block) sit
// between the ISETP and the `@!P0 STG`, whose stall count is the
// compare's 13 cycles.
func guardFill(f *ptx.Function, infos []*exec.InstInfo, lo, hi int) uint8 {
	target := f.LabelTargets()
	wrote := map[int32]bool{}
	for j := lo; j < hi; j++ {
		for _, r := range infos[j].Defs {
			wrote[r] = true
		}
	}
	n := 0
	for j := hi; j < len(infos) && n < 255; j++ {
		in, inf := &f.Insts[j], infos[j]
		if (j > hi && target[j]) || in.Guard >= 0 || in.Op == ptx.OpSetp || !movable(inf, in) {
			break
		}
		for _, r := range inf.Uses {
			if wrote[r] {
				return uint8(n)
			}
		}
		n += int(inf.Slots)
	}
	return uint8(min(n, 255))
}

// ifGuardReady: when the memory instruction of entry en may issue after
// its if-converted guard (0: no guard).
func (s *SM) ifGuardReady(ws *warpState, en *schedEntry) engine.Cycle {
	if en.ifGuard == 0 {
		return 0
	}
	return ws.reg(en.ifGuard-1) + engine.Cycle(s.cfg.BranchPredicateCycles) - engine.Cycle(en.ifFill)
}

// ifConvJoins' marks.
const (
	joinConvBra uint8 = 1 << iota // an if-converted branch
	joinLabel                     // a label only if-converted branches reach
)

// ifConvJoins marks f's if-converted branches (brIfConv: no BRA in SASS)
// and the labels only such branches reach: ptxas's block runs straight
// through them, so a loop around them is straight-line for loophoist.go
// (gmem_chase_hist_16k: the counter's VIADD and the closing ISETP sit
// above and right after the predicated STG). nil when f has none.
func ifConvJoins(f *ptx.Function, ent []schedEntry) []uint8 {
	n := len(ent)
	var joined []uint8
	refs := branchRefs(f, n)
	conv := make(map[int]int)
	for b := range ent {
		if ent[b].shape != brIfConv {
			continue
		}
		if joined == nil {
			joined = make([]uint8, n)
		}
		joined[b] |= joinConvBra
		if t := branchTarget(&f.Insts[b], n+1); t >= 0 && t < n {
			conv[t]++
		}
	}
	for t, k := range conv {
		if refs[t] == k {
			joined[t] |= joinLabel
		}
	}
	return joined
}
