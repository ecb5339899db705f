package smem

import "math/bits"

// costBypass is the cost of a cp.async.cg copy (LDGSTS.BYPASS, 16 B per
// lane), fitted to the cpasync_cg_* corpus probes and to the catalog of
// tools/record/cpasync_probe.cu with its src-size predicate moved out of P0
// (tools/record/cpasync_probe2.cu, doc.go). Per quarter-warp (8 lanes):
//
//   - data writes, over the lanes that read global memory: the larger of
//     the bank passes of their shared destinations and the number of
//     source pieces (srcPieces), plus one per extra data-sector class
//     (sectorClasses) where the quarter mixes data and zero-only lanes;
//   - with ZFill, zero-fill passes: the larger of the bank passes of all
//     active lanes under the 16-B store rule and the largest number of data
//     lanes whose sources sit in the same 16-B slot of their 128-B lines
//     (srcSlots).
//
// Nsight Compute counts no bank conflicts for the data writes; the
// zero-fill passes count conflicts against the 16-B ideal of 4, so
// Ideal = Wavefronts - max(0, zero passes - 4).
//
// The predicated form (Access.PredForm: ignore-src, or src-size
// selp(16, 0, p), which ptxas folds into LDGSTS.E.BYPASS.128 [dst], [src],
// P) counts the zero-fill passes only when a lane reads nothing: every lane
// reading 4 per warp-copy, every lane ignored 4, lanes 16-31 ignored 6
// (microbench cpasync8_selp_*, cpasync8_ign_swz_tput, cpasync8_selp0_swz_tput,
// validation/testdata/cpasync_cg_ign; H200), where the ZFILL form with every
// lane reading counts 8 (cpasync8_reg_*, cpasync_cg_sz16).
//
// PortWavefronts is what the copy really occupies the shared-memory port
// for: the zero-fill passes of a copy whose lanes all read data are an
// Nsight Compute count only (cpasync8_reg_swz_tput: 8 counted per copy
// against cpasync8_nosz_swz_tput's 4, the same hardware
// l1tex__data_pipe_lsu_wavefronts_mem_shared total and the same throughput).
//
// Not modelled: when ptxas puts the src-size predicate of
// LDGSTS.E.BYPASS.128.ZFILL in P0, Nsight Compute counts the copy as if
// every lane read its source (doc.go); the executor runs PTX and cannot
// know the register.
func (m model) costBypass(a *Access) Cost {
	if a.Active == 0 {
		return Cost{}
	}
	var c Cost
	zero := 0
	zfill := a.ZFill && !(a.PredForm && a.NoData&a.Active == 0)
	for i := uint(0); i < 4; i++ {
		q := a.Active & phaseMask(i, 8)
		if q == 0 {
			continue
		}
		d := q &^ a.NoData
		if d != 0 {
			w := passCost(&a.Addr, d, 4, false)
			c.MaxWay = max(c.MaxWay, w)
			c.Wavefronts += max(w, srcPieces(a, d))
			if d != q {
				c.Wavefronts += sectorClasses(a, q, d) - 1
			}
		}
		if zfill {
			w := passCost(&a.Addr, q, 4, false)
			c.MaxWay = max(c.MaxWay, w)
			zero += max(w, srcSlots(a, d))
		}
	}
	c.Wavefronts += zero
	c.Ideal = c.Wavefronts - max(0, zero-4)
	return c
}

// sectorClasses counts the kinds of 32-B shared destination sector among
// the sectors of quarter q that get data (lanes of d): a sector's kind is
// which of its two 16-B halves hold data lanes and which zero-only lanes
// (q &^ d). A quarter that mixes the two writes each kind in its own
// wavefront: contiguous, zero-only lanes at quarter positions {0,4} cost
// 3 (kinds "zero|data" and "data|data"), at {0,5} or {1,6} 4 (three kinds),
// at {0,2,4,6} or {0,1} 2 (one kind); the partial src-sizes of the data
// lanes do not matter (src-size 4*(lane%5) and src-size 16-or-0 on the
// same lanes both cost 15: cpasync_cg_ramp, probe2 catalog).
func sectorClasses(a *Access, q, d uint32) int {
	var sec [8]uint32
	var kind [8]uint8
	n := 0
	for m := q; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		s := a.Addr[l] >> 5
		bit := uint8(1) << (a.Addr[l] >> 4 & 1)
		if d&(1<<l) == 0 {
			bit <<= 2
		}
		j := 0
		for j < n && sec[j] != s {
			j++
		}
		if j == n {
			sec[n] = s
			n++
		}
		kind[j] |= bit
	}
	var seen [16]bool
	k := 0
	for j := 0; j < n; j++ {
		if kind[j]&3 != 0 && !seen[kind[j]] {
			seen[kind[j]] = true
			k++
		}
	}
	return k
}

// srcSlots is the largest number of lanes of d (the data lanes of one
// quarter) whose global sources share a 16-B slot (address bits 4-6) of
// their 128-B lines, every lane counted (no broadcast); 1 without Src. The
// zero-fill pass repeats that often: one 128-B line per lane 8 (64
// wavefronts, 28 conflicts for the warp: cpasync_cg_gstride_sz16), two
// lanes per line 4, lanes alternating between two lines 2, every lane on
// one chunk 8, sources 16 B past a line 1 (cpasync_cg_shift_sz16).
func srcSlots(a *Access, d uint32) int {
	if a.Src == nil || d == 0 {
		return 1
	}
	var cnt [8]int
	best := 0
	for m := d; m != 0; m &= m - 1 {
		s := a.Src[bits.TrailingZeros32(m)] >> 4 & 7
		cnt[s]++
		best = max(best, cnt[s])
	}
	return best
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

// PortWavefronts is the cost of a that the timed model charges the
// shared-memory port: Wavefronts, less the zero-fill passes of a
// cp.async.cg copy whose active lanes all read data (see costBypass).
func PortWavefronts(a *Access) Cost {
	if a.Kind == OpLdgsts && a.Bypass && a.ZFill && a.NoData&a.Active == 0 {
		b := *a
		b.ZFill = false
		return Wavefronts(&b)
	}
	return Wavefronts(a)
}
