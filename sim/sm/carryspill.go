package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Carry predicates spilled (session 23, i64 lane; validation/timing/
// i64_23.md). ptxas makes two chained 64-bit adds of one value
// (x + a + b) one IADD3 with two carry-out predicates and one IADD3.X
// reading both (lower.go's lowAbsorb of 64 bits). Hopper has seven
// predicate registers (P0-P6); with K independent chains of such pairs in
// one straight-line stretch ptxas keeps a carry pair in flight per chain,
// 2K predicates, and spills what does not fit: a P2R that saves the
// predicate into a register and an ISETP.NE that recreates it before its
// IADD3.X, both on the ALU. The SASS of itput64_add (ptxas 13.0 sm_90a,
// 8 chains of 8 pairs a loop iteration: 64 IADD3, 64 IADD3.X, 9 P2R and
// 9 ISETP.NE; 2 x 8 - 7 = 9) is the development case: its ALU work is
// 147 instructions where the model issued 128 (itput64_add +17.6% fast at
// 16 warps, +26.6% at 4).
//
// The rule: in a stretch (no branch between), chains are followed through
// the pairs' values (a pair reading a value another pair of the stretch
// wrote, also through the fused first add, continues its chain); the
// chains of at least two pairs count, K of them, and max(0, 2K - 7) of
// their pairs, the first in program order, each carry one spilled
// predicate: two more ALU instructions (P2R and ISETP.NE) issued with the
// pair and on its result's path, and the warp's next issue
// carrySpillStallCycles later.

// carrySpillStallCycles: the warp's issue stall a spilled predicate adds.
// ptxas's control words in itput64_add's loop: 127 instructions with stall
// 2 (the ALU's interval) and 19 with stall 4 where a restored or reused
// carry predicate is read by the next IADD3.X (ISETP.NE -> IADD3.X,
// IADD3 -> IADD3.X through the two predicates the spills leave free):
// 38 cycles an iteration for 9 spills, 2 x (4 - 2) a spill.
const carrySpillStallCycles = 4

// carrySpillPreds: Hopper's predicate registers (P0-P6; PT is constant).
const carrySpillPreds = 7

// carrySpillSlots: the ALU instructions of one spilled predicate (P2R,
// ISETP.NE).
const carrySpillSlots = 2

// isCarryPair: a 64-bit add or sub that absorbed another (IADD3 with two
// carry-outs, IADD3.X with two carry-ins).
func isCarryPair(info *exec.InstInfo, kind uint8) bool {
	return kind == lowAbsorb && isCarryAdd(info)
}

// carrySpills marks, per PC, the carry pairs that carry a spilled
// predicate (nil: none).
func carrySpills(infos []*exec.InstInfo, kinds []uint8) []bool {
	var out []bool
	n := len(infos)
	chainOf := map[int32]int{} // register -> the chain whose value it holds
	var pairs []int            // the stretch's pairs, in program order
	var chain []int            // by pair: its chain
	flush := func() {
		if len(pairs) == 0 {
			return
		}
		count := map[int]int{}
		for _, c := range chain {
			count[c]++
		}
		k := 0
		for _, m := range count {
			if m >= 2 {
				k++
			}
		}
		spill := 2*k - carrySpillPreds
		for i, pc := range pairs {
			if spill <= 0 {
				break
			}
			if count[chain[i]] >= 2 {
				if out == nil {
					out = make([]bool, n)
				}
				out[pc] = true
				spill--
			}
		}
		pairs, chain = pairs[:0], chain[:0]
		clear(chainOf)
	}
	next := 0
	for pc, inf := range infos {
		switch {
		case isCarryPair(inf, kinds[pc]):
			c := -1
			for _, u := range inf.Uses {
				if x, ok := chainOf[u]; ok {
					c = x
					break
				}
			}
			if c < 0 {
				c = next
				next++
			}
			pairs, chain = append(pairs, pc), append(chain, c)
			for _, d := range inf.Defs {
				chainOf[d] = c
			}
		case kinds[pc] == lowFused && inf.Bits == 64 && (inf.Op == ptx.OpAdd || inf.Op == ptx.OpSub):
			// the pair's first add: its value continues its input's chain
			c, ok := -1, false
			for _, u := range inf.Uses {
				if c, ok = chainOf[u]; ok {
					break
				}
			}
			for _, d := range inf.Defs {
				if ok {
					chainOf[d] = c
				} else {
					delete(chainOf, d)
				}
			}
		default:
			for _, d := range inf.Defs {
				delete(chainOf, d)
			}
		}
		if inf.Pipe == ptx.PipeBranch {
			flush()
		}
	}
	flush()
	return out
}
