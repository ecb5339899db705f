package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A plain (non-tensor) bulk store, cp.async.bulk.global.shared::cta
// (SASS UBLKCP.G.S, no ELECT loop when its operands are uniform), is
// taken by the TMA engine some cycles after its issue, and a warp cannot
// issue its next one before then. Family bulkst (tools/microbench/
// gen22_bulkst.py, validation/timing/bulkst20.md; H200, straight-line
// stores with a %clock64 stamp before each):
//
//   - one thread's stores, 256 B, 1 KiB or 4 KiB alike, stamp 14, 23, then
//     28 cycles apart (bulk18_st1k_n4_s0: 5, 12, 23, 24): the second store
//     waits for the first one's take (BulkStoreTakeCycles, 14), each later
//     one for the one before it, and the engine takes at most one per
//     BulkStoreIntervalCycles (28) a warp;
//   - 2 or 4 warps each keep that pace at 256 B (28 a warp, 7 the SM):
//     the interval is the warp's, not the SM's;
//   - 4 KiB stores (the engine reads 32 cycles a KiB, TMAStoreCyclesPerKiB)
//     keep the pace until 9 are issued, then go one per 128 cycles, each
//     taken when the read of the store BulkStoreQueueStores (7) back has
//     ended; 4 and 8 warps of 1 KiB or 4 KiB the same, SM-wide;
//   - 8 warps of 256 B finish 64 stores in ~550 cycles: 8 a store, the
//     bytes' read (32 B a cycle), not TMAStoreMinCycles (18, tensor
//     stores): plain stores have their own floor, BulkStoreMinCycles (8).
//
// The SASS shows what the take is: UBLKCP.G.S sets a read scoreboard,
// released when the engine has read its uniform operands, and ptxas's
// next write of one of those registers (the next store's address UIADD3,
// from the third store on; the second's already in bulkst_t1_*_n2) waits
// for it. The PTX has distinct registers there, so the model assumes the
// usual reuse: the warp's next plain store waits for the take.
//
// A taken branch after the store waits for the take and
// BulkStoreBranchCycles (8) more (tma_hold.go: it reads bulkIssued +
// BulkBranchCycles): tmast7_bst_*_group's loop of one store an iteration
// takes 43 cycles on the GPU, where the wait for the issue + 6 alone left
// 34.6 and the take alone (14) 34.6 too. The tensor store (UTMASTG) keeps
// its old timing: one thread's stamp 15 then 23 cycles apart
// (bulkst_t1_tile1k_n8), not modelled here.
func plainStore(info *exec.InstInfo, e *exec.Effect) bool {
	return info.Async == exec.AsyncBulkStore && info.Form != ptx.FormBulkReduce && (e == nil || e.TMAMap == 0)
}

// queuedBulk: a plain bulk store or a non-tensor bulk reduction
// (UBLKRED): both go through the SM's queue of BulkStoreQueueStores and
// the take above. Family tbulk (gen21_tailbulk.py, tailbulk21.md): 8 warps
// of 8 straight-line 512-byte reductions each stamp ~56 apart for 3 to 5
// reductions, then 160 apart (8 warps x 20, the engine's 40 cycles a KiB):
// the warp's next reduction waits for the queue as a store does.
func queuedBulk(info *exec.InstInfo, e *exec.Effect) bool {
	return info.Async == exec.AsyncBulkStore && (e == nil || e.TMAMap == 0 || info.Form != ptx.FormBulkReduce)
}

// bulkStoreTake records the take of warp ws's plain bulk store or
// non-tensor reduction info issued at now whose engine read ends at end,
// and returns the take's cycle. The take is no sooner than
// BulkStoreIntervalCycles after the warp's previous one for a reduction
// and for a plain store after a clock read (bulkclock.go: ptxas's
// register reuse); other plain stores (back to back, uniform operands) no
// sooner than BulkStoreMinCycles after it, the engine's floor a plain
// store: redu24_st's loops (validation/timing/red28.md, H200) release
// their stores ~8.5 cycles apart a warp at 256 and 512 B alike (st_u4 and
// st_u4_512 both 73.9 cycles an iteration), and 1 KiB stores at the
// engine's read (st_u2_1k 62.1, st_u4_1k 126.3: the queue above). Tensor
// operations have no such floor.
func (s *SM) bulkStoreTake(ws *warpState, info *exec.InstInfo, e *exec.Effect, now, end engine.Cycle) engine.Cycle {
	a := &s.cfg.Async
	if a.BulkStoreTakeCycles <= 0 && a.BulkStoreIntervalCycles <= 0 && a.BulkStoreQueueStores <= 0 {
		return 0
	}
	from := now
	if q := a.BulkStoreQueueStores; q > 0 {
		if len(s.storeEnds) != q {
			s.storeEnds = make([]engine.Cycle, q)
		}
		i := s.storeSeq % q
		from = max(from, s.storeEnds[i]) // the store q back has left the queue
		s.storeEnds[i] = end
		s.storeSeq++
	}
	t := from + engine.Cycle(a.BulkStoreTakeCycles)
	ws.storeRead = t
	if ws.storeTaken > 0 && e.TMAMap == 0 {
		if plainStore(info, e) && (s.code.low.backToBackStore(info) || s.code.low.loopClockStore(info)) {
			t = max(t, ws.storeTaken+engine.Cycle(a.BulkStoreMinCycles))
		} else {
			t = max(t, ws.storeTaken+engine.Cycle(a.BulkStoreIntervalCycles))
		}
	} else if ws.storeTaken > 0 {
		t = tensorStoreTake(a, ws, t) // tensorstore.go
	}
	ws.storeTaken = t
	return t
}

// bulkStoreReady: warp ws's next plain bulk store or non-tensor reduction
// issues no earlier than the take of its last one (0: no wait), a plain
// store that no clock read separates from the warp's previous one
// (bulkclock.go) no earlier than the SM's queue has room for it (the read
// of the store BulkStoreQueueStores back has ended).
func (s *SM) bulkStoreReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if ws.storeTaken == 0 || !queuedBulk(info, nil) {
		return 0
	}
	if s.code.low.backToBackStore(info) {
		if q := s.cfg.Async.BulkStoreQueueStores; q > 0 && len(s.storeEnds) == q {
			return s.storeEnds[s.storeSeq%q]
		}
		return 0
	}
	if c := s.cfg.Hold.BulkStoreInPlaceCycles; c > 0 && s.code.low.storeInPlace(info) {
		// its address UIADD3 overwrites the register the last store
		// reads: it waits for that read, then the UIADD3's stall
		// (bulkaddr.go: storeAddrAdds; bulkst_t1_1k_n2's SASS: UIADD3
		// (S5), the stamp's IADD3 (S5) and IMAD.X (S1), then UBLKCP.G.S)
		return max(ws.storeTaken, ws.storeRead+engine.Cycle(c))
	}
	return ws.storeTaken
}
