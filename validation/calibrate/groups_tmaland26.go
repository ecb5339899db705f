package calibrate

// tma_land (session 26, helper tmah): the SM's rate of TMA tensor-load data
// landing in shared memory, all boxes together (sim/sm tma.go,
// tma_land_bytes_per_cycle), fitted on the later stages of family tmaq
// (gen16_tmaq.py: gemm_wgmma's producer alone after ncu's cache flush, one
// CTA, 16 or 32 KiB stages of K-major boxes queued back to back; each
// stage's own waiting warp, not the issuing one, stamps its completion):
// after the first stage, which opens the DRAM pages (tma_hbm), the stages
// complete one after another at the SM's landing rate. With them tmaqx_s3,
// _f0 and _pf (gen17_tmaqx.py: the same producer and waiters, thread 0
// stamped around stage 0's steps). After tma_hbm (its first-stage figures
// hardly move with the rate). The 8-CTA, contiguous and multicast variants
// are left out: other SMs share the DRAM pages and L2 there.
// validation/timing/tmah26.md.
var groupTMALand = Group{Name: "tma_land", Params: []string{"tma_land_bytes_per_cycle"},
	Benches: []string{"tmaq_s2", "tmaq_s3", "tmaq_s6", "tmaq_s6_a", "tmaq_s3_pf", "tmaq_s3_k4096", "tmaqx_s3", "tmaqx_s3_f0", "tmaqx_s3_pf"},
	Figures: []string{"done1_cycles", "done2_cycles", "done5_cycles"},
	Start:   []float64{150}, Lo: []float64{32}, Hi: []float64{512}, Scan: 40}

// init puts the group right after tma_hbm (groups4.go, whose init runs
// before this file's).
func init() {
	for i, g := range Groups {
		if g.Name == "tma_hbm" {
			Groups = append(Groups[:i+1], append([]Group{groupTMALand}, Groups[i+1:]...)...)
			return
		}
	}
	Groups = append(Groups, groupTMALand)
}
