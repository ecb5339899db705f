package calibrate

import (
	"fmt"
	"sort"
	"strings"
)

// Outputs are a run's timing outputs as numbers: clk (%clock64 deltas),
// and where the benchmark has them smid, gt (%globaltimer) and lat.
type Outputs map[string][]float64

// NCUFigure names the figure that is the whole launch's cycles (ncu
// sm__cycles_elapsed.max on the GPU, Timing.Cycles in the simulator).
const NCUFigure = "ncu_cycles"

// Figures are the derived figures a benchmark is compared on: the ones
// summarize.py derived that name the benchmark's point (cycles per op,
// per load, per barrier; bytes or warp-instructions per cycle), or the
// launch's cycles for the empty kernels.
func Figures(b *Bench) []string {
	n, k := b.Name, b.Kind
	switch {
	case b.Family == "empty":
		return []string{NCUFigure}
	case b.Family == "chain" && b.meta("ops_per_rep") == 0:
		return []string{"clk_rep1"} // the timed region's overhead
	case b.Family == "chain":
		return []string{"cycles_per_op"}
	case b.Family == "fma_tput":
		return []string{"fma_warp_inst_per_sm_cycle"}
	case strings.HasPrefix(n, "bar_sync"), strings.HasPrefix(n, "cluster_bar"):
		return []string{"cycles_per_barrier"}
	case hasPrefix(n, "smem_ld", "ldsm", "atom", "stsm"):
		if k == "latency" || k == "issue" {
			return []string{"cycles_per_inst"}
		}
		return []string{"cycles_per_warp_inst"}
	case strings.HasPrefix(n, "mbar_pingpong"):
		return []string{"cycles_per_handoff"}
	case strings.HasPrefix(n, "gmem_chase"), strings.HasPrefix(n, "dsmem"):
		return []string{"cycles_per_load"}
	case strings.HasPrefix(n, "gmem_copy"):
		return []string{"bytes_per_cycle_per_sm"}
	case strings.HasPrefix(n, "tma_load"):
		if k == "latency" {
			return []string{"cycles_per_load"}
		}
		return []string{"bytes_per_cycle_per_sm"}
	case hasPrefix(n, "tma_mcast", "tma_nomcast"):
		return []string{"cycles_per_iteration"}
	case strings.HasPrefix(n, "cpasync"):
		if k == "latency" {
			return []string{"cycles_per_step"}
		}
		return []string{"bytes_per_cycle_per_sm"}
	case strings.HasPrefix(n, "wgmma"):
		// and the launch's cycles: the tensor clock cap (group tensor_clock)
		return []string{"latency_cycles", "issue_interval_cycles", NCUFigure}
	}
	return figures3(b)
}

