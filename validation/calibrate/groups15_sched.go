package calibrate

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
)

// The warp scheduler's order (sim/sm/schedpolicy.go), closed forms on
// the per-warp finish stamps of fma_tput_w12, _w16 and _w24 (one CTA of
// 3, 4 and 6 warps per sub-partition issuing independent FFMAs; wfin:
// each warp's end of rep 1 from the CTA's first start, every run of
// clock_runs.json):
//
//   - scheduler_math_gto: 1 when a sub-partition's warps do not share
//     the FMA pipe evenly: the median over runs and sub-partitions of its
//     second finisher's time over its last's is below schedShareRatio
//     (loose round-robin: all finish together, about 1; greedy then
//     oldest: two at a time, 2/3, 1/2, 1/3);
//   - scheduler_oldest_high_warp: 1 when a sub-partition's first
//     finisher is its highest warp more often than its lowest.
var groups15Sched = []Group{
	{Name: "scheduler_math_gto", Params: []string{"scheduler_math_gto"}, Benches: schedBenches, Direct: schedMathGTO},
	{Name: "scheduler_oldest_high_warp", Params: []string{"scheduler_oldest_high_warp"}, Benches: schedBenches, Direct: schedOldestHighWarp},
}

var schedBenches = []string{"fma_tput_w12", "fma_tput_w16", "fma_tput_w24"}

// schedShareRatio: the second finisher over the last below this is not
// an even share (midway between 1 and 3 warps' 2/3).
const schedShareRatio = 0.83

// init puts the scheduler groups first: every later fit runs under them.
func init() { Groups = append(append([]Group{}, groups15Sched...), Groups...) }

// subPartitionFinishes reads a benchmark's recorded per-warp finish
// stamps (wfin) of every run and splits each run's warps by sub-partition
// (warp mod 4): runs[r][sp] lists warp ids in finishing order, ends[r][sp]
// their stamps.
func subPartitionFinishes(b *Bench) (runs [][][]int, ends [][][]float64, err error) {
	p, wfins, err := clockRunsOutput(b, "wfin")
	if err != nil {
		return nil, nil, err
	}
	warps := b.Block[0] / 32
	for _, wfin := range wfins {
		if len(wfin) < warps || warps < 4 {
			return nil, nil, fmt.Errorf("%s: a run has %d wfin stamps, want the CTA's %d warps", p, len(wfin), warps)
		}
		rr, ee := splitFinishes(wfin[:warps])
		runs, ends = append(runs, rr), append(ends, ee)
	}
	if len(runs) == 0 {
		return nil, nil, fmt.Errorf("%s: no runs", p)
	}
	return runs, ends, nil
}

// clockRunsOutput reads output key of every warm run of b from its
// clock_runs file (clock_runs.json, the H100's clock_runs.h100.json):
// the file's path (for errors) and one slice per run.
func clockRunsOutput(b *Bench, key string) (string, [][]float64, error) {
	name := "clock_runs.json"
	if b.Suffix != "" {
		name = "clock_runs." + b.Suffix + ".json"
	}
	p, data, err := readSummary(filepath.Join(b.Dir, name))
	if err != nil {
		return p, nil, fmt.Errorf("%s: %v", p, err)
	}
	var cr struct {
		Outputs []map[string][]float64 `json:"outputs"`
	}
	if err := json.Unmarshal(data, &cr); err != nil {
		return p, nil, fmt.Errorf("%s: %v", p, err)
	}
	runs := make([][]float64, len(cr.Outputs))
	for i, o := range cr.Outputs {
		runs[i] = o[key]
	}
	return p, runs, nil
}

// splitFinishes orders a CTA's warps by finish stamp wfin per
// sub-partition.
func splitFinishes(wfin []float64) ([][]int, [][]float64) {
	order := make([][]int, 4)
	for w := range wfin {
		order[w%4] = append(order[w%4], w)
	}
	ends := make([][]float64, 4)
	for sp := range order {
		sort.SliceStable(order[sp], func(i, j int) bool { return wfin[order[sp][i]] < wfin[order[sp][j]] })
		for _, w := range order[sp] {
			ends[sp] = append(ends[sp], wfin[w])
		}
	}
	return order, ends
}

func schedMathGTO(rec map[string]*Bench) (float64, string, error) {
	var ratios []float64
	for _, n := range schedBenches {
		b, ok := rec[n]
		if !ok {
			return 0, "", fmt.Errorf("recording %s is missing", n)
		}
		_, ends, err := subPartitionFinishes(b)
		if err != nil {
			return 0, "", err
		}
		for _, run := range ends {
			for _, e := range run {
				ratios = append(ratios, e[1]/e[len(e)-1])
			}
		}
	}
	m := median(ratios)
	v := 0.0
	if m < schedShareRatio {
		v = 1
	}
	return v, fmt.Sprintf("fit: closed form, %v per-warp finish stamps (wfin, %d runs x sub-partitions): a sub-partition's second finisher over its last, median %.3f (below %.2f: two warps share the FMA pipe, the others wait)",
		schedBenches, len(ratios), m, schedShareRatio), nil
}

func schedOldestHighWarp(rec map[string]*Bench) (float64, string, error) {
	high, low, all := 0, 0, 0
	for _, n := range schedBenches {
		b, ok := rec[n]
		if !ok {
			return 0, "", fmt.Errorf("recording %s is missing", n)
		}
		runs, _, err := subPartitionFinishes(b)
		if err != nil {
			return 0, "", err
		}
		for _, run := range runs {
			for _, ws := range run {
				hi, lo := ws[0], ws[0]
				for _, w := range ws {
					hi, lo = max(hi, w), min(lo, w)
				}
				switch ws[0] {
				case hi:
					high++
				case lo:
					low++
				}
				all++
			}
		}
	}
	v := 0.0
	if high > low {
		v = 1
	}
	return v, fmt.Sprintf("fit: closed form, %v per-warp finish stamps (wfin): a sub-partition's first finisher is its highest warp in %d of %d runs x sub-partitions, its lowest in %d",
		schedBenches, high, all, low), nil
}
