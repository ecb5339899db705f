package calibrate

import "fmt"

// The family wgov14 of tools/microbench/gen17_wgov14.py (helper wgover,
// issue 14, session 14): Triton's TMA matmul k-loop (2 warpgroups, 4 x
// wgmma m64n128k16 a k-step, wait_group 1, 4 bar.syncs, thread 0's refill
// of 3 stages) in 132 or 264 CTAs (1 or 2 per SM); only the CTAs of SMs
// whose %smid % work_mod == 0 work. Per warpgroup clk = {smid, t0, s[0..K-1],
// s[K]}: %clock64 after each k-step's wait_group 1. The formula is
// summarize.py's.

func init() {
	registerFamily("wgov14", family{
		figures: func(*Bench) []string {
			return []string{NCUFigure, "ktile_cycles", "sm_cycles_per_wgmma"}
		},
		derive: deriveWGOV14,
	})
}

// deriveWGOV14: ktile_cycles is the median over working CTAs of the
// CTA's steady k-step, (max_wg s[K-1] - max_wg s[7]) / (K - 8);
// sm_cycles_per_wgmma that over the wgmmas an SM runs in it (ctas_per_sm
// x warpgroups x wgmmas_per_kstep). A CTA whose t0 is 0 or whose smid is
// ~0 did not work. (No figure of the first k-steps: the recorded runs find
// A and B in the L2, the simulated run starts cold.)
func deriveWGOV14(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	k := int(b.meta("k_steps"))
	ctas := int(b.meta("ctas"))
	cols := k + 3
	if k < 9 || ctas < 1 || len(clk) != 2*cols*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per warpgroup of each CTA (%d) and k_steps >= 9", b.Name, len(clk), cols, ctas)
	}
	r := rows(clk, cols)
	var kt []float64
	for c := 0; c < ctas; c++ {
		a, w := r[2*c], r[2*c+1]
		if a[1] == 0 || a[0] >= 1<<63 {
			continue
		}
		kt = append(kt, (max(a[1+k], w[1+k])-max(a[9], w[9]))/float64(k-8))
	}
	if len(kt) == 0 {
		return nil, fmt.Errorf("%s: no working CTA in clk", b.Name)
	}
	per := max(b.meta("ctas_per_sm"), 1) * b.meta("warpgroups") * b.meta("wgmmas_per_kstep")
	kp := upperMedian(kt)
	return map[string]float64{NCUFigure: cycles, "ktile_cycles": kp, "sm_cycles_per_wgmma": kp / per}, nil
}

// groups17Wgover fits wgmma_queue_cycles (sim/sm/tensorarb.go): how long
// before the tensor pipe is free a serialized wgmma may issue, the older
// CTA's warpgroups first; on the two-CTAs-per-SM serialized loops of
// wgov14, whose k-step it sets (H100 profile: 1167 cycles for q 1..32,
// 1218 for 40..48, 1458 as first come, first served from 56 up; GPU 1234).
// After the serial tails (groups11_tc2.go), which set the one-CTA loops it
// does not move. Session 15 (serial SS tail 39 with wgmma_desc_r2ur_cycles,
// validation/timing/wgtail.md): the k-step is -6.2% for q 16..45 and
// +2.5% from about 50 on both GPUs; from the old start 16 the simplex
// left the first plateau on the H200 only, so it starts at 57.
var groups17Wgover = []Group{
	{Name: "wgmma_queue", Params: []string{"wgmma_queue_cycles"}, Benches: []string{"wgov14_c2_n128_f16_ser", "wgov14_c2_n128_bf16_ser"},
		Figures: []string{"ktile_cycles"}, Start: []float64{57}, Lo: []float64{1}, Hi: []float64{200}},
}

func init() { Groups = append(Groups, groups17Wgover...) }
