package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTMAHBMStreamRecorded: one CTA keeping four 16 KiB TMA boxes in flight
// from HBM (tmacold_16k_s4, and on two SMs _c2) runs at the H200's recorded
// rate within 5%: the boxes wait for their SM's recent HBM bytes
// (tma_hbm_cycles_per_kib, sim/gpu/tmahbm.go; +8.5% and +9.0% without the
// term, validation/timing/m1435.md).
func TestTMAHBMStreamRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	for _, n := range []string{"tmacold_16k_s4", "tmacold_16k_s4_c2"} {
		g, w := simulatedFigure(t, by, n, "bytes_per_cycle_per_sm")
		assert.InEpsilon(t, w, g, 0.05, n)
	}
}
