package calibrate

// Helper lsu's groups (session 5):
//   - cp_async_ca_hit_cycles: searched on cpasync_ca16_lat and
//     cpasync_ca4_lat (one warp, cp.async.ca of 16 or 4 bytes a lane then
//     wait_group 0, 64 steps over 32 KiB that L1 holds in rep 1: 93.7
//     cycles a step on the H200, against a load's 32-cycle L1 hit).
var groups7LSU = []Group{
	{Name: "cp_async_ca_hit", Params: []string{"cp_async_ca_hit_cycles"}, Benches: []string{"cpasync_ca16_lat", "cpasync_ca4_lat"},
		Start: []float64{10}, Lo: []float64{0}, Hi: []float64{200}},
}

func init() { Groups = append(Groups, groups7LSU...) }
