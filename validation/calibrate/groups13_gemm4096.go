package calibrate

import "fmt"

// The family gmm13 of tools/microbench/gen13_gemm4096.py (helper gemm4096,
// issue 14): gemm_wgmma's mainloop (or its loads alone) on working sets
// beyond the L2, with %clock64 stamps at eight k-tiles on both sides of a
// stage: the producer's issue of stage t (after its empty wait) and consumer
// warpgroup 0's pass of stage t's full barrier. Figures from the launches
// ncu profiled with caches flushed (clock_ncu.json, as the evidence launches
// and the simulated run, which start cold):
//
//   - ktile_cycles: the loop's period over its middle three quarters, the
//     median over CTAs of (c[7] - c[1]) / (6 k_tiles / 8);
//   - stage_cycles: one stage's round trip under the whole GPU's traffic,
//     the median over CTAs and the seven stamped stages of c[j] - p[j];
//   - first_cycles: tf - t0, the first stage after the flush.
func init() {
	clockFileOf["gmm13"] = "clock_ncu"
	registerFamily("gmm13", family{
		figures: func(b *Bench) []string {
			if _, ok := b.Measured["ktile_cycles"]; !ok {
				return []string{NCUFigure}
			}
			return []string{NCUFigure, "ktile_cycles", "stage_cycles", "first_cycles"}
		},
		derive: deriveGMM13,
	})
}

// gmm13 clk columns: {smid, t0, tf, c[1..7], p[1..7], tm0, tm1, te, g0, g1,
// p0, 0}.
const (
	gm13T0   = 1
	gm13TF   = 2
	gm13C    = 2 // c[j] at gm13C + j
	gm13P    = 9 // p[j] at gm13P + j
	gm13Cols = 24
)

func deriveGMM13(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	kt := b.meta("k_tiles")
	if ctas < 1 || len(clk) != gm13Cols*ctas || kt < 8 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d) and k_tiles >= 8", b.Name, len(clk), gm13Cols, ctas)
	}
	var kp, stage, first []float64
	for _, r := range rows(clk, gm13Cols) {
		kp = append(kp, (r[gm13C+7]-r[gm13C+1])/(6*kt/8))
		for j := 1; j <= 7; j++ {
			stage = append(stage, r[gm13C+j]-r[gm13P+j])
		}
		first = append(first, r[gm13TF]-r[gm13T0])
	}
	return map[string]float64{NCUFigure: cycles, "ktile_cycles": upperMedian(kp),
		"stage_cycles": upperMedian(stage), "first_cycles": upperMedian(first)}, nil
}

// groupL2Lookup searches l2_lookup_bytes_per_l2_cycle (sim/gpu/l2near.go,
// validation/timing/g4096b31.md): what a far line's load costs its near slice
// when the near copy is missing. gmm13_l_n4096 (a 4096^3 GEMM's TMA loads
// alone, 8 waves, H200 only) is bound by the L2's lookups: ncu's
// lts__t_sectors (tex + fabric) over its time is the l2bw rate. SIM_SKIP:
// the group runs with --heavy only (about 2 min a point); without it, or
// without the recording (H100), the profile's value stays. The committed
// value is the closed form of three such points (its source).
var groupL2Lookup = Group{Name: "l2_lookup", Params: []string{"l2_lookup_bytes_per_l2_cycle"},
	Benches: []string{"gmm13_l_n4096"},
	Start:   []float64{9900}, Lo: []float64{5525}, Hi: []float64{30000}, Scan: 4}

func init() { Groups = append(Groups, groupL2Lookup) }
