package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// ldcPathOf is, per bank address an entry's tracked constant load reads,
// whether ldcPathLoads makes it a vector LDC.
func ldcPathOf(t *testing.T, dir, entry string) map[int]bool {
	t.Helper()
	k := microKernel(t, dir, entry)
	f := k.Entry()
	ps := newParamSectors(k)
	out := map[int]bool{}
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if ps.first[pc] < 0 || in.Op != ptx.OpLd {
			continue
		}
		off, ok := paramOffset(f, &in.Ops[len(in.Ops)-1], map[int32]int{})
		if !ok {
			continue
		}
		out[paramBankAddr(f, off)] = out[paramBankAddr(f, off)] || ps.ldcPath[pc]
	}
	return out
}

// TestLDCPathMatchesSASS: which parameter loads ldcPathLoads makes vector
// LDCs, against the SASS of the microbenchmarks (ptxas 13.0 sm_90a,
// cuobjdump: validation/timing/ldclat_sass.ctrl.txt.gz, psink21_sass.txt,
// first18.md).
func TestLDCPathMatchesSASS(t *testing.T) {
	// ldclat_u32_seq: `LDC R0, c[0x0][0x500]; ISETP` in every region
	got := ldcPathOf(t, "ldclat_u32_seq", "ldclat")
	for _, a := range []int{0x500, 0x504, 0x508, 0x510, 0x51c, 0x520, 0x540, 0x580, 0x600} {
		assert.True(t, got[a], "ldclat c[0x0][%#x]: LDC", a)
	}
	// psinkx _wa: ULDC 0x548, 0x528, 0x564; UIADD3; LDC 0x508; VIADD; ISETP;
	// then the chain's ULDC.64s 0x510 .. 0x558
	got = ldcPathOf(t, "psinkx_post_cta_w1_wa", "psinkx")
	assert.True(t, got[0x508], "_wa's last term: LDC")
	for _, a := range []int{0x528, 0x548, 0x564, 0x510, 0x518, 0x550} {
		assert.False(t, got[a], "psinkx c[0x0][%#x]: ULDC", a)
	}
	// psink _wm: LDC 0x528; ULDC 0x548; LDC 0x564; IADD3: the last term and
	// the second term of the three-term sum's first add
	got = ldcPathOf(t, "psink_pre_cta_w1_wm", "psink")
	assert.True(t, got[0x564], "_wm's last term: LDC")
	assert.True(t, got[0x528], "_wm's first add's second term: LDC")
	assert.False(t, got[0x548], "_wm's ULDC")
	// psinkx_lat: LDC.64 c[0x0][0x510]; ISETP; ISETP.EX
	got = ldcPathOf(t, "psinkx_lat_post_cta_w1", "psinkx")
	assert.True(t, got[0x510], "psinkx_lat: LDC.64")
}

// TestClusterFlagAfterGuard: where the cluster-launch flag's LDC waits,
// against the SASS (ptxas 13.0 sm_90a, tools/microbench/sgp32/
// sass_h200.ctrl.txt.gz): psink_mid_clu_w12_wm's and psinkx_mid_clu_w12_wa's
// `ISETP.NE.AND P0, PT, R0, K; LDC R0, c[0x0][0x140]; @!P0 LDC.64; @!P0
// STG` puts it after the guard's compare of the warm words (not after the
// guarded block's pointer load); psink_mid_clu_w1's `CS2R; LDC R0,
// c[0x0][0x140]` at the region's top (no guard).
func TestClusterFlagAfterGuard(t *testing.T) {
	after := func(dir, entry string) []int {
		k := microKernel(t, dir, entry)
		f, ps := k.Entry(), newParamSectors(k)
		var out []int
		for _, ld := range ps.clusterFlagAfter {
			off, ok := paramOffset(f, &f.Insts[ld].Ops[len(f.Insts[ld].Ops)-1], map[int32]int{})
			require.True(t, ok)
			out = append(out, paramBankAddr(f, off))
		}
		return out
	}
	assert.ElementsMatch(t, []int{0x528, 0x548, 0x564}, after("psink_mid_clu_w12_wm", "psink"))
	assert.ElementsMatch(t, []int{0x508, 0x528, 0x548, 0x564}, after("psinkx_mid_clu_w12_wa", "psinkx"))
	assert.Empty(t, after("psink_mid_clu_w1", "psink"))
}
