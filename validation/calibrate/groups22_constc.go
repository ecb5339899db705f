package calibrate

// groupsConstc fits const_ldc_miss_cycles (sim/sm/constcache.go): a
// vector LDC's constant miss, which ptxas issues for a parameter a
// compare reads. Judged on ldclat's miss regions (one LDC miss each, its
// dependent ISETP, a predicated-off store: miss_cycles) and psinkx_lat's
// cold compared LDC.64 (chain_cycles). After
// const_cache: the LDC path queues apart from the ULDC path, but both
// share const_sector_interval_cycles. validation/timing/constc22.md.
var groupsConstc = []Group{
	{Name: "const_ldc_miss", Params: []string{"const_ldc_miss_cycles"},
		Benches: []string{"ldclat_u32_seq", "ldclat_u64_seq", "ldclat_u32_rev", "ldclat_u32_low", "ldclat_mix",
			"psinkx_lat_post_cta_w1"},
		Figures: []string{"miss_cycles", "chain_cycles"},
		Start:   []float64{99}, Lo: []float64{0}, Hi: []float64{1000}},
}

func init() { Groups = append(Groups, groupsConstc...) }
