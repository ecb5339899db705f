package calibrate

import (
	"fmt"
	"math"
	"sort"
)

// Helper fit8's groups (issue 15, session 5): the parameters the H100
// profile copied from the H200 and the estimates that change time, each
// from recordings made on both GPUs.
//
//   - l2_far_extra_cycles: gmem_chase_hist_4m's per-load latencies fall in
//     two groups, the L2 slice near the SM and the far one (summarize.py
//     near_far: the least-squares cut of the sorted latencies); the
//     difference of their means, in closed form.
//   - dsmem_bytes_per_cycle: a 32-lane ld.shared::cluster moves 124 bytes
//     more than a 1-lane one over the SM-to-SM port: 124 bytes over the
//     difference of dsmem_remote_32lanes and _1lane, in closed form.
//   - dsmem_local_extra_cycles: searched on dsmem_local_1lane/_32lanes (a
//     shared::cluster load of the CTA's own shared memory).
//   - fence_cycles (CTA scope: MEMBAR.*.CTA) and fence_gpu_cycles (cluster,
//     GPU scope: MEMBAR.*.GPU + ERRBAR + CGAERRBAR + CCTL.IVALL): searched
//     on fence7_acqrel_cta/_sc_cta and fence7_acqrel_cluster/_gpu/_sc_gpu
//     (gen7_fit8.py: back-to-back fences in one warp). fence7_mbinit
//     (fence.mbarrier_init is a NOP in SASS) is fitted with the branch
//     group (groups8_core.go).
//   - smem_queue_wavefronts (the shared-memory port's backlog before the
//     warp waits): searched on smem_ld*_tput (only smem_ld64_s1_tput moves,
//     3.8% from 32 to 16 on the H100).
//   - imad_interval_cycles: 4 sub-partitions over itput_mad_lo's
//     warp-instructions per SM cycle (independent IMADs), in closed form.
//   - dispatch_latency_cycles: searched with the launch group's parameters
//     on redisp7_c264 too (the gap on one SM between a CTA's last %clock64
//     and the next CTA's first, one CTA per SM at a time: the latency plus
//     the dispatch intervals of the CTAs placed before; redisp7_c528 is
//     SIM_SKIP, --heavy adds it). About 0.5 s a run: CI's refit leaves the
//     launch group out (refit_test.go ciGroups).
var groupsFit8 = []Group{
	{Name: "dsmem_bytes", Params: []string{"dsmem_bytes_per_cycle"}, Benches: []string{"dsmem_remote_1lane", "dsmem_remote_32lanes"},
		Direct: fit8DSMEMBytes},
	{Name: "dsmem_local", Params: []string{"dsmem_local_extra_cycles"}, Benches: []string{"dsmem_local_1lane", "dsmem_local_32lanes"},
		Start: []float64{10}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "fence_cta", Params: []string{"fence_cycles"}, Benches: []string{"fence7_acqrel_cta", "fence7_sc_cta"},
		Start: []float64{10}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "fence_gpu", Params: []string{"fence_gpu_cycles"}, Benches: []string{"fence7_acqrel_cluster", "fence7_acqrel_gpu", "fence7_sc_gpu"},
		Start: []float64{300}, Lo: []float64{0}, Hi: []float64{5000}},
}

var fit8L2Far = Group{Name: "l2_far", Params: []string{"l2_far_extra_cycles"}, Benches: []string{"gmem_chase_hist_4m"},
	Direct: func(rec map[string]*Bench) (float64, string, error) {
		near, err := figure(rec, "gmem_chase_hist_4m", "per_load_near_mean")
		if err != nil {
			return 0, "", err
		}
		far, err := figure(rec, "gmem_chase_hist_4m", "per_load_far_mean")
		if err != nil {
			return 0, "", err
		}
		share := rec["gmem_chase_hist_4m"].Measured["per_load_far_share"]
		return math.Round(far - near), fmt.Sprintf("fit: closed form, gmem_chase_hist_4m per-load latencies in two groups (least-squares cut): "+
			"near %.4g, far %.4g (%.0f%% of the loads): far - near", near, far, 100*share), nil
	}}

