package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveSGP on hand-made stamps of two CTAs (k_tiles 8, flags 3: stores and
// the fence): the upper medians of t0 - e0, tf - t0, max(tm) - tf,
// max(te) - max(tm) and max(tq) - max(te).
func TestDeriveSGPHandMade(t *testing.T) {
	b := &Bench{Name: "sgp_x", Family: "sgp", Meta: map[string]any{"ctas": 2.0, "k_tiles": 8.0, "flags": 3.0}}
	clk := []float64{
		// smid, e0, t0, p1, pe, tf, tm0, tm1, te0, te1, tq0, tq1, g0, g1, e1, e2
		5, 100, 540, 600, 5000, 2600, 8000, 8100, 9900, 9800, 11000, 11100, 0, 0, 0, 0, // pro 440, first 2060, loop 5500, epi 1800, drain 1200
		6, 0, 400, 500, 4000, 2400, 7000, 6900, 8700, 8800, 9800, 9900, 0, 0, 0, 0, // pro 400, first 2000, loop 4600, epi 1800, drain 1100
	}
	f, err := deriveSGP(b, Outputs{"clk": clk}, 14609)
	require.NoError(t, err)
	assert.Equal(t, 440.0, f["pro_cycles"])
	assert.Equal(t, 2060.0, f["first_cycles"])
	assert.Equal(t, 5500.0, f["loop_cycles"])
	assert.Equal(t, 1800.0, f["epi_cycles"])
	assert.Equal(t, 1200.0, f["drain_cycles"])
	assert.Equal(t, 14609.0, f[NCUFigure])
	b0 := &Bench{Name: "sgp_k0", Family: "sgp", Meta: map[string]any{"ctas": 2.0, "k_tiles": 0.0, "flags": 1.0}}
	f, err = deriveSGP(b0, Outputs{"clk": clk}, 1)
	require.NoError(t, err)
	assert.NotContains(t, f, "first_cycles")
	assert.NotContains(t, f, "drain_cycles")
	_, err = deriveSGP(b, Outputs{"clk": clk[:20]}, 0)
	assert.Error(t, err)
}
