package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveTPHCoop on hand-made raw stamps of two CTAs of 12 warps (32 slots
// each, gen18_coop2x1.py): entries 1000 + w, the cluster barrier 1800 + w,
// the producer's first TMA issue 3000 (CTA 1: 3200), the consumers' first
// full wait 4500 + w, wait_group 0 6600 + w, epilogue start / stores
// 6700 + w / 8800 + w; CTA 1's clock is 1e6 later. Per CTA: prologue 1811 -
// 1000, producer 3000 - 1800 (1400), first full 4511 - 3000 (1311), mainloop
// 6611 - 4511, epilogue 8811 - 6711, span 8811 - 1000; medians = means of two.
func TestDeriveTPHCoopHandMade(t *testing.T) {
	const slots, warps = 32, 12
	clk := make([]float64, 2*warps*slots)
	for c := 0; c < 2; c++ {
		off := float64(c) * 1e6
		for w := 0; w < warps; w++ {
			r := clk[(c*warps+w)*slots : (c*warps+w+1)*slots]
			r[0], r[1] = off+1000+float64(w), off+1800+float64(w)
			if w == 0 {
				r[9] = off + 3000 + 200*float64(c)
				r[16] = off + 7000
			}
			if w >= 4 {
				r[17], r[25] = off+4500+float64(w), off+6600+float64(w)
				r[27], r[28] = off+6700+float64(w), off+8800+float64(w)
			}
		}
	}
	b := &Bench{Name: "tph_cutlass_coop_2x1", Family: "tph"}
	assert.Equal(t, []string{NCUFigure}, figuresTPH(b))
	f, err := deriveTPH(b, Outputs{"clk": clk}, 12107)
	require.NoError(t, err)
	assert.Equal(t, 12107.0, f[NCUFigure])
	assert.Equal(t, 811.0, f["prologue_cycles"])
	assert.Equal(t, 1300.0, f["producer_first_tma_cycles"])
	assert.Equal(t, 1411.0, f["first_full_cycles"])
	assert.Equal(t, 2100.0, f["mainloop_cycles"])
	assert.Equal(t, 2100.0, f["epilogue_cycles"])
	assert.Equal(t, 7811.0, f["span_max_cycles"])
	_, err = deriveTPH(&Bench{Name: "tph_cutlass_coop_2x1_spin", Family: "tph"}, Outputs{"clk": clk[:slots*5]}, 0)
	assert.Error(t, err)
}
