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
		{"gstride_sz16", true, contig, func(l uint32) uint64 { return gbase + 128*uint64(l) }, none, 64, 28},
		{"ramp (src-size 4*(lane%5))", true, contig, gcontig, func(l uint32) bool { return l%5 == 0 }, 15, 0},
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

// The src-size patterns of tools/record/cpasync_probe.cu's pat kernel,
// measured again on an H200 (2026-11-25, tools/record/cpasync_probe2.cu,
// cases I_cat_P3) with the src-size predicate of its LDGSTS.E.BYPASS.128.ZFILL
// moved from P0 to P3 (the cubin patched, nothing else changed; P2, P5 and
// P6 gave the same counts, P0 the ones in doc.go). Shared base 0x400; thread
// t copies 16 B to shared word doff and from global word soff with src-size
// sz, per case number as in pattern().
func TestBypassProbe2CatalogP3(t *testing.T) {
	const sbase, gbase = 0x400, 0x7f0000000000
	pattern := func(mode, t int) (soff, doff, sz int) {
		lane := t & 31
		soff, doff, sz = 4*t, 4*t, 16
		b := func(c bool) int {
			if c {
				return 1
			}
			return 0
		}
		switch mode {
		case 0:
			sz = 4 * (lane % 5)
		case 1:
			sz = 4 * (lane % 4)
		case 2, 3, 4:
			sz = 4 * (mode - 1)
		case 6:
			sz = 16 - 12*b(lane&1 == 1)
		case 7:
			sz = 4 + 4*b(lane&1 == 1)
		case 8:
			sz = 4 * b(lane&1 == 1)
		case 9:
			sz = 4 * ((lane / 2) % 5)
		case 10:
			sz = 4 * (lane/8 + 1)
		case 14:
			if lane < 8 {
				sz = 4 * (lane % 5)
			}
		case 15:
			sz = 4 * ((31 - lane) % 5)
		case 16:
			sz = 4 * (lane % 5) * b(lane < 8)
		case 17:
			sz = 16 * b(lane%5 != 0)
		case 18:
			sz = 8 + 8*b(lane%5 == 4) - 8*b(lane%5 == 0)
		case 20, 24:
			soff, sz = 32*t, 16-8*b(mode == 24)
		case 21:
			soff = t/2*32 + t%2*4
		case 22:
			soff = t/4*32 + t%4*4
		case 23:
			soff = t/8*32 + t%8*4
		case 25:
			soff, sz = 32*t, 16*b(lane < 16)
		case 26:
			soff = 32*t + 4
		case 27:
			soff, doff = 32*t, 32*t
		case 28:
			soff = t%2*32 + t/2*4
		case 29:
			soff, sz = 32*t, 16*b(lane < 8)
		case 30:
			soff = 64 * t
		case 31:
			soff = 4 * (t ^ 1)
		case 32:
			soff = 4*(31-lane) + 128*(t/32)
		case 33:
			soff = 4*((lane+8)%32) + 128*(t/32)
		case 40:
			soff, sz = 0, 0
		case 41:
			soff, sz = 0, 16*b(t == 0)
		case 42, 48:
			soff = 0
		case 43:
			sz = 0
		case 44:
			sz = 16 * b(lane < 16)
		case 45, 46:
			rem := 37 - 4*t
			sz = 4 * min(max(rem, 0), 4)
			soff = 0
			if sz != 0 {
				soff = 4*t + 3584*b(mode == 45)
			}
		case 47:
			soff, sz = 2048, 0
		case 49:
			soff, sz = 4*(t%2), 0
		case 50:
			soff, sz = 32*t, 0
		case 51:
			soff, sz = 3584+4*(t%8), 0
		}
		return
	}
	cost := func(mode, warps int) (wave, cnf int) {
		for w := 0; w < warps; w++ {
			var a Access
			a.Kind, a.Width, a.Bypass, a.ZFill, a.Active = OpLdgsts, 16, true, true, allLanes
			var src [32]uint64
			for l := 0; l < 32; l++ {
				soff, doff, sz := pattern(mode, 32*w+l)
				a.Addr[l] = sbase + 4*uint32(doff)
				src[l] = gbase + 4*uint64(soff)
				if sz == 0 {
					a.NoData |= 1 << l
				}
			}
			a.Src = &src
			c := Wavefronts(&a)
			wave += c.Wavefronts
			cnf += c.Conflicts()
		}
		return
	}
	for _, tc := range []struct{ mode, warps, wave, cnf int }{
		{0, 1, 15, 0}, {1, 1, 12, 0}, {2, 1, 8, 0}, {3, 1, 8, 0}, {4, 1, 8, 0}, {5, 1, 8, 0},
		{6, 1, 8, 0}, {7, 1, 8, 0}, {8, 1, 8, 0}, {9, 1, 8, 0}, {10, 1, 8, 0}, {11, 1, 8, 0},
		{12, 1, 8, 0}, {13, 1, 8, 0}, {14, 1, 10, 0}, {15, 1, 15, 0}, {16, 1, 7, 0}, {17, 1, 15, 0},
		{18, 1, 15, 0}, {20, 1, 64, 28}, {21, 1, 32, 12}, {22, 1, 16, 4}, {23, 1, 8, 0},
		{24, 1, 64, 28}, {25, 1, 34, 14}, {26, 1, 64, 28}, {27, 1, 64, 28}, {28, 1, 40, 4},
		{29, 1, 19, 7}, {30, 1, 64, 28}, {31, 1, 8, 0}, {32, 1, 8, 0}, {33, 1, 8, 0},
		{40, 1, 4, 0}, {41, 1, 5, 0}, {42, 1, 64, 28}, {43, 1, 4, 0}, {44, 1, 6, 0},
		{45, 1, 6, 0}, {46, 1, 6, 0}, {47, 1, 4, 0}, {48, 1, 64, 28}, {49, 1, 4, 0},
		{50, 1, 4, 0}, {51, 1, 4, 0},
		{0, 4, 60, 0}, {5, 4, 32, 0}, {20, 4, 256, 112}, {45, 4, 18, 0}, {46, 4, 18, 0},
		{51, 4, 16, 0}, {43, 4, 16, 0}, {44, 4, 24, 0},
	} {
		wave, cnf := cost(tc.mode, tc.warps)
		assert.Equal(t, tc.wave, wave, "case %d, %d warps: wavefronts", tc.mode, tc.warps)
		assert.Equal(t, tc.cnf, cnf, "case %d, %d warps: conflicts", tc.mode, tc.warps)
	}
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
