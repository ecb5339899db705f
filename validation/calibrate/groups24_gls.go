package calibrate

// groups24GLS fits the L1's combining of a warp's partly written sectors
// with its next store (sim/sm/storecombine.go, session 24,
// validation/timing/gls24.md): store_combine_lines, the most lines a plain
// store of 32-bit lanes may span and still hold its partly written lines for
// the warp's next store. Searched on 4 and 8 warps of u32 stores writing
// half sectors whose next store writes the other halves, at 4 lines (lanes
// 0-15 or 16-31: combined on the GPU, ~4.1-4.5 cycles a store), 6 lines
// (24 lanes: partly, 10.0) and 8 lines (32 lanes: not, 14.4-15.3), and
// 8 rows of 16 B 64 B apart (two halves in each of 4 or 5 lines: 6.2), H200
// recordings (gen23_gls.py, gen24_gls.py). The 16-bit and 16-lane 8-line
// shapes of the same families are the check, not fitted.
var groups24GLS = []Group{
	{Name: "store_combine", Params: []string{"store_combine_lines"},
		Benches: []string{"gls23_st32_r4g4m16_r512_w4", "gls23_st32_r4g4m16_r4096_w4", "gls24_st32_r4g4m16_r512_w8",
			"gls24_st32_r4g4mhi_r512_w8", "gls24_st32_r6g4m24_r512_w8", "gls24_st32_r8g4_r512_w8", "gls23_st32_r8g4_r512_w4",
			"gls24_st32_r8g4_r64_w8"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{4}, Lo: []float64{0}, Hi: []float64{8}},
}

func init() { Groups = append(Groups, groups24GLS...) }
