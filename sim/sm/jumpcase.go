package sm

import "github.com/sm90sim/sm90sim/ptx"

// The case blocks of a jump table (timing only; jumptable.go). ptxas lays
// the blocks an indirect branch reaches out together after the BRX and ends
// every one of them with a BRA to the switch's join, also the one that
// falls into the join in the PTX (cuobjdump of t9_x, ptxas 13.0 sm_90a,
// validation/timing/tmax33_sass.ctrl.txt.gz: kind 1's cases 2, 0 and 1 at
// 0x0740, 0x0760 and 0x0780 are `op; BRA 0x8e0` each, and PTX case 1,
// `xor; $L__BB0_86:`, falls into the join; kind 4's cases 2, 0 and 1 at
// 0x0c70, 0x0d20 and 0x0dd0 each end with `BRA 0x12a0`, PTX case 1 again
// the one that falls through). The GPU's loop costs the same for the
// cases of one table (tmast9_sw8_s0 and _s1: 88.44 cycles an iteration
// each; tmast9_redsw8_s0 and _s1: 210.5), where the model, with no BRA
// after the PTX's fall-through case, gave sw8_s1 10 cycles less than s0.

// tableCaseBras marks, per PC of f, the last instruction of each case
// block of a table of jt (jtHead / jtHeadUniform and the run's jtFused
// branches) that falls into a label in the PTX: ptxas ends it with a BRA
// (armBra). Only straight blocks (no label inside, no branch, ret or exit)
// entered by the table alone.
func tableCaseBras(f *ptx.Function, jt []uint8) []bool {
	n := len(f.Insts)
	target := f.LabelTargets()
	refs := branchRefs(f, n)
	var out []bool
	for pc, m := range jt {
		if m == jtNone || f.Insts[pc].Op != ptx.OpBra {
			continue
		}
		t := branchTarget(&f.Insts[pc], n+1)
		if t <= 0 || t >= n || refs[t] != 1 || !endsFlow(&f.Insts[t-1]) {
			continue // entered another way too (or falls in from above)
		}
		j := t
		for ; j < n && (j == t || !target[j]); j++ {
			if op := f.Insts[j].Op; op == ptx.OpBra || op == ptx.OpRet || op == ptx.OpExit {
				break
			}
		}
		if j >= n || j == t || !target[j] {
			continue // ends with its own branch (or is empty)
		}
		if out == nil {
			out = make([]bool, n)
		}
		out[j-1] = true
	}
	return out
}

// Which case ptxas lays out right before a switch's join. ptxas orders the
// blocks as the reverse post-order of a depth-first walk that visits a
// branch's target before its fall-through (armlayout.go), so the block
// right before the join is the one through which that walk first reaches
// it: from the switch's first split, always the taken side, down to a case
// block closed by `bra.uni J`. In t9_x (tmax33_sass.ctrl.txt.gz) that is
// the `sel > 2`, `sel > 4`, `sel == 5` side both times: kind 1's case 5
// (`IMAD` at 0x08d0, falling into 0x08e0) and kind 4's case 5 (the
// UBLKRED.OR at 0x1200, falling into 0x12a0), where the PTX has them
// closed by a `bra.uni` and lets case 1 fall into the join. On the GPU
// the case-5 loop costs 4 cycles an iteration more than case 0's
// (tmast9_sw8_s5 92.44 against _s0 88.44; redsw8_s5 214.5 against 210.5),
// not a taken branch more. The walk stops at a jump table (ptxas orders a
// table's cases its own way: bulk_red's {7, 8} table has case 8 before the
// join, cuobjdump 0x0bc0), so only joins reached through splits and single
// tests move.

// switchJoins marks, per PC of f, the `bra.uni J` that closes the case
// block laid out before the join J of a switch with a jump table (merged:
// no SASS), and the PTX's last instruction before J when it falls into J
// (ptxas ends that block with a BRA: armBra).
func switchJoins(f *ptx.Function, jt []uint8) (merged, armBra []bool) {
	n := len(f.Insts)
	target := f.LabelTargets()
	uncond := func(pc int) bool {
		in := &f.Insts[pc]
		return in.Op == ptx.OpBra && in.Guard < 0
	}
	for h, m := range jt {
		if (m != jtHead && m != jtHeadUniform) || h < 1 || f.Insts[h-1].Op != ptx.OpSetp {
			continue
		}
		reg := switchReg(&f.Insts[h-1])
		// J: where the case block of the head's target goes
		j := -1
		for k := branchTarget(&f.Insts[h], n+1); k > 0 && k < n; k++ {
			if in := &f.Insts[k]; in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit {
				if uncond(k) {
					j = branchTarget(in, n+1)
				}
				break
			}
		}
		if j <= h || j >= n || uncond(j-1) {
			continue // no join after the switch, or nothing falls into it
		}
		// the first split: the earliest compare of reg since the loop head
		// (a label a later branch goes back to) or the function's start
		root := -1
		top, _ := innerLoop(f, h, n)
		for k := h - 1; k >= max(top, 0); k-- {
			if in := &f.Insts[k]; in.Op == ptx.OpSetp && switchReg(in) == reg && k+1 < n &&
				f.Insts[k+1].Op == ptx.OpBra && f.Insts[k+1].Guard >= 0 {
				root = k
			}
		}
		if root < 0 {
			continue
		}
		// the walk: the taken side of every branch, until a bra.uni J
		at, last := root, -1
		for steps := 0; steps < 64 && at >= 0 && at < n; steps++ {
			if jt[at] != jtNone {
				break // a table: its own order
			}
			in := &f.Insts[at]
			if in.Op == ptx.OpBra {
				t := branchTarget(in, n+1)
				if in.Guard < 0 && t == j {
					last = at
					break
				}
				if t <= at {
					break // back: not the switch's
				}
				at = t
				continue
			}
			if in.Op == ptx.OpRet || in.Op == ptx.OpExit {
				break
			}
			if at+1 < n && target[at+1] && at+1 == j {
				break // falls into J already
			}
			at++
		}
		if last < 0 {
			continue
		}
		if merged == nil {
			merged, armBra = make([]bool, n), make([]bool, n)
		}
		merged[last] = true
		armBra[j-1] = true
	}
	return merged, armBra
}

// switchReg is the register a switch compare tests (-1 if none).
func switchReg(in *ptx.Inst) int32 {
	if r, _, ok := regImm(in); ok {
		return r
	}
	return -1
}
