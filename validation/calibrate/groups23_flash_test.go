package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveTPHFlash on hand-made raw stamps of one CTA of 8 warps (40 slots,
// gen23_flash.py) and 2 key blocks: warp w enters at 1000 + w; K/V block 0
// is in shared memory 2000 cycles later; key block i starts at
// 3000 + 1500 i + w, its QK wait 300 (block 1: 400) later, then the row
// max 200, the ex2 600, the row sum 150 (block 1: 250); the epilogue's
// division 5000 .. 5500 (warp 7: 5700), the stores issued at 6000 + w.
// Medians over the 8 warps (and the 2 blocks: 16 values, two halves).
func TestDeriveTPHFlashHandMade(t *testing.T) {
	const slots, warps = 40, 8
	clk := make([]float64, warps*slots)
	for w := 0; w < warps; w++ {
		r := clk[w*slots : (w+1)*slots]
		f := float64(w)
		r[0], r[1], r[2], r[3] = 1000+f, 1100+f, 2500+f, 2600+f
		for i := 0; i < 2; i++ {
			s := 4 + 7*i
			r[s] = 3000 + 1500*float64(i) + f
			if i == 0 {
				r[s] = 3000 + f
			}
			r[s+1] = r[s] + 300 + 100*float64(i)
			r[s+2] = r[s+1] + 200
			r[s+3] = r[s+2] + 600
			r[s+4] = r[s+3] + 150 + 100*float64(i)
			r[s+5], r[s+6] = r[s+4]+40, r[s+4]+80
		}
		r[32], r[33], r[34], r[35] = 4900+f, 5000, 5500, 6000+f
		if w == 7 {
			r[34] = 5700
		}
	}
	b := &Bench{Name: "tph_flash_attn_1x128", Family: "tph", Meta: map[string]any{"key_blocks": 2.0}}
	assert.Equal(t, []string{NCUFigure}, figuresTPH(b))
	f, err := deriveTPH(b, Outputs{"clk": clk}, 12134)
	require.NoError(t, err)
	assert.Equal(t, 12134.0, f[NCUFigure])
	assert.Equal(t, 2000.0, f["prologue_cycles"])
	assert.Equal(t, 350.0, f["qk_cycles"])
	assert.Equal(t, 200.0, f["rowmax_cycles"])
	assert.Equal(t, 600.0, f["ex2_cycles"])
	assert.Equal(t, 200.0, f["rowsum_cycles"])
	assert.Equal(t, 500.0, f["epilogue_div_cycles"])
	assert.Equal(t, 5000.0, f["span_cycles"])
	_, err = deriveTPH(&Bench{Name: "tph_flash_attn_2x2", Family: "tph", Meta: map[string]any{"key_blocks": 4.0}},
		Outputs{"clk": clk[:slots*5]}, 0)
	assert.Error(t, err)
}
