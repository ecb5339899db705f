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
//     cycles (tmast_*_256b_tput - _group), hidden under a 16 KiB box's
//     read (516 and 644);
//   - a map new to the SM adds its descriptor fetch (tma_desc.go).
//
// The writes still go to the memory model (L2 lines, bandwidth), at issue.
func (s *SM) tmaStore(e *exec.Effect, now engine.Cycle) engine.Cycle {
	a := &s.cfg.Async
	// the box's bytes (exec counts no shared-memory wavefronts for the
	// read side): those written to global memory
	bytes := max(e.TMAWavefronts*128, e.GlobalBytes)
	perKiB, floor := a.TMAStoreCyclesPerKiB, a.TMAStoreMinCycles
	if strings.HasPrefix(e.Info.Text, "cp.reduce.") || strings.Contains(e.Info.Text, " cp.reduce.") {
		perKiB, floor = a.TMAReduceCyclesPerKiB, a.TMAReduceMinCycles
	}
	read := engine.Cycle((bytes*perKiB + 1023) / 1024)
	start := max(now, s.tmaFree, s.tmaDescReady(e, now, true))
	s.tmaStoreSlot = start + engine.Cycle(floor)
	end := max(start+read, s.tmaStoreSlot)
	s.Stats.TMABusy += int64(end - start)
	s.tmaFree = end
	if e.NumSectors > 0 {
		s.host.Memory(now, s.ID, e, false)
	}
	return start + engine.Cycle(a.TMAStoreLatencyCycles) + read + engine.Cycle(a.TMAStoreWriteCycles)
}

// tmaBulkCommit: a cp.async.bulk.commit_group right after a store or
// reduction holds the engine TMABulkCommitCycles past that instruction's
// slot.
func (s *SM) tmaBulkCommit() {
	if s.tmaStoreSlot == 0 {
		return
	}
	end := s.tmaStoreSlot + engine.Cycle(s.cfg.Async.TMABulkCommitCycles)
	if end > s.tmaFree {
		s.Stats.TMABusy += int64(end - s.tmaFree)
		s.tmaFree = end
	}
	s.tmaStoreSlot = 0
}
