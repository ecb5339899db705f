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
