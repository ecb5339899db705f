package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// ptxas's block layout after a two-way branch (timing only). nvcc often
// writes a conditional branch followed by an unconditional one:
//
//	@%p13 bra $L__BB7_12;
//	bra.uni   $L__BB7_9;
//
// ptxas places the second target's block right after the conditional
// branch, so the `bra.uni` has no SASS: the warp falls through (cuobjdump
// of bulk_red: `@P0 BRA 0x490` then the code of $L__BB7_9 at 0x2e0; of
// t9_x: `@P2 BRA 0xe80` then $L__BB0_20's jump table). It does so when the
// block can move: nothing falls into it (the instruction before its label
// is an unconditional branch, ret or exit) and no other branch jumps to it.

// fallthroughBras marks, per PC of f, the unconditional branches ptxas
// replaces by placing their target block after them.
func fallthroughBras(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	refs := make([]int, n+1) // branches to each PC
	for i := range f.Insts {
		if f.Insts[i].Op == ptx.OpBra {
			if t := branchTarget(&f.Insts[i], n+1); t >= 0 {
				refs[t]++
			}
		}
	}
	for i := 1; i < n; i++ {
		b, c := &f.Insts[i], &f.Insts[i-1]
		if b.Op != ptx.OpBra || b.Guard >= 0 || c.Op != ptx.OpBra || c.Guard < 0 {
			continue
		}
		t := branchTarget(b, n+1)
		if t <= 0 || t >= n || refs[t] != 1 || t == branchTarget(c, n+1) {
			continue
		}
		if endsFlow(&f.Insts[t-1]) {
			out[i] = true
		}
	}
	return out
}

// endsFlow: nothing falls through after p (an unguarded bra, ret or exit).
func endsFlow(p *ptx.Inst) bool {
	switch p.Op {
	case ptx.OpBra, ptx.OpRet, ptx.OpExit:
		return p.Guard < 0
	}
	return false
}
