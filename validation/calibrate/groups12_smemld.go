package calibrate

import (
	"fmt"
	"math"
	"slices"
)

// groups12SmemLd fits the write-back latency of wide shared loads
// (issue 13, smem_ld128_*_lat; sim/sm/smemwb.go):
//
//   - smem_writeback_cycles_per_reg: closed form, the mean over the
//     wavefront counts 4, 8, 16 and 32 of a dependent LDS.128's latency
//     over a dependent LDS.64's of the same wavefronts (smem_ld128_s1_lat -
//     smem_ld64_s2_lat, ..., smem_ld128_s8_lat - smem_ld64_s16_lat), per
//     extra register (two), to two decimals. Both chases fold their other
//     words into an xor after the load, so the difference leaves out the
//     folds' share of the loop that a comparison with the 32-bit chase
//     (no folds) would count.
var groups12SmemLd = []Group{
	{Name: "smem_writeback", Params: []string{"smem_writeback_cycles_per_reg"},
		Benches: append(append([]string(nil), smemLd128Lat...), smemLd64Lat...),
		Figures: []string{"cycles_per_inst"},
		Direct:  smemWritebackPerReg},
}

var (
	smemLd128Lat = []string{"smem_ld128_s1_lat", "smem_ld128_s2_lat", "smem_ld128_s4_lat", "smem_ld128_s8_lat"}
	smemLd64Lat  = []string{"smem_ld64_s2_lat", "smem_ld64_s4_lat", "smem_ld64_s8_lat", "smem_ld64_s16_lat"} // the same wavefronts
)

// smemWritebackPerReg is the closed form of smem_writeback_cycles_per_reg.
func smemWritebackPerReg(rec map[string]*Bench) (float64, string, error) {
	var sum float64
	diffs := make([]string, len(smemLd128Lat))
	for i := range smemLd128Lat {
		a, err := figure(rec, smemLd128Lat[i], "cycles_per_inst")
		if err != nil {
			return 0, "", err
		}
		b, err := figure(rec, smemLd64Lat[i], "cycles_per_inst")
		if err != nil {
			return 0, "", err
		}
		sum += a - b
		diffs[i] = fmt.Sprintf("%.4g - %.4g", a, b)
	}
	v := sum / float64(len(smemLd128Lat)) / 2
	if v < 0 {
		return 0, "", fmt.Errorf("LDS.128 chases faster than LDS.64 chases of the same wavefronts (%v)", diffs)
	}
	return math.Round(v*100) / 100, fmt.Sprintf("fit: closed form, mean of cycles_per_inst smem_ld128_s1..s8_lat - smem_ld64_s2..s16_lat (same wavefronts: %v) / 2 extra registers", diffs), nil
}

// init puts smem_writeback right after smem_wavefront_latency (closed
// forms first: the Nelder-Mead groups after them, smem_queue on the
// throughput loops among them, see its value).
func init() {
	i := slices.IndexFunc(Groups, func(g Group) bool { return g.Name == "smem_wavefront_latency" })
	if i < 0 {
		Groups = append(Groups, groups12SmemLd...)
		return
	}
	Groups = slices.Insert(Groups, i+1, groups12SmemLd...)
}
