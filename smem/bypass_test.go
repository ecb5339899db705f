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
