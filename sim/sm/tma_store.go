package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// tmaStore times a TMA or bulk store or reduction (shared memory to
// global), issued at cycle now, on SM s's TMA engine; it returns when the
// bulk group's wait_group sees it done. From the tmast_* microbenchmarks
// (family tmax, H200: boxes of 256 B to 16 KiB):
//
//   - wait_group.read after each: ~120 cycles + the box at 32 cycles per
//     KiB (stores) or 40 (.add reductions): 154 / 250 / 634 and 176 / 286 /
//     766 for 1, 4 and 16 KiB;
//   - wait_group after each: 11 to 16 cycles more (the writes are
//     acknowledged early: a store's completion does not wait for L2's
//     reply, and a cold destination line does not slow a reduction);
//   - in flight in one bulk group, unrolled (tmast8_*): one instruction
//     per max(18, 32 per KiB) cycles (stores) or max(50, 40 per KiB)
//     (reductions); in a loop of one per iteration with no run-time branch
//     (tmast7_*_group) 36 cycles a 1 KiB tile store, 43 a bulk store, 78
//     and 82 the reductions: ptxas wraps each reduction in an ELECT loop
//     (ELECT, UTMAREDG / UBLKRED, two PLOP3, a not-taken BRA.U.ANY) that
//     keeps the warp BulkReduceIssueCycles (tma_hold.go);
//   - commit_group after each (tmast7_*_tput): 0 to 2 cycles more than
//     _group (ptxas puts UTMACMDFLUSH right after the operation):
//     tmaBulkCommit;
//   - a map new to the SM adds its descriptor fetch (tma_desc.go);
//   - non-tensor bulk reductions (cp.reduce.async.bulk .global.shared::cta,
//     SASS UBLKRED) have their own floor, BulkReduceMinCycles: 8 warps of
//     one SM issuing 16 each of 512 bytes (tailst_bred_k64_c1) finish in
//     2936 cycles, 23 a reduction, where the tensor floor (50, tmast8_add_256b,
//     one thread) would give 6500.
//
// The writes go to the memory model (L2 lines, bandwidth) at issue, and
// the engine hands them on no faster than the L2 slices' write queues take
// them in (sim/gpu l2kind.go: with 132 SMs storing, tailst_bulk_k64_c132,
// the queues, not the engine's read rate, set the pace).
func (s *SM) tmaStore(ws *warpState, e *exec.Effect, now engine.Cycle) engine.Cycle {
	a := &s.cfg.Async
	if c := s.cfg.Hold.BulkStoreR2URCycles; c > 0 && e.TMAMap == 0 && !isReduce(e) && s.code.low.electStore(e.Info) {
		// a plain store in ptxas's R2UR loop (bulkelect.go): UBLKCP.G.S
		// is the loop's last instruction before its BRA.U.ANY, after
		// three R2URs chained through their predicate (R2UR P0, PLOP3,
		// R2UR.OR P0, ...), so the engine gets the store when the loop's
		// hold (BulkStoreR2URCycles, tma_hold.go) ends, not when it
		// starts. A reduction's UBLKRED sits in its ELECT loop after
		// three independent R2URs and keeps the issue cycle (family
		// tbulk, validation/timing/bulkq22.md).
		now += engine.Cycle(c)
	}
	// the box's bytes (exec counts no shared-memory wavefronts for the
	// read side): those written to global memory
	bytes := max(e.TMAWavefronts*128, e.GlobalBytes)
	perKiB, floor := a.TMAStoreCyclesPerKiB, a.TMAStoreMinCycles
	plain := plainStore(e.Info, e)
	if isReduce(e) {
		perKiB, floor = a.TMAReduceCyclesPerKiB, a.TMAReduceMinCycles
		if e.TMAMap == 0 {
			// a non-tensor bulk reduction (UBLKRED): no box to walk
			floor = a.BulkReduceMinCycles
		}
	} else if plain && a.BulkStoreMinCycles > 0 {
		floor = a.BulkStoreMinCycles // a plain bulk store (bulkstore.go)
	}
	read := engine.Cycle((bytes*perKiB + 1023) / 1024)
	start := max(now, s.tmaFree, s.tmaDescReady(e, now, true))
	end := max(start+read, start+engine.Cycle(floor))
	var accepted engine.Cycle
	if e.NumSectors > 0 {
		// asked at issue, as loads are (tma.go: the queues are GPU-wide)
		_, accepted = s.host.Memory(now, s.ID, e, false)
	}
	// the engine hands its writes to L2 no faster than the slices take
	// them in (with many SMs storing, their write queues: tailst_bulk_*)
	end = max(end, accepted)
	s.Stats.TMABusy += int64(end - start)
	s.tmaFree = end
	if queuedBulk(e.Info, e) {
		s.bulkStoreTake(ws, e.Info, e, now, end) // bulkstore.go
	}
	return max(start+engine.Cycle(a.TMAStoreLatencyCycles)+read, accepted) + engine.Cycle(a.TMAStoreWriteCycles)
}

// tmaBulkCommit: a cp.async.bulk.commit_group (SASS UTMACMDFLUSH) is a
// command the TMA unit takes TMABulkCommitCycles after the one before it
// (a store or reduction is taken BulkBranchCycles after its issue, when
// the next taken branch may go on: tma_hold.go), and the warp's next taken
// branch waits for it too. tmast7_*_tput, a commit after each operation
// with nothing else in the loop, take 0 to 2 cycles more per operation
// than _group (TMABulkCommitCycles 0 on both GPUs). (tmax.cu's tmast_*_tput
// take 36 more than _group: there the commit sits among two more
// not-taken compare + branch pairs that test the mode at run time, a
// branch cost, not the commit's.)
func (s *SM) tmaBulkCommit(ws *warpState, now engine.Cycle) {
	b := engine.Cycle(s.cfg.Hold.BulkBranchCycles)
	taken := now
	if ws.bulkIssued > 0 {
		taken = max(taken, ws.bulkIssued+b)
	}
	// the branch rule reads the hold as bulkIssued + BulkBranchCycles
	ws.bulkIssued = max(1, taken+engine.Cycle(s.cfg.Async.TMABulkCommitCycles)-b)
}

// isReduce: a cp.reduce.async.bulk (tensor or not; decided at decode).
func isReduce(e *exec.Effect) bool {
	return e.Info.Form == ptx.FormBulkReduce
}
