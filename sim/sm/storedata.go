package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A global store's data goes through the L1's data stage, which shared
// memory's wavefronts use too: its sectors (L1StoreCyclesPerSector each)
// queue on the shared-memory port as well as in the L1 (l1Cycles). On the
// H200, 4 warps' probes of st.shared, bar.sync, ld.shared, bar.sync and a
// store of a line per lane take 370 cycles with 32-way conflicted shared
// accesses (256 wavefronts) against 266 without the stores and 255 for
// the stores alone: 256 wavefronts plus the stores' 128 sectors (microbench
// smst2_c32_s42, _c32_shared, smst_gst_s42); with 8-way conflicts (64
// wavefronts) the stores' 255 are all (smst2_c8_s42).

// storeData queues a global store's sectors on the shared-memory port.
func (s *SM) storeData(e *exec.Effect, now engine.Cycle) {
	d := engine.Cycle(e.NumSectors * s.cfg.L1StoreCyclesPerSector)
	if d <= 0 {
		return
	}
	// into the port's idle cycles of the last store_data_credit_cycles
	// (smembacklog.go)
	s.smemFree = max(now-engine.Cycle(s.cfg.StoreDataCreditCycles), s.smemFree) + d
}
