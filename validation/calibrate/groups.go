package calibrate

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"
)

// Group is one step of the fit: the parameters it sets and the benchmarks
// that set them. A Direct group reads its one parameter from recorded
// figures in closed form (no simulation); the others are fitted by
// Nelder-Mead over the simulated figures of Benches, from fixed starts
// within bounds. Groups run in this order; each sees the values of the
// groups before it.
type Group struct {
	Name    string
	Params  []string
	Benches []string // benchmark names whose figures the group is judged on ("x*": every name starting with x)
	// Figures, when set, are the only figures of Benches the group is
	// judged on (wgmma_floor: the issue intervals, not the latencies the
	// tail groups fit later).
	Figures []string
	// Less, when set, is one of Benches whose figures the others are
	// judged against: each judged figure as its value less Less's same
	// figure, simulated and measured alike (Less itself is not judged).
	// tma_load_elected_slots: the issue cycles a busy neighbour adds to
	// 32 elected loads, apart from the loads' own hold alone, whose error
	// belongs to tma_load_elected_issue_cycles (groups33_tmah.go).
	Less string
	// Direct computes the parameter from the recordings (by name): the
	// value and the source text.
	Direct func(rec map[string]*Bench) (float64, string, error)
	Start  []float64
	Lo, Hi []float64
	// Scan, when > 0 (groups of up to three parameters), evaluates the
	// cost at the grid of Scan+1 evenly spaced integer points of each
	// [Lo, Hi] first and starts the search from the best of them and
	// Start (branch_not_taken: two integer parameters): a group whose loops wait
	// on TMA or bulk loads sees the try_wait's recheck period
	// (mbar_tx_poll_cycles, sim/sm/mbarpoll.go) as steps of its cost,
	// and Nelder-Mead from one start stalls on a plateau.
	Scan int
	// Needs, when set, are benchmark patterns of which at least one must
	// be simulated for the group to run (icache_fetch: its far jumps alone
	// do not fix its three parameters).
	Needs []string
}

// judges reports whether the group is judged on figure fig.
func (g Group) judges(fig string) bool { return len(g.Figures) == 0 || containsStr(g.Figures, fig) }

// judged is the simulated and measured value of b's figure fig as g
// judges it: less the same figure of g.Less when set (ok false: not
// judged, or the reference lacks the figure).
func (g Group) judged(b *Bench, bs []*Bench, fig string, vals map[string]float64) (v, m float64, has, ok bool) {
	if !g.judges(fig) || b.Name == g.Less {
		return 0, 0, false, false
	}
	v, has = vals[b.Name+"\x00"+fig]
	m = measured(b, fig)
	if g.Less == "" {
		return v, m, has, true
	}
	for _, r := range bs {
		if r.Name == g.Less {
			rv, rok := vals[r.Name+"\x00"+fig]
			return v - rv, m - measured(r, fig), has && rok, true
		}
	}
	return v, m, false, true
}

// figure is a recorded figure (error when missing).
func figure(rec map[string]*Bench, bench, fig string) (float64, error) {
	b, ok := rec[bench]
	if !ok {
		return 0, fmt.Errorf("recording %s is missing", bench)
	}
	v, ok := b.Measured[fig]
	if !ok || v <= 0 {
		return 0, fmt.Errorf("recording %s has no %s", bench, fig)
	}
	return v, nil
}

// lowerMedianOf is the lower median of f over the benchmarks that have it
// (a closed form that tolerates missing recordings), with those
// benchmarks and their values in the given order for the source text.
func lowerMedianOf(benches []string, f func(b string) (float64, error)) (float64, []string, []float64, error) {
	var names []string
	var vals []float64
	for _, b := range benches {
		v, err := f(b)
		if err != nil {
			continue
		}
		names, vals = append(names, b), append(vals, v)
	}
	if len(vals) == 0 {
		return 0, nil, nil, fmt.Errorf("recordings %s: none", strings.Join(benches, ", "))
	}
	xs := slices.Clone(vals)
	slices.Sort(xs)
	return xs[(len(xs)-1)/2], names, vals, nil
}

