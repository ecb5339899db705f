package calibrate

import (
	"fmt"
	"math"
)

// The tmast9 groups (tools/microbench/gen8_tmast.py, tmast9.cu; the same
// cycles on the H200 and the H100), fitted right after the ALU latencies,
// before any group whose benchmarks loop:
//
//   - pred_branch_cycles (sim/sm/predbranch.go): how long a branch waits
//     after its guard predicate is ready, on the loops that hold no memory
//     operation: one add (tmast9_alu: ISETP + dependent BRA closing it),
//     the 8-case switches (tmast9_sw8_*: ptxas's compare chain and jump
//     table), the forward branch on a hoisted compare (tmast9_skip_s0) and
//     the special-register read (tmast9_ctarank);
//   - shared_base_cycles (sim/sm/sharedbase.go): a shared variable's
//     address read where ptxas leaves its S2UR, closed form: what the
//     reduction loop spends more with the S2UR in a skippable block
//     (tmast9_skip_s1 - tmast9_red) less what the branch around the block
//     costs (tmast9_skip_s0 - tmast9_alu).
var groupsTmast8 = []Group{
	{Name: "pred_branch", Params: []string{"pred_branch_cycles"},
		Benches: []string{"tmast9_alu", "tmast9_sw8_*", "tmast9_skip_s0", "tmast9_ctarank"},
		Start:   []float64{15}, Lo: []float64{0}, Hi: []float64{100}},
	{Name: "shared_base", Params: []string{"shared_base_cycles"},
		Benches: []string{"tmast9_skip_s1", "tmast9_red", "tmast9_skip_s0", "tmast9_alu"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var v [4]float64
			for i, b := range []string{"tmast9_skip_s1", "tmast9_red", "tmast9_skip_s0", "tmast9_alu"} {
				x, err := figure(rec, b, "cycles_per_op")
				if err != nil {
					return 0, "", err
				}
				v[i] = x
			}
			c := (v[0] - v[1]) - (v[2] - v[3])
			if c < 0 {
				return 0, "", fmt.Errorf("recordings tmast9_skip_s1, _red, _skip_s0, _alu: the block's S2UR costs %.4g cycles", c)
			}
			return math.Round(c), fmt.Sprintf("fit: closed form, (tmast9_skip_s1 - tmast9_red) - (tmast9_skip_s0 - tmast9_alu) cycles_per_op "+
				"(%.4g - %.4g) - (%.4g - %.4g): the S2UR SR_CgaCtaId + ULEA in the reduction's block", v[0], v[1], v[2], v[3]), nil
		}},
}

func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "warp_latency" {
			out = append(out, groupsTmast8...)
		}
	}
	Groups = out
}
