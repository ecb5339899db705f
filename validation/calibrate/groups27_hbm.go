package calibrate

import (
	"fmt"

	"gonum.org/v1/gonum/stat"
)

// groups27HBM sets HBM's queueing latency below its bandwidth limit
// (validation/timing/hbm27.md, hbmq28.md; sim/gpu l2queue.go):
//
//   - dram_queue_cycles: a miss's extra latency is dram_queue_cycles x
//     rho/(1-rho), rho HBM's recent utilisation (capped at 0.9). Session 27
//     searched it on the copy's rate (gmem_copy_c16/_c33), which made a
//     miss at c33 ~680 cycles slower; session 28 measured the wait itself
//     (tools/microbench/hbmq28: one warp's dependent cold loads on one SM
//     while 16/33/66/131 SMs run gmem_copy, H200) and it is ~300: the
//     copy's rate at c33 is set by something else (hbmq28.md). So the value
//     is now the closed-form least-squares fit of q x rho/(1-rho) to that
//     probe's extra latency (hbmqProbe), less what the model's own L2 and
//     HBM queues already add there at q = 0 (the probe's PTX twin,
//     tools/microbench/hbmq28/sim). The probe is not a calibrate
//     benchmark; the group runs when gmem_copy_c33 is selected.
var groups27HBM = []Group{
	{Name: "dram_queue", Params: []string{"dram_queue_cycles"}, Benches: []string{"gmem_copy_c33"},
		Direct: dramQueueFromProbe},
}

// hbmqProbe: the H200 recording of tools/microbench/hbmq28 (analysis.txt):
// HBM utilisation (the copy's GB/s over gmem_copy_c132's 3976 of the same
// call), the chase's mean cycles a load over the unloaded chase's (684),
// and the model's own extra latency there at q = 0 (its twin, this
// branch's binary: unloaded 732, c16 740, c33 797).
var hbmqProbe = []struct{ rho, extra, model float64 }{
	{0.3792, 117.19, 8},  // 16 SMs copying
	{0.7333, 307.61, 65}, // 33
}

func dramQueueFromProbe(rec map[string]*Bench) (float64, string, error) {
	xs := make([]float64, len(hbmqProbe))
	ys := make([]float64, len(hbmqProbe))
	for i, p := range hbmqProbe {
		xs[i], ys[i] = p.rho/(1-p.rho), p.extra-p.model
	}
	_, q := stat.LinearRegression(xs, ys, nil, true) // through the origin
	src := "fit: closed form, least squares of q x rho/(1-rho) on the hbmq28 probe (H200, one warp chasing cold lines " +
		"beside gmem_copy: +117 / +308 cycles a load over the unloaded chase at rho 0.379 / 0.733 of the c132 rate, " +
		"less the model's own +8 / +65 there at q = 0; validation/timing/hbmq28.md)"
	if b := rec["gmem_copy_c33"]; b != nil && b.Suffix != "" {
		src = fmt.Sprintf("shared with the H200: %s; no %s probe was recorded", src, b.Suffix)
	}
	return float64(int(q*100+0.5)) / 100, src, nil
}

func init() { Groups = append(Groups, groups27HBM...) }
