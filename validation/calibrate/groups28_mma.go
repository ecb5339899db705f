package calibrate

import "fmt"

// The family mma28 of tools/microbench/gen28_mma.py (session 28, helper
// mma; H200 only): warp-level mma.sync of the shapes and types nvcc emits
// on sm_90, one CTA on one SM. Per form (f16f32, f16f16, bf16: m16n8k16;
// tf32, f16k8: m16n8k8; s8, e4m3: m16n8k32; f64: m8n8k4):
//
//   - mma28_<form>_lat (one warp, 1024 dependent mma a rep, the
//     accumulator feeding the next): latency_cycles = clk[1] / 1024;
//   - mma28_<form>_w<W> (W = 1, 2, 4, 8, 16 warps, 8 independent
//     accumulators a warp, 1024 mma a warp a rep, a barrier before each
//     rep): issue_interval_cycles = max over warps of clk[2w+1] /
//     (1024 ceil(W/4)), the cycles a sub-partition spends per mma;
//   - mma28_f16f32_fmix_w4, mma28_f64_dmix_w4: the W = 4 stream with 8
//     FFMA (4 DFMA) after each mma; issue_interval_cycles the same.
//
// validation/timing/mma28.md.
func init() {
	registerFamily("mma28", family{figures: mma28Figures, derive: deriveMma28})
}

func mma28Figures(b *Bench) []string {
	if b.Kind == "latency" {
		return []string{"latency_cycles"}
	}
	return []string{"issue_interval_cycles"}
}

func deriveMma28(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	w, per, sub := int(b.meta("warps")), b.meta("mma_per_warp"), b.meta("warps_per_subpartition")
	if w < 1 || per <= 0 || sub <= 0 || len(clk) < 2*w {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warp (%d warps) and meta mma_per_warp, warps_per_subpartition", b.Name, len(clk), w)
	}
	if b.Kind == "latency" {
		return map[string]float64{"latency_cycles": clk[1] / per}, nil
	}
	mx := 0.0
	for i := range w {
		mx = max(mx, clk[2*i+1])
	}
	return map[string]float64{"issue_interval_cycles": mx / (per * sub)}, nil
}

// mma28Forms: per mma.sync form (ptx.MmaFormNames, sim/sm/mmaform.go) the
// recorded directories' form and the SASS ptxas made of it.
var mma28Forms = []struct{ param, form, sass string }{
	{"f16_m16n8k16", "f16f32", "HMMA.16816.F32"},
	{"f16_m16n8k8", "f16k8", "HMMA.1688.F32"},
	{"tf32_m16n8k8", "tf32", "HMMA.1688.F32.TF32"},
	{"s8_m16n8k32", "s8", "IMMA.16832.S8.S8"},
	{"f64_m8n8k4", "f64", "DMMA.8x8x4"},
}

// The groups mma_<form>_latency and mma_<form>_interval, in closed form:
// the latency is mma28_<form>_lat's latency_cycles (1024 dependent mma),
// the interval mma28_<form>_w16's issue_interval_cycles (4 warps a
// sub-partition, 8 accumulators each: the pipe's rate, not one warp's
// issue). f16_m16n8k16 reads the f16 -> f32 form; f16 -> f16 and bf16
// (mma28_f16f16_*, mma28_bf16_*) are the same HMMA.16816 and are judged,
// not fitted.
func init() {
	for _, m := range mma28Forms {
		lat, tput := "mma28_"+m.form+"_lat", "mma28_"+m.form+"_w16"
		Groups = append(Groups,
			Group{Name: "mma_" + m.param + "_latency", Params: []string{"mma_" + m.param + "_latency_cycles"},
				Benches: []string{lat}, Figures: []string{"latency_cycles"},
				Direct: directFigure(lat, "latency_cycles", "1024 dependent mma.sync, the accumulator feeding the next: "+m.sass)},
			Group{Name: "mma_" + m.param + "_interval", Params: []string{"mma_" + m.param + "_interval_cycles"},
				Benches: []string{"mma28_" + m.form + "_w*"}, Figures: []string{"issue_interval_cycles"},
				Direct: directFigure(tput, "issue_interval_cycles", "16 warps, 4 a sub-partition, 8 independent accumulators each: "+m.sass)})
	}
}

// The group mma_warp_interval: mma_warp_interval_ratio (sim/sm/mmaform.go
// mmaWarpFree), Nelder-Mead on the one-warp-a-sub-partition streams of the
// three SASS classes (HMMA.16816, HMMA.1688, DMMA.8x8x4), whose
// interval is 8-9% above the pipe's (session 32, validation/timing/mma32.md).
func init() {
	Groups = append(Groups, Group{Name: "mma_warp_interval", Params: []string{"mma_warp_interval_ratio"},
		Benches: []string{"mma28_f16f32_w1", "mma28_f16k8_w1", "mma28_f64_w1"}, Figures: []string{"issue_interval_cycles"},
		Start: []float64{1.06}, Lo: []float64{1}, Hi: []float64{1.2}},
		// mma_dispatch_cycles (mmaform.go mmaDispatch): the HMMA's issue
		// hold beside independent FFMAs; mma28_e4m3_w16 (the fp8
		// emulation's HMMAs beside the ALU's unpacks) is judged, not fitted
		Group{Name: "mma_dispatch", Params: []string{"mma_dispatch_cycles"},
			Benches: []string{"mma28_f16f32_fmix_w4"}, Figures: []string{"issue_interval_cycles"},
			Start: []float64{4}, Lo: []float64{1}, Hi: []float64{6}})
}
