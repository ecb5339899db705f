package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// descSector is the constant-bank sector of ptxas's global memory
// descriptor, the ULDC.64 / LDC.64 of c[0x0][0x208] every LDG / STG /
// ATOM / RED / LDGSTS names (desc[URx]); it shares the 32-byte sector
// with the first parameter bytes (0x210-0x21f).
const descSector = 0x200 / constSectorBytes

// descRegion is the PC at which ptxas issues f's descriptor load when it
// is not at the entry, or -1 (at the entry, or f touches no global
// memory through a descriptor).
//
// What the SASS in the tree shows (ptxas 13.0, sm_90a): ptxas loads the
// descriptor once, in the code that dominates every global access, and
// hoists it to the top of the kernel unless the way there crosses a
// barrier in a branch arm or a loop:
//   - at the top (among the first 8 instructions): sgp, psink / psinkx
//     (validation/timing/psink21_sass.txt), ldclat, brnt8, mbwait
//     (branch18_sass), tmai (tmai_sass_sep_n2.txt: its stores are in a
//     loop whose latch holds the bar.sync, and a bar.sync everyone passes
//     precedes the loop); gls (gls21_sass: in the entry block, before its
//     BAR.SYNC);
//   - after the join of tmaq's / tmaqx's barrier choice (`mc ?
//     barrier.cluster : bar.sync`, both arms barriers), right after the t0
//     %clock read that heads the block dominating the stores
//     (validation/timing/first18.md, tmaq and tmaqx SASS);
//   - right before the stores that follow a loop whose body holds a
//     BAR.SYNC: tbulk_* (tailbulk21_sass.txt.gz, after the loop and its
//     EXIT), mwake / mwaket (LDC.64 R22, c[0x0][0x208] before the
//     stamps' stores).
//
// So: D is the instruction dominating every global access; if a barrier
// lies on a way from the entry to D (reached without passing D) that
// does not dominate D or that is in a cycle of its own, the load is at
// the top of D's scheduling region (after the last barrier or %clock
// read of D's basic block before D, as a parameter's LDC: prod16.md),
// else at the entry.
func descRegion(f *ptx.Function) int32 {
	n := len(f.Insts)
	d, succ, idom := descDominator(f)
	if d <= 0 {
		return -1
	}
	// the instructions reached from the entry without passing d
	before := make([]bool, n)
	stack := []int{0}
	before[0] = true
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if pc == d {
			continue
		}
		for _, s := range succ[pc] {
			if !before[s] {
				before[s] = true
				stack = append(stack, int(s))
			}
		}
	}
	// the first loop on the way (its backward branch's target), n: none
	loop := n
	for pc := range f.Insts {
		if pc == d || !before[pc] || f.Insts[pc].Op != ptx.OpBra {
			continue
		}
		for _, s := range succ[pc] {
			if int(s) <= pc && int(s) != d && before[s] {
				loop = min(loop, int(s))
			}
		}
	}
	blocked := false
	for pc := range f.Insts {
		if pc != d && before[pc] && descBarrier(&f.Insts[pc]) && (!dominates(idom, pc, d) || loop <= pc) {
			blocked = true // a barrier in a branch arm, in a loop or after one
			break
		}
	}
	if !blocked {
		return -1
	}
	leader := blockLeaders(f)
	r := d
	for pc := d - 1; pc >= 0; pc-- {
		if paramSync(&f.Insts[pc]) {
			break
		}
		r = pc
		if leader[pc] {
			break
		}
	}
	return int32(r)
}

// descDominator is D above: the instruction dominating every global
// access of f (-1: none), with f's successors and immediate dominators.
func descDominator(f *ptx.Function) (int, [][]int32, []int32) {
	n := len(f.Insts)
	if n == 0 {
		return -1, nil, nil
	}
	succ := successors(f, n)
	var acc []int
	for pc := range f.Insts {
		if descAccess(&f.Insts[pc]) {
			acc = append(acc, pc)
		}
	}
	if len(acc) == 0 {
		return -1, succ, nil
	}
	idom := exec.ImmediateDominators(succ, 0)
	d := -1
	for _, pc := range acc {
		if idom[pc] < 0 {
			continue // unreachable
		}
		if d < 0 {
			d = pc
		} else {
			d = domMeet(idom, d, pc)
		}
	}
	return d, succ, idom
}

// descAtTop reports whether ptxas's ULDC.64 of the descriptor is among the
// first SASS instructions of the kernel, ahead of the first PTX one: D
// (descDominator) is reached from the entry without a branch. cuobjdump
// (tools/microbench/sgp32/sass_h200.ctrl.txt.gz): psink_post_cta_w1's
// guarded `p.out[1022] = x` on the main path puts `ULDC.64 UR4,
// c[0x0][0x208]` second, after `LDC R1, c[0x0][0x28]`; psink_lat_post_cta_w1
// and barprobe, whose stores are all in lane 0's block, have it there.
func descAtTop(f *ptx.Function) bool {
	d, _, _ := descDominator(f)
	if d < 0 {
		return false
	}
	for pc := 0; pc < d; pc++ {
		if f.Insts[pc].Op == ptx.OpBra {
			return false
		}
	}
	return true
}

// descAccess is an instruction whose SASS names the memory descriptor: a
// global or generic ld / st / atom / red / prefetch, or a non-bulk
// cp.async (LDGSTS). Bulk and tensor copies name no descriptor.
func descAccess(in *ptx.Inst) bool {
	switch in.Op {
	case ptx.OpLd, ptx.OpLdu, ptx.OpSt, ptx.OpAtom, ptx.OpRed, ptx.OpPrefetch:
		if in.Op == ptx.OpPrefetch && strings.Contains(in.Text, "tensormap") {
			return false
		}
		return in.Mods.Space == ptx.SpaceGlobal || in.Mods.Space == ptx.SpaceNone
	case ptx.OpCp:
		return strings.HasPrefix(in.Text, "cp.async.ca.") || strings.HasPrefix(in.Text, "cp.async.cg.")
	}
	return false
}

// descBarrier: a CTA or cluster barrier instruction (any form).
func descBarrier(in *ptx.Inst) bool {
	return in.Op == ptx.OpBar || in.Op == ptx.OpBarrier
}

// domMeet is the nearest common dominator of a and b.
func domMeet(idom []int32, a, b int) int {
	anc := map[int]bool{}
	for x := a; ; x = int(idom[x]) {
		anc[x] = true
		if x == 0 {
			break
		}
	}
	for x := b; ; x = int(idom[x]) {
		if anc[x] {
			return x
		}
		if x == 0 {
			return 0
		}
	}
}

// dominates reports whether a dominates b.
func dominates(idom []int32, a, b int) bool {
	for x := b; ; x = int(idom[x]) {
		if x == a {
			return true
		}
		if x == 0 || x < 0 {
			return false
		}
	}
}
