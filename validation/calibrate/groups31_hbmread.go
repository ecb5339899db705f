package calibrate

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// groupDRAMRead fits dram_read_bytes_per_ns (sim/gpu/l2.go dramCosts,
// validation/timing/g4096b31.md) in closed form from the l2rr30 probe
// (tools/microbench/l2rr30, H200 only; session 30): 132 CTAs x 1024 threads
// re-read a footprint beyond the L2 with ld.global.cg, every line a miss in
// both passes. The least-squares slope of the launches' time (ncu cycles /
// SM clock) against their HBM bytes read is the rate reads alone stream at
// (the intercept, ~4.5 us, is the launch's ramp and tail). The probe is not
// a calibrate benchmark; the group runs when gmem_copy_c132 is selected (the
// copy's rate, dram_bytes_per_ns, sets what a written byte costs).
var groupDRAMRead = Group{Name: "dram_read", Params: []string{"dram_read_bytes_per_ns"}, Benches: []string{"gmem_copy_c132"},
	Direct: dramReadFromProbe}

// l2rrAllMiss: dram__bytes_read (MB), sm__cycles_elapsed.max and the SM
// clock (MHz) of l2rr30's share-0, read-only points from 66 MiB up
// (tools/microbench/l2rr30/h200/table.txt).
var l2rrAllMiss = []struct{ mb, cycles, mhz float64 }{
	{138.4, 67477, 1976}, {155.7, 76718, 1976}, {190.3, 90914, 1977}, {259.5, 121315, 1977}, {328.7, 149993, 1978},
}

func dramReadFromProbe(rec map[string]*Bench) (float64, string, error) {
	mb, us := make([]float64, len(l2rrAllMiss)), make([]float64, len(l2rrAllMiss))
	for i, p := range l2rrAllMiss {
		mb[i], us[i] = p.mb, p.cycles/p.mhz
	}
	_, slope := stat.LinearRegression(mb, us, nil, false) // us per MB
	src := fmt.Sprintf("fit: closed form, least-squares slope of ncu cycles / SM MHz against dram__bytes_read over the l2rr30 probe's all-miss points "+
		"(H200, 132 CTAs re-reading 66..157 MiB with ld.cg: 138.4..328.7 MB in 34.1..75.8 us): %.5f us per MB", slope)
	v := math.Round(1000 / slope)
	if b := rec["gmem_copy_c132"]; b != nil && b.Suffix != "" {
		// no probe on this GPU: one rate for reads and writes (0), not a
		// value scaled from the H200's (calibration/h100-sxm.yaml)
		return 0, "not measured on the H100 (no H100 lent; no H100 recording of the l2rr30 probe): 0 = one HBM rate for reads and writes (dram_bytes_per_ns), the model before session 31", nil
	}
	return v, src, nil
}

func init() { Groups = append(Groups, groupDRAMRead) }
