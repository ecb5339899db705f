package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Check chains (session 18, helper branch; validation/timing/branch18.md):
// a run of compare-and-branch pairs inside a loop that all branch to the
// same label (C's `if (v != 0) goto fail;` repeated, or one asm block of
// them), each compare on values the loop does not change. ptxas computes
// several of those compares before the loop into free predicate registers
// and leaves their pairs as `MOV; @Pk BRA` (stall 1 + 6: 7 cycles) where an
// unhoisted pair is `ISETP; MOV; BRA` (1 + 12 + 5: 18 cycles). cuobjdump of
// brnt8_nt16/_nt64 (ptxas 13.0 -arch=sm_90a, H200): six hoisted (P0..P5);
// brnt8_nm*/ns* (the chain as one PTX block, each value copied by a mov in
// the loop): four (P0..P3). The BRA of every not-taken pair has stall 5
// (6 after a hoisted compare), which is what branch_not_taken_cycles now
// measures once the hoisted pairs are modelled (before: 2, a fit that
// absorbed the hoisted pairs' missing predicate wait).
//
// chainHoists ranks, per PC, the guarded branches of such chains beyond
// the loop's first loop-invariant compare (predHoisted already takes that
// one): 1, 2, ... in PC order over the loop; 0 for every other PC. A branch
// whose rank is at most branch_chain_hoist_compares reads a predicate
// computed before the loop: it does not wait for its compare (sm.go).
// Only plain branches are ranked (shape): an ISETP.OR group's BRA waits
// for its chain (brnt8_na*: `ISETP.NE.OR P1 ...` S13, `@P1 BRA`), and
// merged, if-converted and jump-table branches have no BRA of their own.
// Invariance follows register copies, selps and setps made in the loop,
// and constants the loop stores for its next iteration (brnt8_nt*'s PTX
// sets each checked value to 0 at the loop's end: ptxas sets the hoisted
// predicates there with PLOP3).
func chainHoists(f *ptx.Function, infos []*exec.InstInfo, setp []bool, table, shape []uint8) []uint8 {
	n := len(infos)
	rank := make([]uint8, n)
	target := f.LabelTargets()
	type pair struct{ br, set int }
	// pairOf: the branch at pc and the setp (of its own stretch) defining its guard
	pairOf := func(pc int) (pair, bool) {
		in := &f.Insts[pc]
		if in.Op != ptx.OpBra || in.Guard < 0 || branchTarget(in, n+1) < 0 {
			return pair{}, false
		}
		if table != nil && (table[pc] == jtHead || table[pc] == jtFused) {
			return pair{}, false
		}
		j := guardDef(f, infos, pc)
		if j < 0 || f.Insts[j].Op != ptx.OpSetp || f.Insts[j].Guard >= 0 {
			return pair{}, false
		}
		return pair{pc, j}, true
	}
	// invariant: r is not written in [lo, hi] except by unguarded movs,
	// selps or setps of invariant registers or of immediates (a constant
	// stored on the back edge: ptxas sets the predicate there, PLOP3)
	var invariant func(r int32, lo, hi, depth int) bool
	invariant = func(r int32, lo, hi, depth int) bool {
		for j := lo; j <= hi; j++ {
			if !hasReg(infos[j].Defs, r) {
				continue
			}
			in := &f.Insts[j]
			if depth == 0 || in.Guard >= 0 || len(infos[j].Defs) != 1 ||
				(in.Op != ptx.OpMov && in.Op != ptx.OpSelp && in.Op != ptx.OpSetp) {
				return false
			}
			for k := 1; k < len(in.Ops); k++ {
				if o := &in.Ops[k]; o.Kind != ptx.OpdReg && o.Kind != ptx.OpdImm {
					return false // a special register (%clock64), an address
				}
			}
			for _, u := range infos[j].Uses {
				if !invariant(u, lo, hi, depth-1) {
					return false
				}
			}
		}
		return true
	}
	next := map[[2]int]uint8{} // per loop: the last rank given
	for pc := 0; pc < n; {
		p, ok := pairOf(pc)
		if !ok {
			pc++
			continue
		}
		// the chain: pairs to the same label, same sense, no label or other branch between
		in := &f.Insts[pc]
		tgt, neg := branchTarget(in, n+1), in.GuardNeg
		chain := []pair{p}
		end := pc
		for j := pc + 1; j < n && !target[j]; j++ {
			if infos[j].Pipe != ptx.PipeBranch {
				continue
			}
			q, ok2 := pairOf(j)
			if !ok2 || branchTarget(&f.Insts[j], n+1) != tgt || f.Insts[j].GuardNeg != neg || q.set <= end {
				break
			}
			chain = append(chain, q)
			end = j
		}
		pc = end + 1
		if len(chain) < 2 {
			continue
		}
		for _, c := range chain {
			if setp[c.set] {
				continue // the loop's first invariant compare (predbranch.go)
			}
			if shape[c.br] != brPlain {
				continue // an ISETP.OR group's BRA waits for its chain, or no BRA (brshape.go)
			}
			lo, hi := innerLoop(f, c.set, n)
			if lo < 0 {
				continue
			}
			inv := true
			for _, u := range infos[c.set].Uses {
				if !invariant(u, lo, hi, 3) {
					inv = false
					break
				}
			}
			if !inv {
				continue
			}
			k := [2]int{lo, hi}
			if next[k] < 255 {
				next[k]++
			}
			rank[c.br] = next[k]
		}
	}
	return rank
}
