package calibrate

// groupWgmmaRSA (session 33, lane m14, validation/timing/m1433.md):
// wgmma_rs_a_bytes_per_cycle (sim/sm/async.go wgmmaCycles), the rate at
// which an RS wgmma's A operand comes from the registers. Judged on the
// back-to-back RS issue intervals at N = 32, the one width where the
// operand reads set the interval (N <= 16 sit on wgmma_min_cycles, N >= 64
// on the tensor rate): the GPU's 23.8 (f16, bf16, tf32, e4m3) and 23.3
// (s8) cycles against SS's 25.1.
var groupWgmmaRSA = Group{Name: "wgmma_rs_a", Params: []string{"wgmma_rs_a_bytes_per_cycle"},
	Benches: []string{"wgmma_*_n32_rs"}, Figures: []string{"issue_interval_cycles"},
	Start: []float64{128}, Lo: []float64{64}, Hi: []float64{512}, Scan: 28}

func init() { Groups = append(Groups, groupWgmmaRSA) }
