package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSetmaxnregPoolRecorded (validation/timing/wp33.md): in the H200's
// smrh stamps the eight consumers' incs end one after the other, about 3
// cycles apart, the first about 20 cycles after warp 0's dec; the model
// (one grant at a time) gives the consumers' inc_cycles within 5% where
// all-at-once was 12.6% over (d0, d200).
func TestSetmaxnregPoolRecorded(t *testing.T) {
	by := recordedH200(t)
	for _, n := range []string{"smrh_d500", "smrh_d1000"} {
		first, step, err := smrhIncEnds(by, n)
		require.NoError(t, err)
		assert.InDelta(t, 20, first, 1, n)
		assert.InDelta(t, 22.0/7, step, 0.1, n) // 20 ... 42 over 7 steps
	}
	for _, n := range []string{"smrh_d0", "smrh_d200", "smrh_d1000"} {
		got, want := simulatedFigure(t, by, n, "inc_cycles")
		assert.InEpsilon(t, want, got, 0.05, n)
	}
}
