package calibrate

import (
	"fmt"
	"strings"
)

// isFlashTwin: tph_flash_attn_1x128 and tph_flash_attn_2x2
// (tools/microbench/gen23_flash.py), stamped twins of the evidence kernel
// triton_flash_attn_fwd: development data for diagnosis (fa23.md).
func isFlashTwin(b *Bench) bool { return strings.HasPrefix(b.Name, "tph_flash_attn_") }

// deriveTPHFlash: the flash-attention twins' raw %clock64 stamps,
// clk[cta][warp][40], 8 warps per CTA, meta key_blocks iterations of the
// key loop (slots: gen23_flash.py; tools/microbench/fa23_phases.py prints
// the whole table). Per warp: the prologue to K/V block 0 in shared memory
// (slot 4 - 0), and per key block the QK^T wgmma and its wait (+1 - +0), the
// row max (+2 - +1), the scale and ex2 (+3 - +2), the row sum, rescale and
// f16 packing (+4 - +3); the epilogue's division, packing and st.shared
// (34 - 33); the stamped span (35 - 0). Each the median over the warps of
// every CTA (and over the key blocks). Only the launch under ncu is
// compared; the phases are diagnosis (%clock64 is per SM).
func deriveTPHFlash(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	const slots, warps, per = 40, 8, 7
	all, blocks := rows(o["clk"], slots), int(b.meta("key_blocks"))
	if len(all) < warps || len(all)%warps != 0 || blocks < 1 || 4+per*blocks > 32 {
		return nil, fmt.Errorf("%s: output clk has %d values (%d per warp, %d warps per CTA), key_blocks %d",
			b.Name, len(o["clk"]), slots, warps, blocks)
	}
	var pro, qk, mx, ex, sum, epi, span []float64
	for _, w := range all {
		if w[0] == 0 || w[35] == 0 {
			continue // a warp that did not run (or not to its end)
		}
		pro = append(pro, w[4]-w[0])
		for i := 0; i < blocks; i++ {
			s := 4 + per*i
			qk = append(qk, w[s+1]-w[s])
			mx = append(mx, w[s+2]-w[s+1])
			ex = append(ex, w[s+3]-w[s+2])
			sum = append(sum, w[s+4]-w[s+3])
		}
		epi = append(epi, w[34]-w[33])
		span = append(span, w[35]-w[0])
	}
	if len(pro) == 0 {
		return nil, fmt.Errorf("%s: output clk has no complete warp", b.Name)
	}
	return map[string]float64{NCUFigure: cycles, "prologue_cycles": median(pro), "qk_cycles": median(qk),
		"rowmax_cycles": median(mx), "ex2_cycles": median(ex), "rowsum_cycles": median(sum),
		"epilogue_div_cycles": median(epi), "span_cycles": median(span)}, nil
}