// fit8IMADInterval: itput_mad_lo is 16 warps of independent IMADs (ILP 8):
// each sub-partition issues one per imad_interval_cycles.
var fit8IMADInterval = Group{Name: "imad_interval", Params: []string{"imad_interval_cycles"}, Benches: []string{"itput_mad_lo"},
	Direct: func(rec map[string]*Bench) (float64, string, error) {
		v, err := figure(rec, "itput_mad_lo", "warp_inst_per_sm_cycle")
		if err != nil {
			return 0, "", err
		}
		return math.Round(4 / v), fmt.Sprintf("fit: closed form, 4 sub-partitions / itput_mad_lo warp_inst_per_sm_cycle %.4g (independent IMAD)", v), nil
	}}

// fit8DSMEMBytes: 124 bytes over the 32-lane load's extra cycles.
func fit8DSMEMBytes(rec map[string]*Bench) (float64, string, error) {
	a, err := figure(rec, "dsmem_remote_1lane", "cycles_per_load")
	if err != nil {
		return 0, "", err
	}
	b, err := figure(rec, "dsmem_remote_32lanes", "cycles_per_load")
	if err != nil {
		return 0, "", err
	}
	if b <= a {
		return 0, "", fmt.Errorf("dsmem_remote_32lanes (%.4g cycles) is not slower than _1lane (%.4g)", b, a)
	}
	return math.Round(124 / (b - a)), fmt.Sprintf("fit: closed form, 124 bytes more / (dsmem_remote_32lanes %.4g - dsmem_remote_1lane %.4g cycles_per_load)", b, a), nil
}

// fit8WithDispatch adds dispatch_latency_cycles and redisp7_c264 to the
// launch group: the gap between two CTAs on one SM is the dispatch latency
// plus the scheduler's dispatch_interval_cycles for each CTA placed before
// (132 at once), and the empty kernels hold the latency as a constant.
func fit8WithDispatch(g Group) Group {
	g.Params = append(append([]string(nil), g.Params...), "dispatch_latency_cycles")
	g.Benches = append(append([]string(nil), g.Benches...), "redisp7_c264")
	g.Start = append(append([]float64(nil), g.Start...), 120)
	g.Lo = append(append([]float64(nil), g.Lo...), 0)
	g.Hi = append(append([]float64(nil), g.Hi...), 5000)
	return g
}

// init appends the fit8 groups, puts l2_far after l2_hit (it sets the
// near and far latencies around l2_hit_cycles) and imad_interval before
// imad_wide, and fits dispatch_latency_cycles in the launch group.
func init() {
	var out []Group
	for _, g := range Groups {
		switch g.Name {
		case "launch":
			g = fit8WithDispatch(g)
		case "imad_wide":
			out = append(out, fit8IMADInterval)
		}
		out = append(out, g)
		if g.Name == "l2_hit" {
			out = append(out, fit8L2Far)
		}
	}
	Groups = append(out, groupsFit8...)
}

func init() { registerFamily("redisp7", family{fit8RedispFigures, fit8RedispDerive}) }

// fit8RedispFigures: the redisp7 family (gen7_fit8.py) is compared on the
// median gap.
func fit8RedispFigures(*Bench) []string { return []string{"redispatch_gap_cycles"} }

// fit8RedispDerive is summarize.py's derive_redisp7: per SM, its CTAs by
// start; the next CTA's clk t0 minus the previous one's t1; the median,
// min and max over all such pairs.
func fit8RedispDerive(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk, smid := o["clk"], o["smid"]
	if len(clk) != 2*len(smid) || len(smid) == 0 {
		return nil, fmt.Errorf("%s: outputs clk (%d values) and smid (%d): the derivation needs 2 clk values per CTA", b.Name, len(clk), len(smid))
	}
	by := map[float64][][]float64{}
	var sms []float64
	for i, c := range rows(clk, 2) {
		if _, ok := by[smid[i]]; !ok {
			sms = append(sms, smid[i])
		}
		by[smid[i]] = append(by[smid[i]], c)
	}
	sort.Float64s(sms)
	var gaps []float64
	for _, s := range sms {
		cs := by[s]
		sort.Slice(cs, func(i, j int) bool { return cs[i][0] < cs[j][0] })
		for k := 1; k < len(cs); k++ {
			gaps = append(gaps, cs[k][0]-cs[k-1][1])
		}
	}
	if len(gaps) == 0 {
		return nil, fmt.Errorf("%s: no SM ran two CTAs", b.Name)
	}
	sort.Float64s(gaps)
	return map[string]float64{"redispatch_gap_cycles": median(gaps), "redispatch_gap_min": gaps[0], "redispatch_gap_max": gaps[len(gaps)-1]}, nil
}
