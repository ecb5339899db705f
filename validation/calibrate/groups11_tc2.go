package calibrate

import "fmt"

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

// deriveWG11: the SM's cycles per wgmma with W warpgroups, the slowest
// warpgroup's timed rep over all their wgmmas.
func deriveWG11(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	w := b.meta("warpgroups")
	if w < 1 || len(clk) != 2*int(w) {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warpgroup (%g)", b.Name, len(clk), w)
	}
	n := w * b.meta("iters") * b.meta("wgmmas_per_group")
	if n <= 0 {
		return nil, fmt.Errorf("%s: meta iters/wgmmas_per_group missing", b.Name)
	}
	return map[string]float64{"sm_cycles_per_wgmma": maxCol(rows(clk, 2), 1) / n}, nil
}

// groups11TC2 fits what the wg11 family measures:
//
//   - wgmma_serial_tail_cycles: from the end of a serialized wgmma's tensor
//     work to its warpgroup's release (ptxas's WARPGROUP.DEPBAR after each
//     HGMMA, C7515), on the serialized chains of 1..4 warpgroups without a
//     producer (wg11_n*_ser; with one warpgroup the chain's period is the
//     tail's, with more the pipe's). After the wgmma tails and floor, whose
//     figures it does not move (none of them is serialized).
var groups11TC2 = []Group{
	{Name: "wgmma_serial_tail", Params: []string{"wgmma_serial_tail_cycles"}, Benches: []string{"wg11_n*_ser"},
		Start: []float64{57}, Lo: []float64{0}, Hi: []float64{1000}},
}

func init() { Groups = append(Groups, groups11TC2...) }