func hasPrefix(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Derive computes a run's figures from its outputs, the same formulas as
// tools/microbench/summarize.py's derive (the recording's meta.derive says
// each in words). cycles is the launch's cycles (the empty kernels' figure).
func Derive(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	need := func(key string, n int) error {
		if len(o[key]) < n {
			return fmt.Errorf("%s: output %s has %d values, the derivation needs %d", b.Name, key, len(o[key]), n)
		}
		return nil
	}
	n, fam := b.Name, b.Family
	out := map[string]float64{}
	switch {
	case fam == "empty":
		out[NCUFigure] = cycles
	case fam == "chain":
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		out["clk_rep1"] = clk[1]
		if ops := b.meta("ops_per_rep"); ops > 0 {
			out["cycles_per_op"] = clk[1] / ops
		}
	case fam == "fma_tput":
		return deriveFMA(b, o)
	case hasPrefix(n, "smem_ld", "ldsm", "atom", "stsm", "bar_sync"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		cl := rows(clk, 2)
		per := firstNonZero(b.meta("loads_per_warp"), b.meta("atoms_per_warp"), b.meta("stores_per_warp"), b.meta("barriers_per_rep"))
		mx := maxCol(cl, 1)
		switch {
		case strings.HasPrefix(n, "bar_sync"):
			out["cycles_per_barrier"] = mx / per
		case b.Kind == "latency" || b.Kind == "issue":
			out["cycles_per_inst"] = cl[0][1] / per
		default:
			out["warp_inst_per_cycle"] = float64(len(cl)) * per / mx
			out["cycles_per_warp_inst"] = mx / (float64(len(cl)) * per)
		}
	case strings.HasPrefix(n, "mbar_pingpong"):
		if err := need("clk", 4); err != nil {
			return nil, err
		}
		h := b.meta("handoffs_per_rep")
		out["cycles_per_handoff"], out["warp1_cycles_per_handoff"] = clk[1]/h, clk[3]/h
	case strings.HasPrefix(n, "gmem_chase"):
		if err := need("clk", 1); err != nil {
			return nil, err
		}
		out["cycles_per_load"] = clk[0] / b.meta("timed_loads")
	case strings.HasPrefix(n, "gmem_copy"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		var per []float64
		for _, c := range rows(clk, 2) {
			per = append(per, 2*b.meta("bytes_per_cta")/(c[1]-c[0]))
		}
		out["bytes_per_cycle_per_sm"] = median(per)
	case strings.HasPrefix(n, "tma_load"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		var xs []float64
		for _, c := range rows(clk, 2) {
			xs = append(xs, c[1])
		}
		c, loads := median(xs), b.meta("loads_per_rep")
		out["cycles_per_load"] = c / loads
		if b.Kind != "latency" {
			out["bytes_per_cycle_per_sm"] = loads * b.meta("box_bytes") / c
		}
	case hasPrefix(n, "tma_mcast", "tma_nomcast"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		out["cycles_per_iteration"] = maxCol(rows(clk, 2), 1) / b.meta("loads_per_rep")
	case strings.HasPrefix(n, "cpasync"):
		return deriveCpAsync(b, o)
	case strings.HasPrefix(n, "dsmem"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		out["cycles_per_load"] = clk[1] / b.meta("loads_per_rep")
	case strings.HasPrefix(n, "cluster_bar"):
		if err := need("clk", 2); err != nil {
			return nil, err
		}
		out["cycles_per_barrier"] = maxCol(rows(clk, 2), 1) / b.meta("barriers_per_rep")
	case strings.HasPrefix(n, "wgmma"):
		if err := need("clk", 4); err != nil {
			return nil, err
		}
		out["latency_cycles"], out["issue_interval_cycles"] = clk[1]/b.meta("lat_wgmmas"), clk[3]/b.meta("tput_wgmmas")
		out[NCUFigure] = cycles
	default:
		return derive3(b, o, cycles)
	}
	return out, nil
}

// deriveFMA: per SM, the warp-instructions of its CTAs over the span from
// the earliest start (clk[.][2]) to the latest end (clk[.][3]).
func deriveFMA(b *Bench, o Outputs) (map[string]float64, error) {
	cl := rows(o["clk"], 4)
	smid := o["smid"]
	if len(cl) == 0 || len(smid) < len(cl) {
		return nil, fmt.Errorf("%s: fma_tput needs clk rows of 4 and one smid per CTA", b.Name)
	}
	by := map[int][][]float64{}
	var sms []int
	for i, c := range cl {
		s := int(smid[i])
		if _, ok := by[s]; !ok {
			sms = append(sms, s)
		}
		by[s] = append(by[s], c)
	}
	sort.Ints(sms)
	warps := float64(b.Block[0] / 32)
	var rates []float64
	for _, s := range sms {
		cs := by[s]
		lo, hi := cs[0][2], cs[0][3]
		for _, c := range cs {
			lo, hi = min(lo, c[2]), max(hi, c[3])
		}
		rates = append(rates, float64(len(cs))*warps*b.meta("warp_ops_per_warp")/(hi-lo))
	}
	return map[string]float64{"fma_warp_inst_per_sm_cycle": median(rates)}, nil
}

// deriveCpAsync: latency per step of warp 0, or bytes per cycle per CTA
// (its warps' steps over its slowest warp), median over CTAs.
func deriveCpAsync(b *Bench, o Outputs) (map[string]float64, error) {
	cl := rows(o["clk"], 2)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: no clk output", b.Name)
	}
	if b.Kind == "latency" {
		return map[string]float64{"cycles_per_step": cl[0][1] / b.meta("steps_per_warp")}, nil
	}
	warps, ctas := int(b.meta("warps")), int(b.meta("ctas"))
	if warps <= 0 || ctas <= 0 || len(cl) < warps*ctas {
		return nil, fmt.Errorf("%s: clk has %d rows, want warps x ctas = %d x %d", b.Name, len(cl), warps, ctas)
	}
	var bpc []float64
	for i := 0; i < ctas; i++ {
		mx := maxCol(cl[i*warps:(i+1)*warps], 1)
		bpc = append(bpc, float64(warps)*b.meta("steps_per_warp")*b.meta("bytes_per_step")/mx)
	}
	return map[string]float64{"bytes_per_cycle_per_sm": median(bpc)}, nil
}

func rows(flat []float64, w int) [][]float64 {
	var out [][]float64
	for i := 0; i+w <= len(flat); i += w {
		out = append(out, flat[i:i+w])
	}
	return out
}

func maxCol(rs [][]float64, c int) float64 {
	m := rs[0][c]
	for _, r := range rs {
		m = max(m, r[c])
	}
	return m
}

func firstNonZero(xs ...float64) float64 {
	for _, x := range xs {
		if x != 0 {
			return x
		}
	}
	return 1
}

// median as Python's statistics.median (mean of the middle two).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
