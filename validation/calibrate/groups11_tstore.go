package calibrate

// The store latency and the ELECT loop's lead (sim/sm/tma_store.go,
// bulkelect.go), fitted together: tma_store_latency_cycles is what a store
// or reduction takes from leaving the warp to its wait_group seeing it
// done (beyond the smem read and the write), bulk_elect_lead_cycles how far
// into ptxas's ELECT loop (ELECT, R2UR, two PLOP3, the operation,
// BRA.U.ANY) the operation leaves, so how much later a reduction, waited
// for after each, completes than a store of the same loop. The stores
// (tmast_store_*_write, tmast7_st/bst_1k_write/_read) have no loop and read
// the latency alone; the reductions (tmast_add_*_write, tmast7_add/bred_*)
// read both.
var tstoreLatency = Group{
	Name:   "tma_store_latency",
	Params: []string{"tma_store_latency_cycles", "bulk_elect_lead_cycles"},
	Benches: []string{"tmast_store_1k_write", "tmast_store_4k_write", "tmast_store_16k_write",
		"tmast_add_1k_write", "tmast_add_4k_write", "tmast_add_16k_write",
		"tmast7_st_1k_write", "tmast7_st_1k_read", "tmast7_bst_1k_write", "tmast7_bst_1k_read",
		"tmast7_add_1k_write", "tmast7_add_1k_read", "tmast7_bred_1k_write", "tmast7_bred_1k_read",
		"tmast7_bred_256b_write", "tmast7_bred_4k_write"},
	Start: []float64{16, 0}, Lo: []float64{0, 0}, Hi: []float64{1000, 100},
}

// tstoreReplace puts the joint group in place of groups4's
// tma_store_latency (called from groups9_tst.go's init, which runs after
// groups4's: Go runs a package's init functions in file-name order, and
// groups11_tstore.go sorts before groups4.go).
func tstoreReplace(gs []Group) []Group {
	var out []Group
	for _, g := range gs {
		if g.Name == "tma_store_latency" {
			out = append(out, tstoreLatency)
			continue
		}
		out = append(out, g)
	}
	return out
}
