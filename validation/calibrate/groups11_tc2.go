package calibrate

import (
	"fmt"
	"sort"
)

// The family wg11 of tools/microbench/gen11_tc2.py (helper tc2, issue 14):
// one CTA of 1..4 warpgroups, each a loop of groups of 4 wgmma m64nNk16
// (commit_group, wait_group 0 or 1 after each group), alone or fed by 3
// stages of cp.async.bulk + mbarrier as Triton's TMA matmul. clk[w] =
// {warm-up rep, timed rep} of warpgroup w. The formula is summarize.py's.

func init() {
	registerFamily("wg11", family{
		figures: func(*Bench) []string { return []string{"sm_cycles_per_wgmma"} },
		derive:  deriveWG11,
	})
}

// deriveWG11: the SM's cycles per wgmma, the slowest warpgroup's timed rep
// of a CTA over the wgmmas of the CTAs an SM holds (ctas_per_sm, 1 when not
// given); with several CTAs the median CTA (the upper one of an even count).
func deriveWG11(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	w := int(b.meta("warpgroups"))
	ctas := max(int(b.meta("ctas")), 1)
	if w < 1 || len(clk) != 2*w*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warpgroup (%d) of each CTA (%d)", b.Name, len(clk), w, ctas)
	}
	n := float64(w) * max(b.meta("ctas_per_sm"), 1) * b.meta("iters") * b.meta("wgmmas_per_group")
	if n <= 0 {
		return nil, fmt.Errorf("%s: meta iters/wgmmas_per_group missing", b.Name)
	}
	r := rows(clk, 2)
	worst := make([]float64, ctas)
	for c := range ctas {
		worst[c] = maxCol(r[c*w:(c+1)*w], 1)
	}
	sort.Float64s(worst)
	return map[string]float64{"sm_cycles_per_wgmma": worst[ctas/2] / n}, nil
}

// groups11TC2 fits what the wg11 family measures:
//
//   - wgmma_serial_ss_tail_cycles, wgmma_serial_rs_tail_cycles: from the
//     end of a serialized wgmma's tensor work to its warpgroup's release
//     (ptxas's WARPGROUP.DEPBAR after each HGMMA, C7515), SS and RS, on the
//     serialized chains of 1..4 warpgroups without a producer
//     (wg11_n*_ss_*_ser, wg11_n*_rs_*_ser; with one warpgroup the chain's
//     period is the tail's, with more the pipe's). After the wgmma tails
//     and floor, whose figures they do not move (nothing there is
//     serialized). The GPU's one-warpgroup SS period (89, 105, 124, 211
//     cycles at N 32..256, tensor work 16..128) is N/2 + one constant
//     where the loop reuses A descriptors hoisted out of it (N 128: nvcc
//     hoisted them) and about 13 cycles a wgmma more where each group
//     recomputes the warpgroup's A descriptor base from %tid (N 32, 64,
//     256): wgmma_desc_r2ur_cycles (sim/sm/wgmmadesc.go) is fitted with
//     the SS tail on the same chains, the N 128 ones fixing the tail and
//     the others the sum (validation/timing/wgtail.md). Before the
//     wgmma_queue group, which refits on top of them: refit both in order
//     until nothing moves.
var groups11TC2 = []Group{
	{Name: "wgmma_serial_ss_tail", Params: []string{"wgmma_serial_ss_tail_cycles", "wgmma_desc_r2ur_cycles"}, Benches: []string{"wg11_n*_ss_*_ser"},
		Start: []float64{40, 85}, Lo: []float64{0, 0}, Hi: []float64{1000, 1000}},
	{Name: "wgmma_serial_rs_tail", Params: []string{"wgmma_serial_rs_tail_cycles"}, Benches: []string{"wg11_n*_rs_*_ser"},
		Start: []float64{49}, Lo: []float64{0}, Hi: []float64{1000}},
}

func init() { Groups = append(Groups, groups11TC2...) }
