package calibrate

import (
	"fmt"
	"math"
)

// The tmast9 groups (tools/microbench/gen8_tmast.py, tmast9.cu; the same
// cycles on the H200 and the H100), fitted right after the ALU latencies,
// before any group whose benchmarks loop:
//
//   - (the branch's wait for its compare is branch_predicate_cycles, fitted
//     on brloop8_*; tmast9_alu, _sw8_*, _skip_s0 and _ctarank check it and
//     the loop-invariant compare ptxas hoists, sim/sm/predbranch.go);
//   - shared_base_cycles (sim/sm/sharedbase.go): a shared variable's
//     address read where ptxas leaves its S2UR, closed form: what the
//     reduction loop spends more with the S2UR in a skippable block
//     (tmast9_skip_s1 - tmast9_red) less what the branch around the block
//     costs (tmast9_skip_s0 - tmast9_alu).
var groupsTmast8 = []Group{
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
