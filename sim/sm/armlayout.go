package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// ptxas's layout of an if / else-if chain's arms (timing only). nvcc
// writes `if (a) R; else if (b) B; else S;` (the t6st_* loops,
// tools/microbench/gen6_tma.py: R a tensor reduction, B a bulk store, S a
// tensor store) as a chain of branches, the fall-through arm, then the
// taken arms in the order of their branches, the last one falling into
// the join:
//
//	@p1 bra R;  setp p2;  @p2 bra S;
//	B...;  bra.uni J;
//	R: R...;  bra.uni J;
//	S: S...;                          (falls into J)
//	J:
//
// ptxas lays the taken arms out in the reverse order: B, S, R, J
// (cuobjdump of t6st_bulk_p4, ptxas 13.0 sm_90a, every one of the loop's
// 4 + 2 + 1 operations: `@!P1 BRA R; ISETP; @P0 BRA S; UBLKCP; BRA J;
// S: UTMASTG; BRA J; R: ELECT loop UTMAREDG (falls into J)`;
// validation/timing/tailbulk21_sass2.txt.gz). That is the reverse
// post-order of the control flow when the depth-first walk visits a
// branch's target before its fall-through, which is the PTX order for a
// single if / else and for loops, and differs in a chain of two or more
// branches: the first branch's arm is laid out last, right before the
// join. So:
//   - the arm that falls into the join in the PTX (S), when it is not the
//     first branch's, ends with a BRA to the join in SASS, taken by every
//     lane that runs the arm (armBra: one more issue slot, the branch
//     pipe's latency, and the bulk rule of a taken branch after a store,
//     tma_hold.go);
//   - the first branch's arm (R) ends with the `bra.uni J` the PTX has,
//     and SASS falls into the join instead: no BRA (brMerged).
//
// Only chains whose arms are straight blocks (no label or branch inside
// but the arm's closing `bra.uni J`), each entered only by its branch,
// are read; anything else keeps the PTX order.

// armLayout returns, per PC of f, the branches with no SASS (the first
// branch's arm's closing bra.uni) and the last PCs of the arms ptxas ends
// with a BRA to the join.
func armLayout(f *ptx.Function) (merged, armBra []bool) {
	n := len(f.Insts)
	merged, armBra = make([]bool, n), make([]bool, n)
	target := f.LabelTargets()
	refs := branchRefs(f, n)
	uncond := func(pc int) bool {
		in := &f.Insts[pc]
		return in.Op == ptx.OpBra && in.Guard < 0
	}
	// armEnd: the arm starting at lo runs to its closing bra.uni (returns
	// its PC and the join) or falls into a label (returns -1 and that PC)
	armEnd := func(lo int) (bra, join int) {
		for j := lo; j < n; j++ {
			if j > lo && target[j] {
				return -1, j
			}
			in := &f.Insts[j]
			switch in.Op {
			case ptx.OpBra:
				if in.Guard >= 0 {
					return -2, -1
				}
				return j, branchTarget(in, n+1)
			case ptx.OpRet, ptx.OpExit, ptx.OpCall, ptx.OpTrap:
				return -2, -1
			}
		}
		return -2, -1
	}
	for b1 := 0; b1 < n; b1++ {
		in := &f.Insts[b1]
		if in.Op != ptx.OpBra || in.Guard < 0 {
			continue
		}
		// the chain: guarded forward branches with only other
		// instructions between them, no label
		brs := []int{b1}
		j := b1 + 1
		for ; j < n && !target[j]; j++ {
			x := &f.Insts[j]
			if x.Op == ptx.OpBra && x.Guard >= 0 {
				brs = append(brs, j)
				continue
			}
			if x.Op == ptx.OpBra || x.Op == ptx.OpRet || x.Op == ptx.OpExit || x.Op == ptx.OpCall || x.Op == ptx.OpTrap {
				break
			}
		}
		if len(brs) < 2 || j >= n || !uncond(j) {
			continue
		}
		// j: the fall-through arm's bra.uni J
		join := branchTarget(&f.Insts[j], n+1)
		if join <= j {
			continue
		}
		// the taken arms, in PTX order from j+1 to the join
		arms := map[int]int{} // arm start -> its bra.uni PC, or -1: falls into the join
		at, ok := j+1, true
		for ok && at < join {
			bra, end := armEnd(at)
			switch {
			case bra >= 0 && end == join:
				arms[at] = bra
				at = bra + 1
			case bra == -1 && end == join:
				arms[at] = -1
				at = join
			default:
				ok = false
			}
			if ok && !target[at] && at < join {
				ok = false // arms start at labels
			}
		}
		if !ok || at != join || len(arms) != len(brs) {
			continue
		}
		last := -1 // the arm falling into the join
		for _, t := range brs {
			tgt := branchTarget(&f.Insts[t], n+1)
			bra, isArm := arms[tgt]
			if !isArm || refs[tgt] != 1 {
				ok = false
				break
			}
			if bra == -1 {
				last = tgt
			}
		}
		if !ok || last < 0 {
			continue
		}
		first := branchTarget(&f.Insts[b1], n+1)
		if first == last {
			continue // laid out as in the PTX
		}
		merged[arms[first]] = true
		armBra[join-1] = true
		b1 = brs[len(brs)-1]
	}
	return merged, armBra
}

// armBraIssue applies the BRA ptxas ends an out-of-line arm with
// (armLayout) after the warp issued the arm's last instruction: it
// issues when the warp may issue next, every active lane takes it (the
// branch pipe's latency), and it is the taken branch the bulk rule waits
// at after a store (tma_hold.go).
func (s *SM) armBraIssue(ws *warpState, e *exec.Effect, now engine.Cycle) {
	if e.Active == 0 {
		return
	}
	at := max(ws.readyAt, now+1)
	ws.setReady(at+engine.Cycle(s.cfg.Pipes[ptx.PipeBranch].LatencyCycles), StallBranchResolving)
	s.bulkBranchWait(ws) // tma_hold.go
}

// armBra: ptxas ends the arm info closes with a BRA to its join (armLayout).
func (l *Lowering) armBra(info *exec.InstInfo) bool {
	if l == nil || l.sched == nil || l.sched.armBra == nil || int(info.Func) != l.sched.entry {
		return false
	}
	return int(info.PC) < len(l.sched.armBra) && l.sched.armBra[info.PC]
}
