package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// A store predicated off under a compare (`if (v == K) p.out[k] = v;`) is
// in SASS `ISETP` (S13) -> `@!P0 LDC.64 R, c[0x0][0x218]` (its pointer
// parameter, which ptxas rematerializes in the block) -> two `@!P0
// IMAD.MOV` -> `@!P0 STG`, which waits for the LDC.64's scoreboard
// (ifConvHold, brshape.go). Family ldclat (both GPUs,
// validation/timing/alu33.md, alu34.md): the region `CS2R` S2, `ISETP`
// S13, ..., `STG` S2 to the next `CS2R` takes 48 cycles where the static
// counts give 17: the predicated-off STG issues 31 cycles after the
// LDC.64, where an LDC hit gives a compare its value 25 after it
// (const_ldc_cycles + 1).

// paramStoreReady is when a predicated-off store may issue after the
// rematerialized LDC of its address issued at slot (const_ldc_store_cycles;
// 0: paramHit).
func (s *SM) paramStoreReady(slot engine.Cycle) engine.Cycle {
	if s.cfg.LDCStoreCycles <= 0 {
		return s.paramHit(slot)
	}
	return slot + engine.Cycle(s.cfg.LDCStoreCycles)
}
