package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A 32-bit division whose reciprocal is computed elsewhere (sim/sm
// warp.go, idiv_shared_cycles; validation/timing/alu33.md) against the
// H200 recordings: idiv_div_u32 and idiv_rem_u32 (65.95 and 65.78 cycles an
// op) cost the same on the GPU, as the SASS's step (IMAD.HI ... SEL) is
// the same for both; div.s32 adds its two ALU instructions (75.16).
func TestSharedIntDivisionRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	gDiv, wDiv := simulatedFigure(t, by, "idiv_div_u32", "cycles_per_op")
	gRem, wRem := simulatedFigure(t, by, "idiv_rem_u32", "cycles_per_op")
	assert.InDelta(t, wDiv, wRem, 1, "the recordings: div.u32 and rem.u32 alike")
	assert.InDelta(t, gDiv, gRem, 1.5, "the model: div.u32 and rem.u32 alike")
	for _, c := range []struct{ name, fig string }{
		{"idiv_div_u32", "cycles_per_op"}, {"idiv_rem_u32", "cycles_per_op"}, {"idiv_div_s32", "cycles_per_op"},
	} {
		g, w := simulatedFigure(t, by, c.name, c.fig)
		assert.InEpsilon(t, w, g, 0.03, c.name)
	}
}
