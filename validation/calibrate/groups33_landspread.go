package calibrate

// groupLandSpread (session 33, lane m14, validation/timing/m1433.md):
// mbar_tx_land_spread_cycles (sim/sm/mbarpoll.go recheckAt), how much
// later than modelled a tensor load's complete_tx may land, so that a
// landing modelled that close before a try_wait's recheck misses it in
// part of the waits. Judged on the one-in-flight latency loops
// (tma_load_*_lat, cycles_per_load), after the TMA latency groups: on the
// GPU the 128-row boxes (tma_load_32b_4k_lat, _64b_8k_lat) run 11..15 of
// their 64 loads one recheck late (495 + k x 150 / 64 cycles a load, k
// varying from run to run), the boxes of at most 64 rows none and the
// 256-row and 16 KiB boxes all of them (one period more) while the 32 KiB
// boxes are not late for their second recheck: the spread lies between
// the 128-row box's slack before its recheck and the 32 KiB box's. The
// cost is a step function of the spread over the loop's 64 waits, so the
// grid is scanned first (Scan).
var groupLandSpread = Group{Name: "mbar_tx_land_spread", Params: []string{"mbar_tx_land_spread_cycles"},
	Benches: []string{"tma_load_*_lat"}, Figures: []string{"cycles_per_load"},
	Start: []float64{0}, Lo: []float64{0}, Hi: []float64{96}, Scan: 24}

func init() { Groups = append(Groups, groupLandSpread) }
