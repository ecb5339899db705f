package calibrate

// groups31CPIn fits each SM's path for its own reads from HBM (sim/gpu
// l2smhbm.go, validation/timing/cpin31.md):
//
//   - sm_hbm_bytes_per_cycle: a miss waits for the SM's HBM bytes of the
//     last HBM latency over this rate. One CTA of 8 warps keeping 16 to
//     128 KiB of cp.async.cg in flight from HBM (cpasync_p30_cg_*), the
//     same strided and on 2 to 33 SMs (cpasync_p31_*). Not the TMA's
//     tmacold_*: a TMA load does not wait for the term (its own
//     tma_hbm_extra_cycles and tma_hbm_page_cycles were fitted on them).
//   - sm_hbm_busy_cycles (session 33, validation/timing/cpa33.md): the
//     step a miss pays when its SM's HBM stream is busy at all, fitted
//     together with the rate on the same figures: the GPU's round trip is
//     ~939 + F / 198 against a lone copy's 753 (cpcold_cg16).
var groups31CPIn = []Group{
	{Name: "sm_hbm", Params: []string{"sm_hbm_bytes_per_cycle", "sm_hbm_busy_cycles"},
		Benches: []string{"cpasync_p30_cg_c1_s4", "cpasync_p30_cg_c2_s4", "cpasync_p30_cg_c3_s4", "cpasync_p30_cg_c4_s4",
			"cpasync_p30_cg_c8_s2", "cpasync_p30_cg_c6_s4", "cpasync_p30_cg_c8_s4",
			"cpasync_p31_c4_s4_n1_x512", "cpasync_p31_c4_s4_n1_x2048", "cpasync_p31_c4_s4_n1_x8192",
			"cpasync_p31_c1_s4_n1_x2048", "cpasync_p31_c1_s4_n1_x8192", "cpasync_p31_c8_s4_n1_x2048",
			"cpasync_p31_c4_s4_n2_x512", "cpasync_p31_c4_s4_n8_x512", "cpasync_p31_c4_s4_n33_x512",
			"cpasync_p31_c1_s4_n8_x512", "cpasync_p31_c8_s4_n8_x512", "cpasync_p31_c8_s4_n16_x512"},
		Figures: []string{"bytes_per_cycle_per_sm"},
		Start:   []float64{200, 150}, Lo: []float64{40, 0}, Hi: []float64{400, 400}},
}

func init() { Groups = append(Groups, groups31CPIn...) }
