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
	refs := branchRefs(f, n)
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

// Where the moved code ends. When the block before the moved target ends
// with the other arm's jump to the join, ptxas lays the code out as the
// reverse post-order walk that visits a branch's target first would
// (armlayout.go): the moved code up to the join, then the other arm, then
// the join. tmaq / tmaqx's stages (tools/microbench/tmaq29_sass.txt) are
// `if (mc) A; else if (!onlyA) B;`:
//
//	@%p2 bra A;  bra.uni E;
//	A: ...;  bra.uni J;
//	E: setp;  @%p bra J;  B...;       (falls into J)
//	J:
//
// and their SASS is `@P1 BRA A; PLOP3; @P0 BRA J; B (ELECT loop UTMALDG);
// BRA J; A: ... (falls into J); J:` at every stage (0x0820..0x09e0 of
// tmaq_s3): the moved code ends with a BRA to the join, taken by every
// lane that runs it, and A's bra.uni J, now right before J, has no SASS.
// The kernel's barrier choice `@%p2 bra CL; bra.uni BS; CL:
// barrier.cluster...; bra.uni J; BS: bar.sync; J:` has the same layout
// (`@!P1 BAR.SYNC; @!P1 BRA J` at 0x0340; left out below). tmaqx's a0 -> i0 (stage 0's second load, which the
// moved code holds) is 88 cycles on both GPUs (H200 / H100) where the
// model, without that BRA, gave 79 (89 with it).

// fallthroughJoins: for the bra.uni at PC i whose target block t moves
// (moved[i]), when the instruction before t is a bra.uni J forward past t
// (the other arm's jump to the join): the code from t to J moves as one
// and, when it falls into J, ends with a BRA to J in SASS (armBra at
// J-1), and that bra.uni J, now followed by J, has none (merged). Not
// when J is a ret or exit (ptxas ends the moved code with its own EXIT),
// nor when either arm holds a label (a loop: mbar_pingpong's arms are
// each a try_wait / test_wait loop, which ptxas makes a PHASECHK with its
// retry out of line; the GPU's 116.8 / 129.3 cycles a hand-off of m0 / m2
// are the model's without this rule, 124.1 / 117.7 with it), nor when
// the other arm is a few instructions of register arithmetic
// (at most ifConvMax, as brshape.go's if-conversion) that ptxas
// predicates instead of laying out: smst's `if (mode == 2) v = mad; else
// { st.shared; bar.sync; ld.shared; bar.sync }` keeps the GPU's cycles
// only without the BRA (smst_shared 60.2 cycles a probe on the H200, 64.5
// with it). Nor when the moved code ends with a barrier: tmaq's barrier
// choice is `@!P1 BAR.SYNC; @!P1 BRA J` in SASS, but tmaqx's sync_cycles
// (x1 after the inits to t0 after the barrier) is 116-123 on the six
// variants (H200; 118-125 H100) and was 121 in the model without the BRA,
// 123 with it (smst's moved code ends with its second bar.sync too): the
// branch after a barrier costs nothing measurable, as if it resolved
// during the barrier's wait. Not checked against SASS beyond tmaq's.
func fallthroughJoins(f *ptx.Function, infos []*exec.InstInfo, moved []bool) (merged, armBra []bool) {
	n := len(f.Insts)
	target := f.LabelTargets()
	// small: [lo, hi) is at most ifConvMax plain register instructions
	small := func(lo, hi int) bool {
		if hi-lo > ifConvMax {
			return false
		}
		for j := lo; j < hi; j++ {
			in := &f.Insts[j]
			if (j > lo && target[j]) || in.Guard >= 0 || infos[j] == nil || infos[j].Pipe == ptx.PipeBranch || !movable(infos[j], in) {
				return false
			}
		}
		return true
	}
	for i, m := range moved {
		if !m {
			continue
		}
		t := branchTarget(&f.Insts[i], n+1)
		if t <= i+1 || t >= n {
			continue
		}
		p := &f.Insts[t-1]
		if p.Op != ptx.OpBra || p.Guard >= 0 {
			continue
		}
		j := branchTarget(p, n+1)
		if j <= t || j >= n || endsFlow(&f.Insts[j-1]) {
			continue
		}
		if op := f.Insts[j].Op; op == ptx.OpRet || op == ptx.OpExit {
			continue
		}
		if a := branchTarget(&f.Insts[i-1], n+1); a == i+1 && small(a, t-1) {
			continue // the other arm is predicated
		}
		if labelInside(target, i+2, j, t) {
			continue // not two straight arms
		}
		if descBarrier(&f.Insts[j-1]) {
			continue // the BRA after a barrier: not seen (below)
		}
		if merged == nil {
			merged, armBra = make([]bool, n), make([]bool, n)
		}
		armBra[j-1] = true
		merged[t-1] = true
	}
	return merged, armBra
}

// labelInside: a label in [lo, hi) other than at skip.
func labelInside(target []bool, lo, hi, skip int) bool {
	for k := lo; k < hi; k++ {
		if target[k] && k != skip {
			return true
		}
	}
	return false
}
