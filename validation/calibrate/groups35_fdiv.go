package calibrate

// Group fdiv_path (session 35, helper alu; validation/timing/alu35.md):
// fdiv_path_extra_cycles, what a div.approx / div.full .f32 with its own
// MUFU.RCP adds to the pipe latencies of its dependent path (sim/sm/fdiv.go
// fdivPathExtra: ptxas's FSETP 5 after the quotient's FMUL and MUFU.RCP 6
// after the divisor's @!P FMUL). Searched on the two dependent chains
// (fpalu_divapprox_lat, fpalu_divfull_lat: one warp, x = m / x), which no
// other float-division parameter reads: the windows of divisions in flight
// and the pipes' latencies are fixed. Recorded on the H200 only (the H100
// keeps 0, not measured there).
var groupFdivPath = Group{Name: "fdiv_path", Params: []string{"fdiv_path_extra_cycles"},
	Benches: []string{"fpalu_divapprox_lat", "fpalu_divfull_lat"},
	Start:   []float64{8}, Lo: []float64{0}, Hi: []float64{30}}
