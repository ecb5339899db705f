package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveTPHCute on hand-made raw stamps of two CTAs of 4 warps (20 slots each,
// gen23_cute.py), 2 k-tiles: entries 1000 + w, the cluster barrier 1500 + w,
// warp 0's first TMA issue 1800 (CTA 1: 1900), full waits 3000 + w and 3700 +
// w, wait_group 0 3600 + w and 4300 + w, the epilogue 4400 + w .. 8400 + w;
// CTA 1's clock is 1e6 later. Per CTA: prologue 1503 - 1000, producer 1800 -
// 1500 (CTA 1: 400), first full 3003 - 1800 (CTA 1: 1103), wgmma 600 + 600,
// later full 3703 - 3603, mainloop 4303 - 3003, exit 4403 - 4303, epilogue
// 8403 - 4403, span 8403 - 1000; medians = means of two.
func TestDeriveTPHCuteHandMade(t *testing.T) {
	const slots, warps = 20, 4
	clk := make([]float64, 2*warps*slots)
	for c := 0; c < 2; c++ {
		off := float64(c) * 1e6
		for w := 0; w < warps; w++ {
			r := clk[(c*warps+w)*slots : (c*warps+w+1)*slots]
			f := float64(w)
			r[0], r[1], r[3] = off+1000+f, off+1500+f, off+1600+f
			if w == 0 {
				r[2] = off + 1800 + 100*float64(c)
			}
			r[4], r[5], r[8], r[9] = off+3000+f, off+3700+f, off+3600+f, off+4300+f
			r[14], r[15] = off+4400+f, off+8400+f
		}
	}
	b := &Bench{Name: "tph_cute_tn", Family: "tph"}
	assert.Equal(t, []string{NCUFigure}, figuresTPH(b))
	f, err := deriveTPH(b, Outputs{"clk": clk}, 10907)
	require.NoError(t, err)
	assert.Equal(t, 10907.0, f[NCUFigure])
	assert.Equal(t, 503.0, f["prologue_cycles"])
	assert.Equal(t, 350.0, f["producer_first_tma_cycles"])
	assert.Equal(t, 1153.0, f["first_full_cycles"])
	assert.Equal(t, 1200.0, f["wgmma_cycles"])
	assert.Equal(t, 100.0, f["later_full_cycles"])
	assert.Equal(t, 1300.0, f["mainloop_cycles"])
	assert.Equal(t, 100.0, f["loop_exit_cycles"])
	assert.Equal(t, 4000.0, f["epilogue_cycles"])
	assert.Equal(t, 7403.0, f["span_max_cycles"])
	_, err = deriveTPH(&Bench{Name: "tph_cute_tn_spin", Family: "tph"}, Outputs{"clk": clk[:slots*3]}, 0)
	assert.Error(t, err)
}
