package calibrate

import "fmt"

// The family redu24 of tools/microbench/gen24_redu.py (session 24 probe,
// recorded as a family in session 25, helper bulk; H200 only): one thread
// runs a `#pragma unroll 1` loop of 64 iterations, each with U (1, 2, 4, 8
// for reductions; 1, 2, 4 for plain stores) bulk operations of 256 bytes
// with uniform operands (cp.reduce.async.bulk .add.u32: SASS UMOV, ELECT,
// UBLKRED, PLOP3 x2, BRA.U.ANY each; cp.async.bulk store: UBLKCP.G.S),
// then commit_group and wait_group 0. Rep 1's stamps: clk[1] after the
// loop, [3] after the wait (both minus the stamp before the loop), [4] =
// 64 U. Figures:
//
//   - cycles_per_op: clk[1] / clk[4], a reduction's straight-line cost
//     plus the loop's closing cost over U;
//   - done_cycles: clk[3].
//
// validation/timing/bulk25.md.
func init() {
	registerFamily("redu24", family{figures: redu24Figures, derive: deriveRedu24})
}

func redu24Figures(*Bench) []string { return []string{"cycles_per_op", "done_cycles"} }

func deriveRedu24(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) < 5 || clk[4] <= 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs clk[4] > 0", b.Name, len(clk))
	}
	return map[string]float64{"cycles_per_op": clk[1] / clk[4], "done_cycles": clk[3]}, nil
}
