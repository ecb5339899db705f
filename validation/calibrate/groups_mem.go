package calibrate

import (
	"fmt"
	"math"
)

// l1Capacity fits l1_cache_bytes in closed form from the pointer chase
// just beyond the L1 (gmem_chase_256k), given the model's L1 organisation
// (sim/gpu setcache.go: 8 lines per set, sets by 512-byte granule, LRU):
// a cyclic chase over n granules and S sets puts a third granule in n - 2S
// sets, whose 3 granules miss every pass; the others hit. So the miss
// fraction m = 3(n - 2S)/n, read from the figure between the L1 hit
// (gmem_chase_16k) and the L2 hit (gmem_chase_1m) latencies, gives
// S = n(1 - m/3)/2 and l1_cache_bytes = S * 8 * 128.
var l1Capacity = Group{Name: "l1_capacity", Params: []string{"l1_cache_bytes"},
	Benches: []string{"gmem_chase_256k", "gmem_chase_16k", "gmem_chase_1m"},
	Direct: func(rec map[string]*Bench) (float64, string, error) {
		const granule, ways, perSet = 512.0, 8.0, 2.0 // bytes, lines per set, granules per set
		x, err := figure(rec, "gmem_chase_256k", "cycles_per_load")
		if err != nil {
			return 0, "", err
		}
		l1, err := figure(rec, "gmem_chase_16k", "cycles_per_load")
		if err != nil {
			return 0, "", err
		}
		l2, err := figure(rec, "gmem_chase_1m", "cycles_per_load")
		if err != nil {
			return 0, "", err
		}
		fp, _ := rec["gmem_chase_256k"].Meta["footprint_bytes"].(float64)
		if fp <= 0 {
			return 0, "", fmt.Errorf("recording gmem_chase_256k has no meta.footprint_bytes")
		}
		m := (x - l1) / (l2 - l1)
		if m <= 0 || m >= 1 {
			return 0, "", fmt.Errorf("gmem_chase_256k %.4g cycles is not between the L1 (%.4g) and L2 (%.4g) latencies", x, l1, l2)
		}
		n := fp / granule
		sets := math.Round(n * (1 - m/(perSet+1)) / perSet)
		return sets * ways * 128, fmt.Sprintf("fit: closed form, gmem_chase_256k cycles_per_load %.4g between L1 %.4g and L2 %.4g: %.3g of the loads miss; "+
			"%.0f sets of 8 lines (512-byte granules, LRU) leave that share of a cyclic %.0f KiB footprint without a way", x, l1, l2, m, sets, fp/1024), nil
	}}

// init puts l1_capacity after l2_hit (it reads that group's figures only).
func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "l2_hit" {
			out = append(out, l1Capacity)
		}
	}
	Groups = out
}
