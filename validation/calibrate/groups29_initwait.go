package calibrate

// mbar_init_wait (session 29, helper tmaq): what a warp's own
// mbarrier.init holds up (sim/sm initwait.go): its constant reads start
// mbarrier_init_const_wait_cycles after its last init (tmaqx's `ULDC
// c[0x0][0xc]; ULDC.64 c[0x0][0x380]; UIMAD` between the init stamp x1 and
// its BAR.SYNC: sync_cycles t0 - x1 116-126 on both GPUs; session 27's
// probe, validation/timing/mbinit27.md: reads after the inits start ~62
// cycles after the last), and its bar.sync arrives
// mbarrier_init_bar_wait_cycles after it (the probe: a bar.sync right
// after six inits releases ~36 cycles later than after a spin). Judged on
// the prologue figures of the producer families that run the inits, then
// the barrier: tmaqx's init-to-barrier and pro, tmaq's pro and issue
// (t0 moves against stage 0's issue when only warp 0 waits), every
// sgp variant's pro (the same inits and barrier before its mainloop).
// After const_cache, which fits the prologue's constant misses on sgp /
// tmaq pro. validation/timing/tmaq29.md.
var groupMbarInitWait = Group{Name: "mbar_init_wait",
	Params: []string{"mbarrier_init_const_wait_cycles", "mbarrier_init_bar_wait_cycles"},
	Benches: []string{"tmaqx_s3", "tmaqx_s3_f0", "tmaqx_s3_ct", "tmaqx_s3_ctfar", "tmaqx_s3_cta",
		"tmaq_s1", "tmaq_s2", "tmaq_s3_ct", "tmaq_s3_k4096", "tmaq_s6", "tmaq_s6_a", "sgp*"},
	Figures: []string{"sync_cycles", "pro_cycles", "issue_cycles"},
	Start:   []float64{50, 30}, Lo: []float64{0, 0}, Hi: []float64{100, 100}, Scan: 10}

func init() {
	for i, g := range Groups {
		if g.Name == "const_cache" {
			Groups = append(Groups[:i+1], append([]Group{groupMbarInitWait}, Groups[i+1:]...)...)
			return
		}
	}
	Groups = append(Groups, groupMbarInitWait)
}
