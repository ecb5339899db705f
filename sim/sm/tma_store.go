package sm

import (
	"strings"

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
//     (reductions, which ptxas wraps in an ELECT loop); in a loop of one
//     per iteration (tmast_*_group, tmast4_*) 112 and 144, the loop's
//     uniform-datapath SASS costing the difference (not modelled here);
//   - each in its own bulk group: commit_group (UTMACMDFLUSH) adds 36
//     cycles to the loop (tmast_*_256b_tput - _group), hidden under a
//     16 KiB box's read (516 and 644): tmaBulkCommit;
//   - a map new to the SM adds its descriptor fetch (tma_desc.go).
//
// The writes still go to the memory model (L2 lines, bandwidth), at issue.
func (s *SM) tmaStore(e *exec.Effect, now engine.Cycle) engine.Cycle {
	a := &s.cfg.Async
	// the box's bytes (exec counts no shared-memory wavefronts for the
	// read side): those written to global memory
	bytes := max(e.TMAWavefronts*128, e.GlobalBytes)
	perKiB, floor := a.TMAStoreCyclesPerKiB, a.TMAStoreMinCycles
	if isReduce(e) {
		perKiB, floor = a.TMAReduceCyclesPerKiB, a.TMAReduceMinCycles
	}
	read := engine.Cycle((bytes*perKiB + 1023) / 1024)
	start := max(now, s.tmaFree, s.tmaDescReady(e, now, true))
	end := max(start+read, start+engine.Cycle(floor))
	s.Stats.TMABusy += int64(end - start)
	s.tmaFree = end
	if e.NumSectors > 0 {
		s.host.Memory(now, s.ID, e, false)
	}
	return start + engine.Cycle(a.TMAStoreLatencyCycles) + read + engine.Cycle(a.TMAStoreWriteCycles)
}

// tmaBulkCommit: a cp.async.bulk.commit_group (SASS UTMACMDFLUSH) is a
// command the TMA unit takes TMABulkCommitCycles after the one before it
// (a store or reduction is taken BulkBranchCycles after its issue, when
// the next taken branch may go on: tma_hold.go), and the warp's next taken
// branch waits for it too. ptxas puts the flush before the loop's branch:
// tmast_*_tput (store, UTMACMDFLUSH, taken BRA) take 147.8 cycles per
// store where _group (store, taken BRA) take 112.2, at 256 B and 1 KiB,
// and at 4 KiB 148.4 where the engine alone takes 130.7 (the flush holds
// the warp, not the engine); .add reductions, whose ELECT loop ends in a
// taken BRA before the flush, 179.8 against 144.2.
func (s *SM) tmaBulkCommit(ws *warpState, now engine.Cycle) {
	b := engine.Cycle(s.cfg.Hold.BulkBranchCycles)
	taken := now
	if ws.bulkIssued > 0 {
		taken = max(taken, ws.bulkIssued+b)
	}
	// the branch rule reads the hold as bulkIssued + BulkBranchCycles
	ws.bulkIssued = max(1, taken+engine.Cycle(s.cfg.Async.TMABulkCommitCycles)-b)
}

// isReduce: a cp.reduce.async.bulk (tensor or not).
func isReduce(e *exec.Effect) bool {
	t := e.Info.Text
	return strings.HasPrefix(t, "cp.reduce.") || strings.Contains(t, " cp.reduce.")
}
