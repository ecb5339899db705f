package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The constant cache's two miss paths (sim/sm/constcache.go: a vector
// LDC's miss const_ldc_miss_cycles, on its own path; a ULDC's
// const_miss_cycles; validation/timing/constc22.md) against the H200
// recordings with the built-in profile.
func TestConstMissPathsRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	for _, c := range []struct {
		bench, fig, why string
	}{
		// one LDC miss compared with a constant: ~93 cycles to its ISETP
		{"ldclat_u32_seq", "miss_cycles", "a lone LDC miss"},
		{"ldclat_u64_seq", "miss_cycles", "a lone LDC.64 miss"},
		// the entry's ULDC.64 c[0x0][0x208] does not make the LDC of
		// c[0x0][0x230] a hit: the paths keep their lines apart
		{"ldclat_u32_low", "miss_cycles", "an LDC miss of a line the ULDC path holds"},
		// the cold LDC.64 not queued behind the entry's descriptor ULDC miss
		{"psinkx_lat_post_cta_w1", "chain_cycles", "a lone LDC.64 miss after the descriptor's ULDC"},
		// four warm words, three of them ULDCs: the chain's ULDC.64s hit
		// (model 316 against 339: within 8%)
		{"psinkx_post_cta_w1_wa", "chain_cycles", "the ULDC path warmed by ULDCs"},
		// two ULDC misses in series (ULDC -> UIMAD -> ULDC.64)
		{"sgp_k64_c1", "pro_cycles", "two ULDC misses in series"},
		// 32 sectors queued
		{"coldc_s32", "cycles_cold", "a queue of 32 misses"},
		// `LDC w0; ULDC w1; LDC w2; IADD3`: two LDC misses and one ULDC
		// (sgp33.md; the ULDC path had two before: +21%)
		{"psink_pre_cta_w1_wm", "bar_cycles", "a three-term sum's two LDCs"},
		// the cluster flag's LDC after the guard's compare (sgp33.md)
		{"psink_mid_clu_w12_wm", "bar_cycles", "the flag's LDC behind the guard"},
	} {
		g, w := simulatedFigure(t, by, c.bench, c.fig)
		tol := 0.05
		if c.bench == "psinkx_post_cta_w1_wa" {
			tol = 0.08
		}
		assert.InEpsilon(t, w, g, tol, c.bench+" "+c.fig+": "+c.why)
	}
	// the cluster-launch flag's LDC: the first barrier.cluster's extra over
	// a steady one (~100 cycles on the GPU) within 15 cycles
	gFirst, wFirst := simulatedFigure(t, by, "psink_mid_clu_w1", "bar_cycles")
	gSteady, wSteady := simulatedFigure(t, by, "cluster_bar_c2_relaxed", "cycles_per_barrier")
	assert.InDelta(t, wFirst-wSteady, gFirst-gSteady, 15, "the first cluster barrier's flag LDC")
}