// directFigure reads bench.figure, rounded to an integer.
func directFigure(bench, fig, what string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		v, err := figure(rec, bench, fig)
		if err != nil {
			return 0, "", err
		}
		return math.Round(v), fmt.Sprintf("fit: closed form, %s %s %.4g (%s)", bench, fig, v, what), nil
	}
}

// slope is the least-squares slope of bench figures against x, rounded to
// an integer: the cost per wavefront, per warp.
func slope(benches []string, xs []float64, fig, what string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		s, err := lsSlope(rec, benches, xs, fig)
		if err != nil {
			return 0, "", err
		}
		return math.Round(s), fmt.Sprintf("fit: closed form, least-squares slope %.4g of %s %s..%s (%s)", s, fig, benches[0], benches[len(benches)-1], what), nil
	}
}

// lsSlope is the least-squares slope of the benchmarks' figure against xs.
func lsSlope(rec map[string]*Bench, benches []string, xs []float64, fig string) (float64, error) {
	ys := make([]float64, len(benches))
	for i, b := range benches {
		y, err := figure(rec, b, fig)
		if err != nil {
			return 0, err
		}
		ys[i] = y
	}
	_, slope := stat.LinearRegression(xs, ys, nil, false)
	return slope, nil
}

var (
	// wgmmaClockFigures are the wgmma family's %clock64 figures (the tail
	// groups are not judged on the launch's cycles: tensor_clock is).
	wgmmaClockFigures = []string{"latency_cycles", "issue_interval_cycles"}
	// wgmma shapes whose issue interval is set by the MAC rate (N >= 64)
	wgmmaRateBound = []string{"wgmma_f16_n64_ss", "wgmma_f16_n128_ss", "wgmma_f16_n256_ss", "wgmma_f16_n64_rs", "wgmma_f16_n128_rs", "wgmma_f16_n256_rs"}
	wgmmaRateN     = []float64{64, 128, 256, 64, 128, 256}
	smemLat        = []string{"smem_ld32_s1_lat", "smem_ld32_s2_lat", "smem_ld32_s4_lat", "smem_ld32_s8_lat", "smem_ld32_s16_lat", "smem_ld32_s32_lat"}
	barSync        = []string{"bar_sync_w1", "bar_sync_w2", "bar_sync_w4", "bar_sync_w8", "bar_sync_w16", "bar_sync_w32"}
	pow2           = []float64{1, 2, 4, 8, 16, 32}
)

