package calibrate

// groupTMAStoreSlot (session 33, validation/timing/tmax33.md): the engine
// takes a warp's tensor stores no faster than one per
// tma_store_min_cycles, and the warp issues its next one after the take
// (sim/sm/tensorstore.go); searched on tmast8_store_256b (eight 256-byte
// stores a loop iteration, 17.6 cycles a store on the GPU), since the
// take of bulk_store_take_cycles after the issue and the loop's taken
// branch after the eighth store (bulk_branch_cycles) share the pace with
// it. After the group bulk_branch (groups6_tma.go): with that group's
// start (60) in place of its fit the loop's branch alone takes the pace.
var groupTMAStoreSlot = Group{Name: "tma_store_slot", Params: []string{"tma_store_min_cycles"}, Benches: []string{"tmast8_store_256b"},
	Start: []float64{18}, Lo: []float64{0}, Hi: []float64{30}, Scan: 15}

func init() { Groups = append(Groups, groupTMAStoreSlot) }
