package calibrate

import "fmt"

// Family tph31 (session 31, helper flash; validation/timing/flash31.md,
// tools/microbench/gen31_flash.py): stamped twins of the flash-attention PTX
// with 32 key blocks on [1, 132] and [2, 132] (one and two CTAs an SM),
// raw %clock64 stamps clk[4 CTAs][8 warps][240] (gen23_flash.py's slots, key
// block i at 4 + 7 i, the post-loop stamps at 232..235). Per warp and steady
// key block (4..27): the whole block (+7 - +0), the K/V cp.async issue, wait
// and bar.sync (+7 - +6), the QK^T wgmma and its wait (+1 - +0), the row max
// (+2 - +1), the scale and ex2 (+3 - +2), the row sum (+4 - +3), the tail
// bar.sync (+6 - +5); each the median over the complete warps and blocks
// (tools/microbench/fa31_phases.py prints the whole table). Only the launch
// under ncu is compared; the phases are diagnosis.
func init() {
	registerFamily("tph31", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive:  deriveTPH31,
	})
}

func deriveTPH31(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	const slots, per = 240, 7
	all := rows(o["clk"], slots)
	var kb, kv, qk, mx, ex, sum, bar []float64
	for _, w := range all {
		if len(w) < slots || w[0] == 0 || w[235] == 0 {
			continue // a CTA that stores no stamps, or a warp not at its end
		}
		for i := 4; i < 28; i++ {
			s := 4 + per*i
			kb = append(kb, w[s+7]-w[s])
			kv = append(kv, w[s+7]-w[s+6])
			qk = append(qk, w[s+1]-w[s])
			mx = append(mx, w[s+2]-w[s+1])
			ex = append(ex, w[s+3]-w[s+2])
			sum = append(sum, w[s+4]-w[s+3])
			bar = append(bar, w[s+6]-w[s+5])
		}
	}
	if len(kb) == 0 {
		return nil, fmt.Errorf("%s: output clk (%d values, %d per warp) has no complete warp", b.Name, len(o["clk"]), slots)
	}
	return map[string]float64{NCUFigure: cycles, "keyblock_cycles": median(kb), "kv_cycles": median(kv),
		"qk_cycles": median(qk), "rowmax_cycles": median(mx), "ex2_cycles": median(ex), "rowsum_cycles": median(sum),
		"tailbar_cycles": median(bar)}, nil
}
