package calibrate

// Helper lsu's groups (session 5):
//   - cp_async_ca_hit_cycles: searched on cpasync_ca16_lat and
//     cpasync_ca4_lat (one warp, cp.async.ca of 16 or 4 bytes a lane then
//     wait_group 0, 64 steps over 32 KiB that L1 holds in rep 1: 93.7
//     cycles a step on the H200, against a load's 32-cycle L1 hit).
//   - ld_bypass_interval_cycles: searched on the ld.cg shapes of family
//     gls: one warp's coalesced loads (48.4 cycles a load on the H200, the
//     spacing), 32-line loads and 16 warps (bandwidth: they must not move).
var groups7LSU = []Group{
	{Name: "cp_async_ca_hit", Params: []string{"cp_async_ca_hit_cycles"}, Benches: []string{"cpasync_ca16_lat", "cpasync_ca4_lat"},
		Start: []float64{10}, Lo: []float64{0}, Hi: []float64{200}},
	{Name: "ld_bypass", Params: []string{"ld_bypass_interval_cycles"},
		Benches: []string{"gls_ldcg_coal_w1", "gls_ldcg_coal_w16", "gls_ldcg_l32_w1", "gls_ldcg_l32_w4"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{16}, Lo: []float64{0}, Hi: []float64{200}},
}

func init() { Groups = append(Groups, groups7LSU...) }
