package calibrate

import (
	"math"
	"testing"
)

// TestTensormapFenceHoldRecorded: a tensormap acquire fence holds the other
// SMs of its GPC's instruction fetches until the fencing SM has the map's
// descriptor again (sim/sm/tmafenceblock.go, validation/timing/tred32.md).
// t6red_c62_tensor / _tensor2 (62 CTAs, each an acquire fence and a tensor
// reduction on the same map in global memory) against their H200
// recordings within 5% (4a5b320b, without the hold: -14.5% / -12.6%); a lone
// CTA's fence holds nothing of its own SM: t6red_acq (one CTA, the fence
// alone) within 5% (+10.8% if the fencing SM were held too).
func TestTensormapFenceHoldRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, name := range []string{"t6red_c62_tensor", "t6red_c62_tensor2", "t6red_acq"} {
		got, _ := simulatedFigure(t, by, name, NCUFigure)
		want := by[name].NCU.Median
		if got <= 0 || want <= 0 {
			t.Fatalf("%s: ncu_cycles simulated %v, recorded %v", name, got, want)
		}
		if e := got/want - 1; math.Abs(e) > 0.05 {
			t.Errorf("%s ncu_cycles: simulated %.0f, H200 %.0f (%+.1f%%), want within 5%%", name, got, want, 100*e)
		}
	}
}
