package calibrate

import (
	"fmt"
	"math"
	"slices"
)

// Family mufutc30 (session 30, helper flash; validation/timing/flash30.md,
// tools/microbench/gen30_mufu.py): one CTA, warpgroup 0 runs wgmma loops
// (m64n64k16 SS or RS, back to back) or exits at once, warpgroups 1.. run
// FP loops (FFMA -> MUFU.EX2 mix, MUFU.EX2 alone, or a dependent FFMA
// chain). gt[warp][8]: %clock64 start, end, globaltimer start, end, FP
// passes, sum bits. Figures: fp_cycles_per_pass (the slowest FP warp's
// span over its passes: the loop's time a pass, which a scheduler that
// serves the FP warps unevenly does not shorten) and, with wgmma, wg_span_cycles (warp
// 0's span).
func init() {
	registerFamily("mufutc30", family{
		figures: func(b *Bench) []string {
			if mufuWithWgmma(b) {
				return []string{"fp_cycles_per_pass", "wg_span_cycles"}
			}
			return []string{"fp_cycles_per_pass"}
		},
		derive: deriveMufuTC,
	})
}

// mufuWithWgmma: the variant runs wgmma in warpgroup 0 (meta wgmma ss or rs).
func mufuWithWgmma(b *Bench) bool {
	s, _ := b.Meta["wgmma"].(string)
	return s == "ss" || s == "rs"
}

func deriveMufuTC(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	gt := rows(o["gt"], 8)
	if len(gt) < 5 {
		return nil, fmt.Errorf("%s: output gt has %d values, the derivation needs 8 warps of 8", b.Name, len(o["gt"]))
	}
	var fp []float64
	for _, w := range gt[4:] {
		if w[4] > 0 {
			fp = append(fp, (w[1]-w[0])/w[4])
		}
	}
	if len(fp) == 0 {
		return nil, fmt.Errorf("%s: no FP warp ran a pass", b.Name)
	}
	out := map[string]float64{"fp_cycles_per_pass": slices.Max(fp)}
	if mufuWithWgmma(b) {
		out["wg_span_cycles"] = gt[0][1] - gt[0][0]
	}
	return out, nil
}

// Group mufu_tensor (session 30, helper flash): mufu_tensor_extra_cycles,
// the cycles a MUFU instruction holds its sub-partition's MUFU beyond
// mufu_interval_cycles while the SM's tensor pipe runs a wgmma
// (sim/sm/mufutensor.go). Closed form on the two MUFU-bound variants, where
// the MUFU's interval alone sets the rate (alone: 8.9 and 8.05 cycles an
// EX2): the mean of (fp_cycles_per_pass beside SS wgmma - alone) per EX2 of
// a sub-partition, mufutc30_ss_ex2 against mufutc30_ex2 (128 EX2 a pass, one
// warp a sub-partition) and mufutc30_ss_mix_w3 against mufutc30_mix_w3 (two
// warps a sub-partition: 256 a pass of each). Rounded to 0.01.
var groupMufuTensor = Group{Name: "mufu_tensor", Params: []string{"mufu_tensor_extra_cycles"},
	Benches: []string{"mufutc30_*"},
	Direct: func(bs map[string]*Bench) (float64, string, error) {
		return mufuTensorClosedForm(bs)
	}}

// mufuTensorPairs: (beside wgmma, alone, EX2 a pass of a sub-partition).
var mufuTensorPairs = [...]struct {
	with, alone string
	ex2         float64
}{{"mufutc30_ss_ex2", "mufutc30_ex2", 128}, {"mufutc30_ss_mix_w3", "mufutc30_mix_w3", 256}}

func mufuTensorClosedForm(bs map[string]*Bench) (float64, string, error) {
	var sum float64
	src := "fit: closed form, mean extra cycles per MUFU.EX2 of a sub-partition beside m64n64k16 SS wgmma (gen30_mufu.py, H200, fp_cycles_per_pass):"
	for _, p := range mufuTensorPairs {
		w, a := bs[p.with], bs[p.alone]
		if w == nil || a == nil {
			return 0, "", fmt.Errorf("mufu_tensor: %s or %s not loaded", p.with, p.alone)
		}
		fw, fa := w.Measured["fp_cycles_per_pass"], a.Measured["fp_cycles_per_pass"]
		if fw == 0 || fa == 0 {
			return 0, "", fmt.Errorf("mufu_tensor: %s or %s has no recorded fp_cycles_per_pass", p.with, p.alone)
		}
		d := (fw - fa) / p.ex2
		sum += d
		src += fmt.Sprintf(" %s %.1f vs %s %.1f: %.3f;", p.with, fw, p.alone, fa, d)
	}
	return math.Round(sum/float64(len(mufuTensorPairs))*100) / 100, src[:len(src)-1], nil
}
