package calibrate

import (
	"fmt"
	"math"
)

// Groups fp32_tensor and fp32_tensor_rs (session 31, helper flash;
// validation/timing/flash31.md): fp32_tensor_extra_cycles and
// fp32_tensor_rs_extra_cycles, the cycles an FP32-pipe instruction's result
// comes later while the SM's tensor pipe runs an SS / RS wgmma
// (sim/sm/fp32tensor.go). Closed form on family mufutc30's dependent FFMA
// chain (64 a pass, one warp a sub-partition, latency-bound): (fp_cycles_per_pass
// beside the wgmma - alone) / 64, mufutc30_ss_ffma4 / mufutc30_rs_ffma4 against
// mufutc30_ffma4. Rounded to 0.01.
var groupFp32Tensor = Group{Name: "fp32_tensor", Params: []string{"fp32_tensor_extra_cycles"},
	Benches: []string{"mufutc30_*"},
	Direct: func(bs map[string]*Bench) (float64, string, error) {
		return fp32TensorClosedForm(bs, fp32TensorPairs[0])
	}}

var groupFp32TensorRS = Group{Name: "fp32_tensor_rs", Params: []string{"fp32_tensor_rs_extra_cycles"},
	Benches: []string{"mufutc30_*"},
	Direct: func(bs map[string]*Bench) (float64, string, error) {
		return fp32TensorClosedForm(bs, fp32TensorPairs[1])
	}}

// fp32TensorPairs: (beside wgmma, alone, wgmma kind, dependent FFMA a pass).
var fp32TensorPairs = [...]struct {
	with, alone, kind string
	steps             float64
}{{"mufutc30_ss_ffma4", "mufutc30_ffma4", "SS", 64}, {"mufutc30_rs_ffma4", "mufutc30_ffma4", "RS wgmma, A from registers", 64}}

func fp32TensorClosedForm(bs map[string]*Bench, p struct {
	with, alone, kind string
	steps             float64
}) (float64, string, error) {
	w, a := bs[p.with], bs[p.alone]
	if w == nil || a == nil {
		return 0, "", fmt.Errorf("fp32_tensor: %s or %s not loaded", p.with, p.alone)
	}
	fw, fa := w.Measured["fp_cycles_per_pass"], a.Measured["fp_cycles_per_pass"]
	if fw == 0 || fa == 0 {
		return 0, "", fmt.Errorf("fp32_tensor: %s or %s has no recorded fp_cycles_per_pass", p.with, p.alone)
	}
	d := (fw - fa) / p.steps
	kind := p.kind
	if kind == "SS" {
		kind = "SS wgmma"
	}
	src := fmt.Sprintf("fit: closed form, extra cycles per step of a dependent FFMA chain (one warp a sub-partition) beside "+
		"m64n64k16 %s (gen30_mufu.py, H200, fp_cycles_per_pass / %g): %s %.1f vs %s %.1f: %.3f", kind, p.steps, p.with, fw, p.alone, fa, d)
	return math.Round(d*100) / 100, src, nil
}
