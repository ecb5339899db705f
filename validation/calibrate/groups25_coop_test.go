package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveCoop25 on hand-made raw 32-bit stamps of two CTAs of 12 warps (16
// slots, gen25_coop.py). CTA 0's clock wraps: its warp 0 enters at 2^32 - 500
// and warp 7 one cycle earlier (the CTA's t0); CTA 1 enters at 1000 + w
// (t0 = 1000). Relative to t0 (CTA 0 / CTA 1): cluster barrier passed, latest
// warp 811 / 811; producer barrier 801 / 800, first TMA 1500 / 1700 (path
// 699 / 900); consumers' first full 3000 + w (latest 3011), wait_group 0
// 4000 + w (4011), epilogue start 4100 + w, stores issued 6100 + w (2000),
// ret 6200 + w (6211). Medians = means of the two CTAs.
func TestDeriveCoop25HandMade(t *testing.T) {
	const slots, warps = 16, 12
	const wrap = 1 << 32
	clk := make([]float64, 2*warps*slots)
	for c := 0; c < 2; c++ {
		t0 := 1000.0
		if c == 0 {
			t0 = wrap - 501
		}
		at := func(v float64) float64 { x := t0 + v; return x - wrap*float64(int(x/wrap)) }
		for w := 0; w < warps; w++ {
			r := clk[(c*warps+w)*slots : (c*warps+w+1)*slots]
			e := float64(w)
			if c == 0 {
				e = 1 // warp 0 at t0 + 1
				if w == 7 {
					e = 0
				}
			}
			r[0], r[1], r[10] = at(e), at(800+float64(w)), at(6200+float64(w))
			if w == 0 {
				r[5] = at(1500 + 200*float64(c))
				if c == 0 {
					r[1] = at(801)
				}
			}
			if w >= 4 {
				r[4], r[7] = at(3000+float64(w)), at(4000+float64(w))
				r[8], r[9] = at(4100+float64(w)), at(6100+float64(w))
			}
		}
	}
	b := &Bench{Name: "coop25_k64", Family: "coop25"}
	fam := families["coop25"]
	assert.Equal(t, []string{NCUFigure}, fam.figures(b))
	f, err := fam.derive(b, Outputs{"clk": clk}, 11259)
	require.NoError(t, err)
	assert.Equal(t, 11259.0, f[NCUFigure])
	assert.Equal(t, 811.0, f["prologue_cycles"])
	assert.Equal(t, 799.5, f["producer_first_tma_cycles"]) // (1500 - 801 + 1700 - 800) / 2
	assert.Equal(t, 1411.0, f["first_full_cycles"])        // (3011 - 1500 + 3011 - 1700) / 2
	assert.Equal(t, 1000.0, f["mainloop_cycles"])
	assert.Equal(t, 2000.0, f["epilogue_cycles"])
	assert.Equal(t, 6211.0, f["span_cycles"])
	// the _plain twins have no stamps: the launch only
	f, err = fam.derive(&Bench{Name: "coop25_k64_plain", Family: "coop25"}, Outputs{}, 10627)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{NCUFigure: 10627}, f)
	// the exit variant stamps entry and ret only: the span alone
	ex := make([]float64, warps*slots)
	for w := 0; w < warps; w++ {
		ex[w*slots], ex[w*slots+10] = 500+float64(w), 1200+float64(w)
	}
	f, err = fam.derive(&Bench{Name: "coop25_k64_exit", Family: "coop25"}, Outputs{"clk": ex}, 4500)
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{NCUFigure: 4500, "span_cycles": 711}, f)
	_, err = fam.derive(b, Outputs{"clk": clk[:slots*5]}, 0)
	assert.Error(t, err)
}
