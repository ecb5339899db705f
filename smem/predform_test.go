package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The predicated LDGSTS.E.BYPASS.128 (ignore-src, or Triton's src-size
// selp(16, 0, p) that ptxas folds into it) against the ZFILL form, as
// recorded on an H200 (driver 580.159.04, ncu 2025.3.1,
// smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum per
// warp-copy; validation/microbench/cpasync8_*: 4096 copies each, the SASS
// in their recording): contiguous and Triton-swizzled destinations, lanes
// 8q..8q+7 on one 128-B source line in order.
func TestPredFormMatchesH200(t *testing.T) {
	const sbase, gbase = 0x400, 0x7f0000000000
	contig := func(l uint32) uint32 { return sbase + 16*l }
	// the A tile of triton_matmul: row l/8 of 128 B, chunk (l%8) ^ (row%8)
	swz := func(l uint32) uint32 { return sbase + (l/8)*128 + ((l%8)^(l/8%8))*16 }
	all := func(l uint32) bool { return true }
	none := func(l uint32) bool { return false }
	for _, tc := range []struct {
		what        string
		zfill, pred bool
		dst         func(l uint32) uint32
		noData      func(l uint32) bool
		count, port int
	}{
		{"cpasync8_nosz_swz (no src-size)", false, false, swz, none, 4, 4},
		{"cpasync8_selp_lin (selp, p true)", true, true, contig, none, 4, 4},
		{"cpasync8_selp_swz (selp, p true)", true, true, swz, none, 4, 4},
		{"cpasync8_ign_swz (ignore-src false)", true, true, swz, none, 4, 4},
		{"cpasync8_selp0_swz (selp, p false)", true, true, swz, all, 4, 4},
		{"cpasync_cg_ign (ignore-src on lanes 16-31)", true, true, contig, func(l uint32) bool { return l >= 16 }, 6, 6},
		// ZFILL: ncu counts a zero-fill pass per quarter even when every
		// lane reads, the port does not spend it (same hardware
		// l1tex__data_pipe_lsu_wavefronts_mem_shared and throughput as nosz)
		{"cpasync8_reg_lin (src-size register 16)", true, false, contig, none, 8, 4},
		{"cpasync8_reg_swz (src-size register 16)", true, false, swz, none, 8, 4},
		{"cpasync_cg_sz0 (ZFILL, src-size 0)", true, false, contig, all, 4, 4},
	} {
		a := access(OpLdgsts, 16, allLanes, tc.dst)
		a.Bypass, a.ZFill, a.PredForm = true, tc.zfill, tc.pred
		var src [32]uint64
		for l := range src {
			src[l] = gbase + 16*uint64(l)
			if tc.noData(uint32(l)) {
				a.NoData |= 1 << l
			}
		}
		a.Src = &src
		assert.Equal(t, tc.count, Wavefronts(a).Wavefronts, "%s: ncu count", tc.what)
		assert.Equal(t, tc.port, PortWavefronts(a).Wavefronts, "%s: port", tc.what)
	}
}
