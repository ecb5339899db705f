package gpu

import (
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// A TMA load's share of its SM's own HBM stream (issue 14;
// validation/timing/m1435.md).
//
// The GPU's TMA round trip from HBM grows with the bytes the SM has on the
// way: tmacold_4k_s4 (4 boxes of 4 KiB in flight) 1076 cycles, _16k_s4 (4
// of 16 KiB) 1359, both GPUs alike; and a lone 16 KiB box (_16k_s1, 1105
// cycles when no wait meets a late recheck) is not slower than the 4 KiB
// boxes by the ~190-cycle step cp.async pays at small windows
// (sm_hbm_busy_cycles, l2smhbm.go). So a TMA load that misses to HBM waits
// tma_hbm_cycles_per_kib for each KiB of its SM's recent HBM bytes (the
// same per-SM average as l2smhbm.go's, TMA and cp.async misses alike:
// about the bytes in flight by Little's law), with no step, on top of its
// constant terms (tma_hbm_extra_cycles, tma_hbm_page_cycles), all three
// fitted together (calibrate group tma_hbm, which also reads the lone 1 KiB
// boxes of tailtm_p1, _p4, _g1). 0: no such wait (the model before session
// 35; the cp.async term needs none of this to be on: newL2 keeps the
// average when either is).

// tmaHBMWait is what a TMA load's miss of SM sm at cycle at waits for the
// SM's own HBM stream.
func (g *l2) tmaHBMWait(sm int, at float64) engine.Cycle {
	if g.tmaHBMPerKiB <= 0 {
		return 0
	}
	return engine.Cycle(math.Round(g.smh[sm].bytes(at, float64(g.dram)) * g.tmaHBMPerKiB / 1024))
}
