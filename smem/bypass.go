package smem

import "math/bits"

// costBypass is the cost of a cp.async.cg copy (LDGSTS.BYPASS, 16 B per
// lane), fitted to the cpasync_cg_* probes recorded on an H200 (doc.go).
// Per quarter-warp (8 lanes):
//
//   - data writes, over the lanes that read global memory: the larger of
//     the bank passes of their shared destinations and the number of
//     source pieces (srcPieces);
//   - with ZFill, a zero-fill pass over all active lanes: its bank passes
//     under the 16-B store rule.
//
// Nsight Compute counts no bank conflicts for the data writes; the
// zero-fill passes count conflicts against the 16-B ideal of 4, so
// Ideal = Wavefronts - max(0, zero passes - 4).
func (m model) costBypass(a *Access) Cost {
	if a.Active == 0 {
		return Cost{}
	}
	var c Cost
	zero := 0
	for i := uint(0); i < 4; i++ {
		q := a.Active & phaseMask(i, 8)
		if q == 0 {
			continue
		}
		if d := q &^ a.NoData; d != 0 {
			w := passCost(&a.Addr, d, 4, false)
			c.MaxWay = max(c.MaxWay, w)
			c.Wavefronts += max(w, srcPieces(a, d))
		}
		if a.ZFill {
			w := passCost(&a.Addr, q, 4, false)
			c.MaxWay = max(c.MaxWay, w)
			zero += w
		}
	}
	c.Wavefronts += zero
	c.Ideal = c.Wavefronts - max(0, zero-4)
	return c
}

// srcPieces counts the source pieces of the lanes of mask (one quarter).
// The lanes split into runs: consecutive lanes (in lane order) reading the
// same 128-B global line, each a 16-B chunk of it that no earlier lane of
// the run read. A run costs 1 when every lane's source sits at the same
// offset in its line as its destination in its 128-B shared row, or when
// it reads all 8 chunks of the line (any permutation); else one per 64-B
// half of the line it touches. (cpasync_cg_shift_nosz: sources 16 B past
// the line, 3 pieces per quarter; cpasync_cg_gstride_nosz: one line per
// lane, 8. tools/record/cpasync_probe.cu, no src-size: lanes alternating
// between two lines 8; every lane on one chunk 8; lane pairs swapped, the
// quarter reversed or rotated inside one line 1; cpasync_pipeline's tail
// without src-size 120 = 24 + 3 x 32.)
func srcPieces(a *Access, mask uint32) int {
	if a.Src == nil {
		return 1
	}
	n := 0
	for m := mask; m != 0; {
		line := a.Src[bits.TrailingZeros32(m)] >> 7
		var chunks, halves uint8
		rotated := false
		for m != 0 {
			k := bits.TrailingZeros32(m)
			c := uint8(1) << (a.Src[k] >> 4 & 7)
			if a.Src[k]>>7 != line || chunks&c != 0 {
				break
			}
			chunks |= c
			halves |= 1 << (a.Src[k] >> 6 & 1)
			rotated = rotated || uint32(a.Src[k])&127 != a.Addr[k]&127
			m &= m - 1
		}
		if rotated && chunks != 0xff {
			n += bits.OnesCount8(halves)
		} else {
			n++
		}
	}
	return n
}