// Groups is the fit plan; which benchmark gives which parameter:
//
//   - alu/fp32/imad/fp64/mufu/conv/warp latency: the dependent-chain cycles
//     per op of chain_add_s32, chain_fma_f32, chain_mad_lo_s32,
//     chain_fma_f64, chain_ex2_ftz_f32, chain_cvt_s32_f32 (F2I),
//     chain_shfl_bfly, rounded.
//   - l1_hit_cycles, l2_hit_cycles: gmem_chase_16k (L1) and gmem_chase_1m
//     (L2) cycles per dependent load; dram_latency_ns: gmem_chase_1g at the
//     SM clock ncu measured during it; dram_bytes_per_ns: gmem_copy_c132's
//     GB/s (read + write, all SMs).
//   - smem_latency_per_wavefront_cycles: the slope of smem_ld32_s*_lat
//     over wavefronts; barrier_arrive_interval_cycles: the slope of
//     bar_sync_w* over warps.
//   - wgmma_fma_per_cycle: 64*16 MACs per unit of N over the least-squares
//     slope of the issue interval against N for the rate-bound shapes
//     (wgmma_f16_n64..n256, SS and RS; the slope leaves out the pipe's
//     constant overhead, which the interval of one shape would fold in).
//   - tma_bytes_per_cycle: 16 KiB over the latency step from
//     tma_load_none_16k_lat to _32k_lat.
//   - searched (Nelder-Mead): smem_latency_cycles (smem_ld32_s1_lat,
//     ldsm_x1_lat), barrier_release_cycles (bar_sync_w1..w4),
//     mbar_wake_cycles and mbar_wait_exit_cycles (mbar_pingpong_m0, m1, m2), launch/tail/dispatch cycles
//     (empty_c1, c132, c1056: the launch's ncu cycles), stmatrix base and
//     per-matrix cycles (stsm_x*_1w), wgmma_ss/rs_tail_cycles (every
//     wgmma_f16_*_ss / _rs), tma_latency_cycles and tma_issue_cycles
//     together (tma_load_none_*_lat and the issue-bound
//     tma_load_none_1k/2k/4k_tput), cluster_barrier_cycles (cluster_bar_c2/c4_relaxed),
//     cluster_fence_cycles (cluster_bar_c1..c8), wgmma_min_cycles (the
//     issue intervals of every wgmma_*_n8/n16, whose floor it is: a
//     search, since the simulated interval adds the loop's issue to the
//     floor), dsmem_latency_cycles (dsmem_remote_c4_r3_1lane: a cluster of 4
//     sits in a full GPC), dsmem_small_gpc_latency_cycles
//     (dsmem_remote_1lane: the first cluster of 2 sits in a 2-SM GPC). A searched parameter that changes none of its
//     benchmarks' figures keeps the base profile's value (said so).
var Groups = []Group{
	{Name: "alu_latency", Params: []string{"alu_latency_cycles"}, Benches: []string{"chain_add_s32"},
		Direct: directFigure("chain_add_s32", "cycles_per_op", "dependent add.s32 chain: IADD3 / IMAD.IADD")},
	{Name: "fp32_latency", Params: []string{"fp32_latency_cycles"}, Benches: []string{"chain_fma_f32"},
		Direct: directFigure("chain_fma_f32", "cycles_per_op", "dependent FFMA chain")},
	{Name: "imad_latency", Params: []string{"imad_latency_cycles"}, Benches: []string{"chain_mad_lo_s32"},
		Direct: directFigure("chain_mad_lo_s32", "cycles_per_op", "dependent IMAD chain")},
	{Name: "fp64_latency", Params: []string{"fp64_latency_cycles"}, Benches: []string{"chain_fma_f64"},
		Direct: directFigure("chain_fma_f64", "cycles_per_op", "dependent DFMA chain")},
	{Name: "mufu_latency", Params: []string{"mufu_latency_cycles"}, Benches: []string{"chain_ex2_ftz_f32"},
		Direct: directFigure("chain_ex2_ftz_f32", "cycles_per_op", "dependent MUFU.EX2 chain")},
	{Name: "conv_latency", Params: []string{"conv_latency_cycles"}, Benches: []string{"chain_cvt_s32_f32"},
		Direct: directFigure("chain_cvt_s32_f32", "cycles_per_op", "dependent F2I chain")},
	{Name: "warp_latency", Params: []string{"warp_latency_cycles"}, Benches: []string{"chain_shfl_bfly"},
		Direct: directFigure("chain_shfl_bfly", "cycles_per_op", "dependent SHFL.BFLY chain")},
	{Name: "l1_hit", Params: []string{"l1_hit_cycles"}, Benches: []string{"gmem_chase_16k"},
		Direct: directFigure("gmem_chase_16k", "cycles_per_load", "pointer chase in L1")},
	{Name: "l2_hit", Params: []string{"l2_hit_cycles"}, Benches: []string{"gmem_chase_1m"},
		Direct: directFigure("gmem_chase_1m", "cycles_per_load", "pointer chase in L2")},
	{Name: "dram_latency", Params: []string{"dram_latency_ns"}, Benches: []string{"gmem_chase_1g"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			c, err := figure(rec, "gmem_chase_1g", "cycles_per_load")
			if err != nil {
				return 0, "", err
			}
			mhz := rec["gmem_chase_1g"].SMClockMHz
			if mhz <= 0 {
				return 0, "", fmt.Errorf("recording gmem_chase_1g has no SM clock")
			}
			return math.Round(c*1000/mhz*10) / 10, fmt.Sprintf("fit: closed form, gmem_chase_1g cycles_per_load %.4g at %.1f MHz (pointer chase in HBM)", c, mhz), nil
		}},
	{Name: "dram_bandwidth", Params: []string{"dram_bytes_per_ns"}, Benches: []string{"gmem_copy_c132"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			v, err := figure(rec, "gmem_copy_c132", "GB_per_s")
			if err != nil {
				return 0, "", err
			}
			return math.Round(v), fmt.Sprintf("fit: closed form, gmem_copy_c132 GB_per_s %.4g (copy, read + write, 132 SMs)", v), nil
		}},
	{Name: "smem_wavefront_latency", Params: []string{"smem_latency_per_wavefront_cycles"}, Benches: smemLat,
		Direct: slope(smemLat, pow2, "cycles_per_inst", "latency per wavefront")},
	{Name: "barrier_arrive", Params: []string{"barrier_arrive_interval_cycles"}, Benches: barSync,
		Direct: slope(barSync, pow2, "cycles_per_barrier", "cycles per arriving warp")},
	{Name: "wgmma_rate", Params: []string{"wgmma_fma_per_cycle"}, Benches: wgmmaRateBound, Figures: wgmmaClockFigures,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			// the issue interval grows by 64*16 MACs per unit of N over the
			// rate: the slope, free of the pipe's constant overhead
			s, err := lsSlope(rec, wgmmaRateBound, wgmmaRateN, "issue_interval_cycles")
			if err != nil {
				return 0, "", err
			}
			if s <= 0 {
				return 0, "", fmt.Errorf("wgmma issue intervals do not grow with N")
			}
			return math.Round(64 * 16 / s), fmt.Sprintf("fit: closed form, 64*16 MACs per unit of N / least-squares slope %.4g of issue_interval_cycles over N of wgmma_f16_n64..n256 SS and RS", s), nil
		}},
	{Name: "tma_bandwidth", Params: []string{"tma_bytes_per_cycle"}, Benches: []string{"tma_load_none_16k_lat", "tma_load_none_32k_lat"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			a, err1 := figure(rec, "tma_load_none_16k_lat", "cycles_per_load")
			b, err2 := figure(rec, "tma_load_none_32k_lat", "cycles_per_load")
			if err1 != nil || err2 != nil || b <= a {
				return 0, "", fmt.Errorf("recordings tma_load_none_16k_lat, _32k_lat: need increasing cycles_per_load")
			}
			return math.Round(16384 / (b - a)), fmt.Sprintf("fit: closed form, 16384 B / (tma_load_none_32k_lat - _16k_lat cycles_per_load: %.4g - %.4g)", b, a), nil
		}},
	{Name: "smem_latency", Params: []string{"smem_latency_cycles"}, Benches: []string{"smem_ld32_s1_lat", "ldsm_x1_lat"},
		Start: []float64{20}, Lo: []float64{1}, Hi: []float64{200}},
	{Name: "barrier", Params: []string{"barrier_release_cycles"}, Benches: []string{"bar_sync_w1", "bar_sync_w2", "bar_sync_w4"},
		Start: []float64{20}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "mbarrier", Params: []string{"mbar_wake_cycles", "mbar_wait_exit_cycles"},
		Benches: []string{"mbar_pingpong_m0", "mbar_pingpong_m1", "mbar_pingpong_m2"},
		Start:   []float64{8, 16}, Lo: []float64{0, 0}, Hi: []float64{1000, 200}},
	{Name: "launch", Params: []string{"launch_cycles", "tail_cycles", "dispatch_interval_cycles"},
		Benches: []string{"empty_c1", "empty_c132", "empty_c1056"},
		Start:   []float64{2500, 500, 1}, Lo: []float64{0, 0, 0}, Hi: []float64{10000, 5000, 64}},
	{Name: "stmatrix", Params: []string{"stmatrix_base_cycles", "stmatrix_cycles_per_matrix", "stmatrix_min_interval_cycles"},
		Benches: []string{"stsm_x1_1w", "stsm_x2_1w", "stsm_x4_1w"},
		Start:   []float64{2, 2, 4}, Lo: []float64{0, 0, 0}, Hi: []float64{100, 50, 100}},
	{Name: "wgmma_ss_tail", Params: []string{"wgmma_ss_tail_cycles"}, Benches: []string{"wgmma_f16_*_ss"},
		Figures: wgmmaClockFigures, Start: []float64{64}, Lo: []float64{0}, Hi: []float64{1000}},
	{Name: "wgmma_rs_tail", Params: []string{"wgmma_rs_tail_cycles"}, Benches: []string{"wgmma_f16_*_rs"},
		Figures: wgmmaClockFigures, Start: []float64{64}, Lo: []float64{0}, Hi: []float64{1000}},
	// wgmma_floor after the two tails: its n8/n16 figures read them, and the
	// CI refit (refit_test.go) keeps the tails at their committed values, so
	// the floor must be fitted on the tails' fitted values in the full refit
	// too, not on their fixed starts, or the two refits disagree.
	{Name: "wgmma_floor", Params: []string{"wgmma_min_cycles"}, Benches: []string{"wgmma_*_n8_*", "wgmma_*_n16_*"},
		Figures: []string{"issue_interval_cycles"},
		Start:   []float64{20}, Lo: []float64{1}, Hi: []float64{200}},
	// tensor_clock after the wgmma groups: the launches' ncu cycles less
	// what their %clock64 figures (fitted above) account for is the time
	// the SM's capped clock lost while its tensor pipe was active
	// (sim/gpu/tensorclock.go, validation/timing/tensorclock.md).
	{Name: "tensor_clock", Params: []string{"tensor_clock_cap_mhz"}, Benches: []string{"wgmma_f16_*_ss", "wgmma_f16_*_rs"},
		Figures: []string{NCUFigure},
		Start:   []float64{1800}, Lo: []float64{1000}, Hi: []float64{4000}},
	// groups27_fa.go: closed form from the tensor clock probe (fa27.md)
	groupTensorRestart,
	groupMufuTensor,
	groupFp32Tensor,
	groupFp32TensorRS,
	// groups35_fdiv.go: after the pipe latencies its path reads
	groupFdivPath,
	groupTMA, // groups13_tmaissue.go: jointly with the wait's fast exit and the R2UR wait
	{Name: "cluster_barrier", Params: []string{"cluster_barrier_cycles"}, Benches: []string{"cluster_bar_c2_relaxed", "cluster_bar_c4_relaxed"},
		Start: []float64{64}, Lo: []float64{0}, Hi: []float64{2000}},
	{Name: "cluster_fence", Params: []string{"cluster_fence_cycles"}, Benches: []string{"cluster_bar_c1", "cluster_bar_c2", "cluster_bar_c4", "cluster_bar_c8"},
		Start: []float64{200}, Lo: []float64{0}, Hi: []float64{2000}},
	{Name: "dsmem", Params: []string{"dsmem_latency_cycles"}, Benches: []string{"dsmem_remote_c4_r3_1lane"},
		Start: []float64{100}, Lo: []float64{0}, Hi: []float64{2000}},
	{Name: "dsmem_small_gpc", Params: []string{"dsmem_small_gpc_latency_cycles"}, Benches: []string{"dsmem_remote_1lane"},
		Start: []float64{100}, Lo: []float64{1}, Hi: []float64{2000}},
}
