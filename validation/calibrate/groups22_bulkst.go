package calibrate

import (
	"fmt"
	"math"
)

// The family bulkst of tools/microbench/gen22_bulkst.py (issues 14/15,
// session 20, helper bulkst): W warps (lane 0 of each; W = 1 with a block
// of one thread for bulkst_t1_*) issue N plain bulk stores
// (cp.async.bulk.global.shared::cta.bulk_group, SASS UBLKCP.G.S) of 256 B,
// 1 KiB or 4 KiB back to back, then commit_group and wait_group 0; and
// bulkst_t1_tile1k_n* the same with TMA 2D tile stores (UTMASTG).
// clk[32w..32w+31] holds warp w's rep-1 stamps: [k] before store k, [16]
// after the last store, [17] after the commit, [18] after the wait, all
// minus [19], the raw stamp before store 0. Figures, on one time line from
// the earliest warp's first stamp:
//
//   - issue_cycles: the latest warp's stamp after its last store;
//   - done_cycles: the latest warp's stamp after its wait_group 0.
//
// validation/timing/bulkst20.md.
func init() {
	registerFamily("bulkst", family{figures: bulkstFigures, derive: deriveBulkst})
}

func bulkstFigures(*Bench) []string { return []string{"issue_cycles", "done_cycles"} }

func deriveBulkst(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
	clk := o["clk"]
	w := int(b.meta("warps"))
	if w < 1 || w > 8 {
		return nil, fmt.Errorf("%s: meta warps %d outside 1..8", b.Name, w)
	}
	if len(clk) < 32*w {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d", b.Name, len(clk), 32*w)
	}
	t0 := math.Inf(1)
	for i := 0; i < w; i++ {
		t0 = math.Min(t0, clk[32*i+19])
	}
	var issue, done float64
	for i := 0; i < w; i++ {
		c := clk[32*i : 32*i+32]
		issue = math.Max(issue, c[19]-t0+c[16])
		done = math.Max(done, c[19]-t0+c[18])
	}
	return map[string]float64{"issue_cycles": issue, "done_cycles": done}, nil
}

// groupBulkStoreMin: the engine's floor per plain bulk store, on the
// 256-byte stores of 4 and 8 warps (the bytes' read, 8 cycles, sets their
// pace, not the tensor stores' 18).
var groupBulkStoreMin = Group{Name: "bulk_store_min", Params: []string{"bulk_store_min_cycles"},
	Benches: []string{"bulkst_w4_256b_n8", "bulkst_w8_256b_n8"}, Figures: []string{"done_cycles"},
	Start: []float64{8}, Lo: []float64{0}, Hi: []float64{30}, Scan: 15}

// groupBulkStore: the engine's take of a warp's plain bulk store (after
// its issue, after the warp's previous one, after the store
// bulk_store_queue_stores back has been read), which the warp's next plain
// store waits for (sim/sm/bulkstore.go); on the family's straight-line
// plain stores (not the tile stores) and bulk18's two back to back. It
// needs the family (recorded on the H200 only: the H100 profile shares the
// H200 values, and bulk18's two kernels alone would not pin three
// parameters).
var groupBulkStore = Group{Name: "bulk_store",
	Params:  []string{"bulk_store_take_cycles", "bulk_store_interval_cycles", "bulk_store_queue_stores"},
	Benches: []string{"bulkst_t1_256b*", "bulkst_t1_1k*", "bulkst_t1_4k*", "bulkst_w*", "bulk18_st1k_n2_s0", "bulk18_st1k_n4_s0"},
	Needs:   []string{"bulkst_t1_1k_n8"},
	Start:   []float64{12, 28, 7}, Lo: []float64{0, 0, 1}, Hi: []float64{80, 80, 32}}

// groupBulkStoreBase (session 33, validation/timing/bulk33.md;
// sim/sm/sharedbase.go sharedBaseStores): how long after a shared
// variable's address mov whose S2UR ptxas leaves in place a bulk or tensor
// store reading it issues (S2UR, ULEA, 9 cycles of stall counts,
// UBLKCP.G.S / UTMASTG), on bulkst's lone stamped stores (the clock read,
// the S2UR, the store, the clock read: 47 cycles on both GPUs), before the
// group bulk_store (whose stamps all start behind that read).
var groupBulkStoreBase = Group{Name: "bulk_store_base", Params: []string{"bulk_store_base_cycles"},
	Benches: []string{"bulkst_t1_256b_n1", "bulkst_t1_1k_n1", "bulkst_t1_4k_n1", "bulkst_t1_tile1k_n1"},
	Figures: []string{"issue_cycles"},
	Needs:   []string{"bulkst_t1_1k_n1"},
	Start:   []float64{40}, Lo: []float64{0}, Hi: []float64{80}, Scan: 20}

// groupBulkStoreSetup (session 31, validation/timing/bulk31.md;
// sim/sm/bulkaddr.go storeAddrAdds): how long after the add that forms a
// uniform plain store's operand (ptxas's UIADD3, 9 cycles of stall counts
// before UBLKCP.G.S) the store issues, on bulk18's stores after a spin
// (the add after the spin's exit branch), after the group bulk_store.
var groupBulkStoreSetup = Group{Name: "bulk_store_setup", Params: []string{"bulk_store_setup_cycles"},
	Benches: []string{"bulk18_st1k_n2_s100", "bulk18_st1k_n2_s300", "bulk18_st1k_n4_s100", "bulk18_st1k_n4_s300"},
	Figures: []string{"issue_cycles", "done_cycles"},
	Start:   []float64{13}, Lo: []float64{0}, Hi: []float64{40}, Scan: 20}

// groupBulkStoreInPlace (session 33, validation/timing/bulk33.md; split
// from bulk_store_setup): how long after the previous store's read a
// stamped store whose address add overwrites that store's operand
// register issues (sim/sm/bulkstore.go; SASS: the UIADD3 waits for the
// read, then 11 cycles of stall counts to UBLKCP.G.S), on bulkst's second
// of two stamped stores, after the groups bulk_store_base and bulk_store.
var groupBulkStoreInPlace = Group{Name: "bulk_store_inplace", Params: []string{"bulk_store_inplace_cycles"},
	Benches: []string{"bulkst_t1_256b_n2", "bulkst_t1_1k_n2", "bulkst_t1_4k_n2"},
	Figures: []string{"issue_cycles", "done_cycles"},
	Needs:   []string{"bulkst_t1_1k_n2"},
	Start:   []float64{12}, Lo: []float64{0}, Hi: []float64{40}, Scan: 20}

// groupBulkStoreBranch: how long after the take of a plain bulk store the
// warp's next taken branch waits, on tmast7's loops of one plain store an
// iteration with no wait inside (after the group bulk_store).
var groupBulkStoreBranch = Group{Name: "bulk_store_branch", Params: []string{"bulk_store_branch_cycles"},
	Benches: []string{"tmast7_bst_1k_group", "tmast7_bst_1k_tput", "tmast7_bst_256b_group", "tmast7_bst_4k_group"},
	Figures: []string{"cycles_per_op"},
	Start:   []float64{6}, Lo: []float64{0}, Hi: []float64{60}, Scan: 30}
