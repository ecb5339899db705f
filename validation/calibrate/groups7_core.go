package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// groups7Core fits the core helper's session-5 parameter (issue 13):
// regbank_conflict_cycles (sim/sm/regbank.go), closed form: the mean over
// 1, 4 and 8 warps per scheduler (itmix_imad_lop_w4 / itmix_imad_lop /
// itmix_imad_lop_w32 against the same of itmix_imad_lop2) of the issue
// cycles per LOP3 the three-register LOP3 costs beyond the two-register
// one: (1/rate_lop - 1/rate_lop2) SM-cycles per warp-instruction, times 4
// schedulers, times 2 (every other instruction is the LOP3).
var groups7Core = []Group{
	{Name: "regbank_conflict", Params: []string{"regbank_conflict_cycles"},
		Benches: []string{"itmix_imad_lop_w4", "itmix_imad_lop", "itmix_imad_lop_w32", "itmix_imad_lop2_w4", "itmix_imad_lop2", "itmix_imad_lop2_w32"},
		Direct:  coreRegbank},
}

func coreRegbank(rec map[string]*Bench) (float64, string, error) {
	var sum float64
	var parts []string
	for _, w := range []string{"_w4", "", "_w32"} {
		a, err := figure(rec, "itmix_imad_lop"+w, "warp_inst_per_sm_cycle")
		if err != nil {
			return 0, "", err
		}
		b, err := figure(rec, "itmix_imad_lop2"+w, "warp_inst_per_sm_cycle")
		if err != nil {
			return 0, "", err
		}
		d := (1/a - 1/b) * 4 * 2
		sum += d
		parts = append(parts, fmt.Sprintf("%.4g vs %.4g: %.3f", a, b, d))
	}
	v := math.Round(sum/3*100) / 100
	return math.Max(0, v), fmt.Sprintf("fit: closed form, mean issue cycles per three-register LOP3 of itmix_imad_lop vs itmix_imad_lop2 (warp_inst_per_sm_cycle) at 4 / 16 / 32 warps: %s", strings.Join(parts, "; ")), nil
}

func init() { Groups = append(Groups, groups7Core...) }
