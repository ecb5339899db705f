package calibrate

import (
	"fmt"
	"slices"
)

// The family tmah of tools/microbench/gen14_tmahold.py (session 11, helper
// tmanthold): TMA loads in the code shape of the CuTe tutorial GEMM
// (thread 0 of a 128-thread CTA issues N loads with .L2::cache_hint
// straight-line, no %clock64 stamp between them), against family tmai's
// stamp after every load. clk[rep][16], rep 1:
//
//   - issue_cycles: c[0], t0 to the stamp after the last issue;
//   - issue_first_cycles (stp): c[1], t0 to the stamp after the first;
//   - issue_step_cycles (stp): (c[0] - c[1]) / (N - 1);
//   - done_cycles: c[2], t0 to the stamp after mbarrier 0's wait (stg: the
//     first stage's);
//   - done_last_cycles (stg): c[4], after the third stage's wait;
//   - w4_loop_cycles, w5_loop_cycles (ovl): c[5], c[6], warps 4 (warp 0's
//     sub-partition) and 5 running 2048 fma.rn.f32 beside warp 0's loads.
//
// tma_load_elected_issue_cycles (the warp's hold after a UTMALDG that only
// an elect.sync lane reaches, which ptxas issues without an ELECT loop:
// sim/sm/tmaelect.go) is searched on the issue_cycles of the _elect
// kernels with 32 and 96 loads (9 to 11 cycles a load on the H200), after
// tma_load_issue. The smaller ones (8 and 6 loads) are left out: their
// issue_cycles are mostly the code before the first load.
//
// Session 19 (helper fetch, validation/timing/fetch19.md): group
// tma_load_ur, after tma_load_elected, fits the two costs of ptxas moving a
// load's operands through R2UR when a basic block has more loads than the
// uniform registers hold (sim/sm/tmaurspill.go): tma_load_ur_spill_cycles
// (the ELECT loop's extra MOV/R2UR/ULDC) on the issue_cycles of the
// thread-0 kernels with 32 and 96 loads, tma_load_ur_serial_cycles (an
// elected load's R2URs after the previous UTMALDG) on tmah_stp_n32_1k_elect's
// issue_step_cycles.
func init() {
	registerFamily("tmah", family{figures: tmahFigures, derive: deriveTmah})
	i := slices.IndexFunc(Groups, func(g Group) bool { return g.Name == "tma_load_issue" })
	if i < 0 {
		panic("calibrate: group tma_load_issue is missing")
	}
	Groups = slices.Insert(Groups, i+1, groupTMALoadElected, groupTMALoadUR)
}

var groupTMALoadUR = Group{Name: "tma_load_ur", Params: []string{"tma_load_ur_spill_cycles", "tma_load_ur_serial_cycles"},
	Benches: []string{"tmah_blk_n32_1k", "tmah_blk_n32_1k_nohint", "tmah_stp_n32_1k", "tmah_stg_n96_1k", "tmah_stp_n32_1k_elect"},
	Figures: []string{"issue_cycles", "issue_step_cycles"},
	Start:   []float64{10, 35}, Lo: []float64{0, 0}, Hi: []float64{100, 200}}

var groupTMALoadElected = Group{Name: "tma_load_elected", Params: []string{"tma_load_elected_issue_cycles"},
	Benches: []string{"tmah_blk_n32_1k_elect", "tmah_stg_n96_1k_elect"}, Figures: []string{"issue_cycles"},
	Start: []float64{10}, Lo: []float64{0}, Hi: []float64{100}}

func tmahFigures(b *Bench) []string {
	n := b.meta("loads")
	var f []string
	switch b.Meta["mode"] {
	case "stp":
		f = []string{"issue_cycles", "issue_first_cycles", "issue_step_cycles", "done_cycles"}
	case "stg":
		f = []string{"issue_cycles", "done_cycles", "done_last_cycles"}
	case "ovl":
		f = []string{"w4_loop_cycles", "w5_loop_cycles"}
		if n > 0 {
			f = append([]string{"issue_cycles", "done_cycles"}, f...)
		}
	default:
		f = []string{"issue_cycles", "done_cycles"}
	}
	return f
}

func deriveTmah(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	if len(clk) < 32 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 16 per rep", b.Name, len(clk))
	}
	c := clk[16:32] // rep 1
	n := b.meta("loads")
	out := map[string]float64{}
	for _, f := range tmahFigures(b) {
		switch f {
		case "issue_cycles":
			out[f] = c[0]
		case "issue_first_cycles":
			out[f] = c[1]
		case "issue_step_cycles":
			out[f] = (c[0] - c[1]) / (n - 1)
		case "done_cycles":
			out[f] = c[2]
		case "done_last_cycles":
			out[f] = c[4]
		case "w4_loop_cycles":
			out[f] = c[5]
		case "w5_loop_cycles":
			out[f] = c[6]
		}
	}
	return out, nil
}
