package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// descRegionOf is descRegion of a microbenchmark entry and its function.
func descRegionOf(t *testing.T, dir, entry string) (int32, *ptx.Function) {
	t.Helper()
	k := microKernel(t, dir, entry)
	return descRegion(k.Entry()), k.Entry()
}

// TestDescRegionMatchesSASS: where descRegion puts the descriptor's load
// against the SASS in the tree (ptxas 13.0 sm_90a, cuobjdump): at the
// entry (-1) where the ULDC.64 c[0x0][0x208] is among the first
// instructions or in the entry block before its barrier; else right after
// the t0 %clock read (tmaq, tmaqx: first18.md), right after the BAR.SYNC
// that follows the init loop (t6st, tmast7: tailbulk21_sass2.txt.gz) or
// in the block of the stores after a loop holding a barrier (tbulk:
// tailbulk21_sass.txt.gz; mwake: mwake22_sass.txt, LDC.64).
func TestDescRegionMatchesSASS(t *testing.T) {
	for _, c := range [][2]string{
		{"sgp_k64_c1", "sgp"},                  // 0x10
		{"psink_mid_clu_w1", "psink"},          // 0x10
		{"psinkx_post_cta_w1_wa", "psinkx"},    // 0x10
		{"ldclat_u32_seq", "ldclat"},           // 0x10
		{"tmai_sep_n2_1k_none", "tmai_sep_n2"}, // 0x80
		{"gls_ld32_coal_w1", "gls_ld32"},       // 0x290, before the entry block's BAR.SYNC
		{"brnt8_nt16", "brnt8_nt16"},           // 0x30
		{"mbwait_h0", "mbwait"},                // 0x100, before the BAR.SYNC
	} {
		r, _ := descRegionOf(t, c[0], c[1])
		assert.Equal(t, int32(-1), r, c[0]+": at the entry")
	}
	for _, c := range []struct {
		dir, entry string
		prev       ptx.Opcode // the instruction before the region
	}{
		{"tmaq_s3", "tmaq", ptx.OpMov},       // CS2R t0; ULDC.64
		{"tmaqx_s3", "tmaqx", ptx.OpMov},     // CS2R t0; ULDC.64
		{"t6st_bulk_p1", "t6_st", ptx.OpBar}, // BAR.SYNC; (IMAD.MOV) ULDC.64
		{"tmast7_bst_1k_group", "t7_st", ptx.OpBar},
		{"tbulk_l1_512b_n16_el_half", "tbulk", ptx.OpBra}, // @P2 EXIT; ...; ULDC.64; STG
		{"tbulk_t1_red1k_n1", "tbulk", ptx.OpBra},
		{"mwake_m0_d1000", "mwake", ptx.OpBra},
	} {
		r, f := descRegionOf(t, c.dir, c.entry)
		if assert.Greater(t, r, int32(0), c.dir+": below a barrier") {
			assert.Equal(t, c.prev, f.Insts[r-1].Op, c.dir+": "+f.Insts[r-1].Text)
		}
	}
	// tmaq's region starts right after its second %clock read (t0)
	r, f := descRegionOf(t, "tmaq_s3", "tmaq")
	clocks := 0
	for pc := int32(0); pc < r; pc++ {
		if f.Insts[pc].Op == ptx.OpMov && paramSync(&f.Insts[pc]) {
			clocks++
		}
	}
	assert.Equal(t, 2, clocks, "tmaq: after e0 and t0")
}
