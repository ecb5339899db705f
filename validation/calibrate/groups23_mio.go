package calibrate

import (
	"fmt"
	"math"
)

// Session 23 (helper mio): one queued shared load per warp
// (sim/sm/mioqueue.go mioWarpReady).
func init() { Groups = append(Groups, groups23MIO...) }

// groups23MIO fits mio_warp_queue_insts: behind 7 warps of its own
// sub-partition running LDS.128 of 8 wavefronts (4 independent a round),
// a dependent SHFL waits (shflq13_lds_same_w32 - shflq12_none_w1, the
// SHFL alone) / 8 cycles an LDS.128 = 7.0 loads: that over the 7 warps is
// the loads each warp holds queued, in closed form. The LDSM.x4 and
// mixed cases (shflq12_*, shflq13_*) are compared, not fitted.
var groups23MIO = []Group{
	{Name: "mio_warp_queue", Params: []string{"mio_warp_queue_insts"},
		Benches: []string{"shflq13_*", "shflq12_*"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			same, err := figure(rec, "shflq13_lds_same_w32", "cycles_per_op")
			if err != nil {
				return 0, "", err
			}
			alone, err := figure(rec, "shflq12_none_w1", "cycles_per_op")
			if err != nil {
				return 0, "", err
			}
			k := math.Max(1, math.Round((same-alone)/(8*7)))
			return k, fmt.Sprintf("fit: closed form, round((shflq13_lds_same_w32 cycles_per_op %.4g - shflq12_none_w1 %.4g (the SHFL alone)) / (8 wavefronts an LDS.128 x 7 warps)): one queued load a warp", same, alone), nil
		}},
}
