package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// tmaStore times a TMA or bulk store or reduction (shared memory to
// global), issued at cycle now, on SM s's TMA engine; it returns when the
// bulk group's wait_group sees it done. From the tmast_* microbenchmarks
// (family tmax: 1, 4 and 16 KiB boxes, one bulk group each):
//
//   - wait_group.read after each: 120 cycles + the box at 32 cycles per KiB
//     (stores) or 40 (.add reductions): 152 / 248 / 632 and 164 / 284 / 764;
//   - wait_group after each: 11 cycles more (the writes are acknowledged
//     early: a store's completion does not wait for L2's reply);
//   - all in flight: one instruction per max(129, 32 per KiB) cycles
//     (stores) or max(161, 40 per KiB) (reductions);
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
	occ := max(read, engine.Cycle(floor))
	s.tmaFree = start + occ
	s.Stats.TMABusy += int64(occ)
	if e.NumSectors > 0 {
		s.host.Memory(now, s.ID, e, false)
	}
	return start + engine.Cycle(a.TMAStoreLatencyCycles) + read + engine.Cycle(a.TMAStoreWriteCycles)
}
