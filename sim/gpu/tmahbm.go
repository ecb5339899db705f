package gpu

import (
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// A TMA load's share of its SM's own HBM stream (issue 14;
// validation/timing/m1435.md).
//
// The GPU's TMA round trip from HBM grows with the bytes the SM has on the
// way (tmacold_4k_s4: 4 boxes of 4 KiB in flight, 1076 cycles; _16k_s4:
// 4 of 16 KiB, 1359; both GPUs alike), 283 cycles for 48 KiB more, and
// without the step cp.async pays at small windows (sm_hbm_busy_cycles,
// l2smhbm.go): a lone 16 KiB box (tmacold_16k_s1, 1162) is not slower than
// 16 KiB of 4 KiB boxes by that step. So a TMA load that misses to HBM
// waits for the SM's recent HBM bytes (the same per-SM average as
// l2smhbm.go's, every miss of the SM counted, TMA and cp.async alike)
// over a rate of its own, tma_hbm_cycles_per_kib, and no step; its
// constant terms (tma_hbm_extra_cycles, tma_hbm_page_cycles) are fitted
// together with it (group tma_hbm). 0: no such wait (the model before
// session 35).

// tmaHBMWait is what a TMA load's miss of SM sm at cycle at waits for the
// SM's own HBM stream.
func (g *l2) tmaHBMWait(sm int, at float64) engine.Cycle {
	if g.tmaHBMPerKiB <= 0 {
		return 0
	}
	return engine.Cycle(math.Round(g.smh[sm].bytes(at, float64(g.dram)) * g.tmaHBMPerKiB / 1024))
}
