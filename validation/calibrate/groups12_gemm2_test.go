package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveGMM12 on hand-made stamps of three CTAs, k_tiles 5: ktile_cycles is
// the upper median of (max(tm0, tm1) - tf) / 4, first and cta the upper
// medians of tf - t0 and te - t0.
func TestDeriveGMM12HandMade(t *testing.T) {
	b := &Bench{Name: "gmm12_x", Family: "gmm12", Meta: map[string]any{"ctas": 3.0, "k_tiles": 5.0}}
	clk := []float64{
		// smid, t0, tf, tm0, tm1, te, g0, g1
		7, 100, 1100, 3100, 3140, 4000, 0, 0, // ktile (3140-1100)/4 = 510, first 1000, cta 3900
		8, 0, 1500, 4300, 4100, 5000, 0, 0, // ktile 700, first 1500, cta 5000
		9, 50, 1250, 3650, 3650, 4050, 0, 0, // ktile 600, first 1200, cta 4000
	}
	f, err := deriveGMM12(b, Outputs{"clk": clk}, 12345)
	require.NoError(t, err)
	assert.Equal(t, 600.0, f["ktile_cycles"])
	assert.Equal(t, 1200.0, f["first_cycles"])
	assert.Equal(t, 4000.0, f["cta_cycles"])
	assert.Equal(t, 12345.0, f[NCUFigure])
	_, err = deriveGMM12(b, Outputs{"clk": clk[:16]}, 0)
	assert.Error(t, err)
}
