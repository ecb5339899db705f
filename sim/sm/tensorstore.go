package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// A warp's TMA tensor stores (UTMASTG) are taken by the engine no faster
// than one per TMAStoreMinCycles (validation/timing/tmax33.md; H200, ptxas
// 13.0 sm_90a SASS and %clock64 stamps):
//
//   - tmast8_store_256b (tma_st8: eight UTMASTG of a 256-byte box a loop
//     iteration, one or two uniform instructions of 2 to 4 stall cycles
//     between them in the SASS) stamps its loop's end at 1128 cycles for
//     64 stores, 17.6 a store, and its wait_group 0 ends 35 cycles later:
//     the warp issues the stores at the engine's pace and none is left
//     queued behind it. The SASS would issue them ~4 cycles apart.
//   - The model took each store 12 cycles after its issue
//     (BulkStoreTakeCycles, bulkstore.go: the plain stores' take) and the
//     engine ran each at least TMAStoreMinCycles (18): the warp issued
//     them 12 apart, the engine fell behind by 6 a store, the queue of
//     BulkStoreQueueStores filled, and wait_group 0 ended 155 cycles after
//     the loop (cycles_per_op 20.1 against 18.2).
//   - The take now keeps the engine's floor too: a tensor store is taken
//     no sooner than TMAStoreMinCycles after the warp's previous one, and
//     the warp's next store issues after that take (bulkStoreReady).
//     Larger boxes are paced by the read (32 cycles a KiB) and the queue as
//     before: the tmax33 probes of t7_st (one UTMASTG a loop iteration, 64
//     in one bulk group) end their loops 3778 (2 KiB) and 7426 (4 KiB)
//     cycles in, 466 and 914 cycles before wait_group 0: about 7 stores
//     queued, as BulkStoreQueueStores.
func tensorStoreTake(a *AsyncConfig, ws *warpState, t engine.Cycle) engine.Cycle {
	if c := a.TMAStoreMinCycles; c > 0 {
		t = max(t, ws.storeTaken+engine.Cycle(c))
	}
	return t
}
