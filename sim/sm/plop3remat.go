package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A branch on a uniform predicate that an ELECT loop separates from its
// compare (session 33, lane tmaq; validation/timing/tmaq33.md).
//
// A setp of uniform values is a UISETP / ULOP3 into a uniform predicate
// (UP) in SASS; a BRA's guard is a P register, so ptxas copies the UP
// with `PLOP3.LUT Pn, PT, PT, PT, UPm` before the branch. An ELECT loop
// (a TMA load or bulk store ptxas wraps in one: PLOP3 P0, ELECT P2, the
// operation, two PLOP3, BRA.U.ANY) rewrites P0 and P2, and ptxas then
// makes the copy again right before the branch: `PLOP3.LUT P0, PT, PT,
// PT, UP1; @P0 BRA` after every stage's map-A load in tmaq's SASS
// (tools/microbench/tmaq29_sass.txt 0x0830, 0x0b80, ...: the `onlyA` flag,
// compared once at 0x0670), and the branch waits for that PLOP3 as for a
// compare. A predicate whose first guard use comes before any ELECT loop
// is kept in a P register the loops leave alone (tmaq's `mc` flag: PLOP3
// P1 once at 0x0330 for the barrier choice, then `@P1 BRA` at every stage
// with no copy), and a compare right before the branch, after the loop,
// is the copy's own chain already (tmaqx's stages: `ULOP3 UP2; PLOP3 P0,
// UP2; @P0 BRA`, the PTX's and + setp + bra).
//
// What it costs (stamps of both GPUs, tmaq a0 -> i0: stage 0's second
// load, after the branch): 82 cycles on the H200 and the H100 in every
// variant that loads map B (s1..s6, ct, pf, k4096, c8), 42 in tmaq_s6_a
// (the branch taken over map B's load), 60 in tmaq_s4_mc (the `mc` arm:
// no copy); the model without the copy 70 / 15 / 64.

// plop3Remats marks, per PC of f, the guarded branches whose guard is a
// data-uniform predicate last defined before an ELECT-loop instruction
// that precedes the branch, with no guard use of the predicate between the
// definition and the first such instruction (PTX order). elected:
// electedLoads' result (no ELECT loop); elect: electStores' result.
func plop3Remats(f *ptx.Function, infos []*exec.InstInfo, elected, elect []bool) []bool {
	n := len(infos)
	var out []bool
	loop := func(pc int) bool {
		inf := infos[pc]
		if inf == nil {
			return false
		}
		return inf.Async == exec.AsyncBulkLoad && !elected[pc] || pc < len(elect) && elect[pc]
	}
	has := false
	for pc := 0; pc < n && !has; pc++ {
		has = loop(pc)
	}
	if !has {
		return nil // no ELECT loop: nothing to mark (and no uniformity analysis)
	}
	uniform := dataUniformRegs(f, infos, len(f.Regs))
	for b := 0; b < n && b < len(f.Insts); b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 || int(in.Guard) >= len(uniform) || !uniform[in.Guard] {
			continue
		}
		p := in.Guard
		d := -1 // the last definition of p before b
		for pc := b - 1; pc >= 0; pc-- {
			if infos[pc] != nil && slices.Contains(infos[pc].Defs, p) {
				d = pc
				break
			}
		}
		if d < 0 {
			continue
		}
		remat := false
		for pc := d + 1; pc < b; pc++ {
			if f.Insts[pc].Guard == p {
				break // copied into a P register before any loop: kept
			}
			if loop(pc) {
				remat = true
				break
			}
		}
		if remat {
			if out == nil {
				out = make([]bool, n)
			}
			out[b] = true
		}
	}
	return out
}
