package calibrate

import (
	"fmt"
	"slices"
)

// The family of tools/microbench/gen17_tlbc.py (issue 14 item 7, session
// 14, helper coldtlb): one thread's dependent loads over P pages of PS
// bytes in four laps (C: 32 lines 4224 B apart in one extra region; A:
// line 0 of each page; B: a new line of each page; D: line 0 again), each
// load's latency from the %clock64 stamps of the launches ncu profiled
// with caches flushed (clock_ncu.json); tlbc_cg_* load with ld.global.cg
// (L2 only). Figures: ncu_cycles and lap_X_p50, the median latency of each
// lap without its first load (summarize.py's tlbc_laps). The directories
// of 256 pages and more are SIM_SKIP (0.5-4 GiB buffers).
//
// What they show (validation/timing/tlb.md): no TLB cost up to 2048 pages
// of 2 MiB (4 GiB) on either GPU, so the model has no TLB; tlbc_p*'s lap D
// steps from 234 to 454-464 cycles between 512 and 1024 pages because laps
// A and B's 2P lines stop fitting the L1 (tlbc_cg_*, from L2 at every P,
// stay at 456-475).
func init() {
	clockFileOf["tlbc"] = "clock_ncu"
	registerFamily("tlbc", family{
		figures: func(*Bench) []string {
			return []string{NCUFigure, "lap_c_p50", "lap_a_p50", "lap_b_p50", "lap_d_p50"}
		},
		derive: deriveTlbc})
}

func deriveTlbc(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	p := int(metaFloat(b, "pages"))
	lat := o["lat"]
	n := 32 + 3*p
	if p < 2 || len(lat) < n+1 {
		return nil, fmt.Errorf("%s: output lat has %d values, the derivation needs %d (pages %d)", b.Name, len(lat), n+1, p)
	}
	// load k's latency: lat[k+2] - lat[k+1] (each stamp follows an issue,
	// and load k+1 issues when load k returned)
	d := make([]float64, n-1)
	for k := range d {
		d[k] = float64(uint32(lat[k+2]) - uint32(lat[k+1]))
	}
	med := func(v []float64) float64 {
		v = slices.Clone(v)
		slices.Sort(v)
		return v[len(v)/2]
	}
	return map[string]float64{NCUFigure: cycles, "first_cycles": d[0], "lap_c_p50": med(d[1:32]),
		"lap_a_p50": med(d[33 : 32+p]), "lap_b_p50": med(d[33+p : 32+2*p]), "lap_d_p50": med(d[33+2*p : n-1])}, nil
}
