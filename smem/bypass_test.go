package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// cp.async.cg (LDGSTS.BYPASS) costs as recorded on an H200 (driver
// 580.159.04, ncu 2025.3.1, validation/testdata/cpasync_cg_*: one warp, one
// copy per launch; smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_
// ldgsts.sum and sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_
// ldgsts.sum). Shared base 0x400, global base 256-B aligned as cuMemAlloc
// gives.
func TestBypassMatchesH200Probes(t *testing.T) {
	const sbase, gbase = 0x400, 0x7f0000000000
	contig := func(l uint32) uint32 { return sbase + 16*l }
	gcontig := func(l uint32) uint64 { return gbase + 16*uint64(l) }
	none := func(l uint32) bool { return false }
	for _, tc := range []struct {
		probe     string
		zfill     bool
		dst       func(l uint32) uint32
		src       func(l uint32) uint64
		noData    func(l uint32) bool
		wave, cnf int
	}{
		{"nosz", false, contig, gcontig, none, 4, 0},
		{"strided_nosz", false, func(l uint32) uint32 { return sbase + 128*l }, gcontig, none, 32, 0},
		{"shift_nosz", false, contig, func(l uint32) uint64 { return gbase + 16 + 16*uint64(l) }, none, 12, 0},
		{"gstride_nosz", false, contig, func(l uint32) uint64 { return gbase + 128*uint64(l) }, none, 32, 0},
		{"sz16 (also sz8, sz4)", true, contig, gcontig, none, 8, 0},
		{"sz0", true, contig, gcontig, func(l uint32) bool { return true }, 4, 0},
		{"half (and ign)", true, contig, gcontig, func(l uint32) bool { return l >= 16 }, 6, 0},
		{"odd", true, contig, gcontig, func(l uint32) bool { return l&1 == 1 }, 8, 0},
		{"tail", true, contig, gcontig, func(l uint32) bool { return l >= 10 }, 6, 0},
		{"strided_sz16", true, func(l uint32) uint32 { return sbase + 128*l }, gcontig, none, 64, 28},
		{"shift_sz16", true, contig, func(l uint32) uint64 { return gbase + 16 + 16*uint64(l) }, none, 16, 0},
	} {
		a := access(OpLdgsts, 16, allLanes, tc.dst)
		a.Bypass, a.ZFill = true, tc.zfill
		var src [32]uint64
		for l := range src {
			src[l] = tc.src(uint32(l))
			if tc.noData(uint32(l)) {
				a.NoData |= 1 << l
			}
		}
		a.Src = &src
		c := Wavefronts(a)
		assert.Equal(t, tc.wave, c.Wavefronts, "cpasync_cg_%s wavefronts", tc.probe)
		assert.Equal(t, tc.cnf, c.Conflicts(), "cpasync_cg_%s conflicts", tc.probe)
	}
}

// The known gaps (counters.json known_gaps): the model's values, pinned so
// that a change shows up here.
func TestBypassKnownGaps(t *testing.T) {
	a := access(OpLdgsts, 16, allLanes, func(l uint32) uint32 { return 0x400 + 16*l })
	a.Bypass, a.ZFill = true, true
	var src [32]uint64
	for l := range src {
		src[l] = 128 * uint64(l)
	}
	a.Src = &src
	c := Wavefronts(a)
	assert.Equal(t, 36, c.Wavefronts, "cpasync_cg_gstride_sz16: GPU 64")
	assert.Equal(t, 0, c.Conflicts(), "cpasync_cg_gstride_sz16: GPU 28")
	for l := range src {
		src[l] = 16 * uint64(l)
	}
	a.NoData = 0
	for l := uint(0); l < 32; l++ {
		if l%5 == 0 {
			a.NoData |= 1 << l
		}
	}
	assert.Equal(t, 8, Wavefronts(a).Wavefronts, "cpasync_cg_ramp: GPU 15")
}

// No-src-size cp.async.cg (LDGSTS.E.BYPASS.128) patterns of
// tools/record/cpasync_probe.cu on an H200 (2026-11-21; one warp unless
// noted; the no-src-size form costs the same in every kernel we measured).
func TestBypassSourcePiecesProbe(t *testing.T) {
	const sbase, gbase = 0x400, 0x7f0000000000
	for _, tc := range []struct {
		probe string
		warps int
		src   func(t uint64) uint64 // global byte offset of thread t
		wave  int
	}{
		{"gline2_nosz (2 lanes per line)", 1, func(t uint64) uint64 { return t/2*128 + t%2*16 }, 16},
		{"gline4_nosz", 1, func(t uint64) uint64 { return t/4*128 + t%4*16 }, 8},
		{"gline8_nosz", 1, func(t uint64) uint64 { return t/8*128 + t%8*16 }, 4},
		{"twolines_alt_nosz (lanes alternate lines)", 1, func(t uint64) uint64 { return t%2*128 + t/2*16 }, 32},
		{"nosz_same_chunk (every lane on in+0)", 1, func(t uint64) uint64 { return 0 }, 32},
		{"swap_pairs_nosz", 1, func(t uint64) uint64 { return 16 * (t ^ 1) }, 4},
		{"reversed_nosz", 1, func(t uint64) uint64 { return 16*(31-t%32) + 512*(t/32) }, 4},
		{"rotq_nosz (rotated by a quarter)", 1, func(t uint64) uint64 { return 16*((t%32+8)%32) + 512*(t/32) }, 4},
		{"gline1_shift16_nosz", 1, func(t uint64) uint64 { return 128*t + 16 }, 32},
		{"pipe_tail_w4_nosz (cpasync_pipeline's last tile)", 4, func(t uint64) uint64 {
			if 37-4*int(t) > 0 {
				return 4 * (3584 + 4*t)
			}
			return 0
		}, 120},
	} {
		total := 0
		for w := 0; w < tc.warps; w++ {
			a := access(OpLdgsts, 16, allLanes, func(l uint32) uint32 { return sbase + 512*uint32(w) + 16*l })
			a.Bypass = true
			var src [32]uint64
			for l := range src {
				src[l] = gbase + tc.src(uint64(32*w+l))
			}
			a.Src = &src
			total += Wavefronts(a).Wavefronts
		}
		assert.Equal(t, tc.wave, total, tc.probe)
	}
}
