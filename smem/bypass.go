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

// srcPieces counts the source pieces of the lanes of mask (one quarter):
// per 128-B global line, 1 when every lane's source sits at the same
// offset in its line as its destination in its 128-B shared row (no
// rotation), else the number of 64-B halves of the line the lanes touch.
// (cpasync_cg_shift_nosz: sources 16 B past the line, 3 pieces per
// quarter; cpasync_cg_gstride_nosz: one line per lane, 8.)
func srcPieces(a *Access, mask uint32) int {
	if a.Src == nil {
		return 1
	}
	n := 0
	done := uint32(0)
	for m := mask; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if done>>l&1 != 0 {
			continue
		}
		line := a.Src[l] >> 7
		rotated := false
		var halves uint8
		for r := m; r != 0; r &= r - 1 {
			k := bits.TrailingZeros32(r)
			if a.Src[k]>>7 != line {
				continue
			}
			done |= 1 << k
			rotated = rotated || uint32(a.Src[k])&127 != a.Addr[k]&127
			halves |= 1 << (a.Src[k] >> 6 & 1)
		}
		if rotated {
			n += bits.OnesCount8(halves)
		} else {
			n++
		}
	}
	return n
}
