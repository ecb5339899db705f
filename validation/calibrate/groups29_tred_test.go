package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A grid-stride loop's step read from the launch's constant bank
// (sim/sm/constcache.go driverConstReady, sim/sm/sm.go; validation/timing/
// tred29.md). tph_nd_r3's fill loop `for (i = tid; i < 1024; i +=
// blockDim.x)` is, in SASS (ptxas 13.0 sm_90a), `LDC R8, c[0x0][RZ]` after
// the stamp and `IMAD; LOP3; IMAD.IADD R5, R8, 0x1, R5 (waits on the LDC's
// scoreboard); STS; ISETP; BRA`: the first iteration waits for c[0x0]'s
// sector, new to the launch. The model read %ntid as an ALU move and capped
// the counter add's sources at the loop top (loophoist.go), so its fill took
// 313 cycles against the H200's 397 (-21%); with the LDC's value and the
// step uncapped, 386 (-2.8%). The same LDC and wait are in tphl_*'s SASS,
// whose fill_cycles_per_iter figures the model now overshoots (+7..+9%): its
// grid-stride iteration is ~32 cycles where the SASS's stall counts give
// ~28 (tred29.md, open), which the missing LDC wait had hidden there.
func TestGridStrideStepLDCRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, c := range []struct {
		bench, fig string
		gpu, tol   float64
	}{
		{"tph_nd_r3", "fill_cycles", 397, 0.05},
	} {
		assert.InDelta(t, c.gpu, by[c.bench].Measured[c.fig], 0.01, c.bench)
		got, want := simulatedFigure(t, by, c.bench, c.fig)
		assert.InEpsilon(t, want, got, c.tol, c.bench)
	}
}
