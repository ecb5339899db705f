package calibrate

import (
	"fmt"
	"math"
)

// Group is one step of the fit: the parameters it sets and the benchmarks
// that set them. A Direct group reads its one parameter from a recorded
// figure in closed form (no simulation); the others are fitted by
// Nelder-Mead over the simulated figures of Benches, from fixed starts
// within bounds. Groups run in this order; each sees the values of the
// groups before it.
type Group struct {
	Name    string
	Params  []string
	Benches []string // benchmark names whose figures the group is judged on ("x*": every name starting with x)
	// Direct computes the parameter from the recordings (by name).
	Direct func(rec map[string]*Bench) (float64, string, error)
	Start  []float64
	Lo, Hi []float64
}

// directFigure reads bench.figure and rounds scale*value to an integer.
func directFigure(bench, figure string, scale float64, formula string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		b, ok := rec[bench]
		if !ok {
			return 0, "", fmt.Errorf("recording %s is missing", bench)
		}
		v, ok := b.Measured[figure]
		if !ok || v <= 0 {
			return 0, "", fmt.Errorf("recording %s has no %s", bench, figure)
		}
		return math.Round(v * scale), fmt.Sprintf("fit: closed form, %s %s %.4g (%s)", bench, figure, v, formula), nil
	}
}

// Groups is the fit plan. Which benchmark gives which parameter:
//
//   - fp32/imad/fp64/mufu/warp latency: the dependent-chain cycles per op of
//     chain_fma_f32 (FFMA), chain_mad_lo_s32 (IMAD), chain_fma_f64 (DFMA),
//     chain_ex2_ftz_f32 (MUFU.EX2), chain_shfl_bfly (SHFL), rounded.
//   - wgmma_fma_per_cycle: 64*256*16 MACs over wgmma_f16_n256_ss's issue
//     interval (the N/2 regime: the tensor core's rate).
//   - tma_bytes_per_cycle: tma_load_none_32k_tput's bytes per cycle (the
//     largest box, 4 in flight: bandwidth-bound).
//   - global_latency_ns: gmem_chase_1g's cycles per dependent load (HBM)
//     at the SM clock ncu measured during that benchmark.
//   - global_bytes_per_ns: gmem_copy_c132's GB/s (read + write, all SMs).
//   - searched: smem_latency_cycles (smem_ld32_s1_lat, ldsm_x1_lat),
//     barrier_release_cycles (bar_sync_w1, _w2, _w4), mbar_wake_cycles
//     (mbar_pingpong_m0, _m1), launch/tail/dispatch cycles (empty_c1,
//     _c132, _c1056: ncu cycles of the launch), wgmma latency and floor
//     (every wgmma_f16_* latency and issue interval), tma_issue_cycles
//     (tma_load_none_1k/2k/4k_tput: issue-bound).
var Groups = []Group{
	{Name: "fp32_latency", Params: []string{"fp32_latency_cycles"}, Benches: []string{"chain_fma_f32"},
		Direct: directFigure("chain_fma_f32", "cycles_per_op", 1, "dependent FFMA chain")},
	{Name: "imad_latency", Params: []string{"imad_latency_cycles"}, Benches: []string{"chain_mad_lo_s32"},
		Direct: directFigure("chain_mad_lo_s32", "cycles_per_op", 1, "dependent IMAD chain")},
	{Name: "fp64_latency", Params: []string{"fp64_latency_cycles"}, Benches: []string{"chain_fma_f64"},
		Direct: directFigure("chain_fma_f64", "cycles_per_op", 1, "dependent DFMA chain")},
	{Name: "mufu_latency", Params: []string{"mufu_latency_cycles"}, Benches: []string{"chain_ex2_ftz_f32"},
		Direct: directFigure("chain_ex2_ftz_f32", "cycles_per_op", 1, "dependent MUFU.EX2 chain")},
	{Name: "warp_latency", Params: []string{"warp_latency_cycles"}, Benches: []string{"chain_shfl_bfly"},
		Direct: directFigure("chain_shfl_bfly", "cycles_per_op", 1, "dependent SHFL.BFLY chain")},
	{Name: "wgmma_rate", Params: []string{"wgmma_fma_per_cycle"}, Benches: []string{"wgmma_f16_n256_ss"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			b, ok := rec["wgmma_f16_n256_ss"]
			iv := 0.0
			if ok {
				iv = b.Measured["issue_interval_cycles"]
			}
			if iv <= 0 {
				return 0, "", fmt.Errorf("recording wgmma_f16_n256_ss (issue_interval_cycles) is missing")
			}
			return math.Round(64 * 256 * 16 / iv), fmt.Sprintf("fit: closed form, 64*256*16 MACs / wgmma_f16_n256_ss issue_interval_cycles %.4g", iv), nil
		}},
	{Name: "tma_bandwidth", Params: []string{"tma_bytes_per_cycle"}, Benches: []string{"tma_load_none_32k_tput"},
		Direct: directFigure("tma_load_none_32k_tput", "bytes_per_cycle_per_sm", 1, "box 32 KiB, 4 in flight")},
	{Name: "hbm_latency", Params: []string{"global_latency_ns"}, Benches: []string{"gmem_chase_1g"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			b, ok := rec["gmem_chase_1g"]
			if !ok || b.Measured["cycles_per_load"] <= 0 || b.SMClockMHz <= 0 {
				return 0, "", fmt.Errorf("recording gmem_chase_1g (cycles_per_load, sm_clock_mhz) is missing")
			}
			c := b.Measured["cycles_per_load"]
			ns := c * 1000 / b.SMClockMHz
			return math.Round(ns*10) / 10, fmt.Sprintf("fit: closed form, gmem_chase_1g cycles_per_load %.4g at %.1f MHz (HBM pointer chase)", c, b.SMClockMHz), nil
		}},
	{Name: "hbm_bandwidth", Params: []string{"global_bytes_per_ns"}, Benches: []string{"gmem_copy_c132"},
		Direct: directFigure("gmem_copy_c132", "GB_per_s", 1, "copy read + write on 132 SMs")},
	{Name: "smem_latency", Params: []string{"smem_latency_cycles"}, Benches: []string{"smem_ld32_s1_lat", "ldsm_x1_lat"},
		Start: []float64{20}, Lo: []float64{1}, Hi: []float64{200}},
	{Name: "barrier", Params: []string{"barrier_release_cycles"}, Benches: []string{"bar_sync_w1", "bar_sync_w2", "bar_sync_w4"},
		Start: []float64{20}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "mbarrier", Params: []string{"mbar_wake_cycles"}, Benches: []string{"mbar_pingpong_m0", "mbar_pingpong_m1"},
		Start: []float64{32}, Lo: []float64{0}, Hi: []float64{1000}},
	{Name: "launch", Params: []string{"launch_cycles", "tail_cycles", "dispatch_interval_cycles"},
		Benches: []string{"empty_c1", "empty_c132", "empty_c1056"},
		Start:   []float64{2500, 500, 1}, Lo: []float64{0, 0, 0}, Hi: []float64{10000, 5000, 64}},
	{Name: "wgmma", Params: []string{"wgmma_latency_cycles", "wgmma_min_cycles"}, Benches: []string{"wgmma_f16_*"},
		Start: []float64{64, 13}, Lo: []float64{0, 1}, Hi: []float64{1000, 200}},
	{Name: "tma_issue", Params: []string{"tma_issue_cycles"},
		Benches: []string{"tma_load_none_1k_tput", "tma_load_none_2k_tput", "tma_load_none_4k_tput"},
		Start:   []float64{32}, Lo: []float64{1}, Hi: []float64{2000}},
}
