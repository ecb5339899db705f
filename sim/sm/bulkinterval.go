package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The least time between two reductions of a warp (timing only). ptxas
// (13.0, sm_90a) emits every cp.reduce.async.bulk (tensor or not) as
//
//	...; UMOV URs, size (S9..S11); @P0 ELECT P1 (S1); UBLKRED / UTMAREDG (S12);
//	@P1 PLOP3 (S2); PLOP3 (S11); @P0 BRA.U.ANY (S5, waits for the operation's read)
//
// (S: the stall count of the control bits, tools/microbench/sass_ctrl.py).
// After the ELECT loop (30 cycles: tma_hold.go, BulkReduceIssueCycles)
// ptxas fits whatever code comes before the next reduction (the next
// address on the uniform datapath, a clock read and its subtraction) into
// the counts up to the last uniform-register write, which it stalls 9 to
// 11 cycles, so that the next reduction issues 51 to 55 cycles after the
// last: probe redu24 (family redu24, validation/timing/bulk25.md: one
// thread, U reductions of 256 B per loop iteration) 50.7 cycles a
// reduction + 27 an iteration on the H200, its SASS 51 + 24 in counts;
// tbulk_t1_red256b_n4's stamped straight line 52, 55, 55 in counts. The
// PTX's code between two reductions (the address's and / cvt / add chain,
// which SASS folds into two uniform instructions) costs the model more
// than those counts, and less where it is a clock read.
//
// BulkReduceIntervalCycles: a reduction issues no earlier than that many
// cycles after the warp's previous reduction; the code in between keeps
// its own cost (a loop's closing branch may make the gap longer).
func (s *SM) bulkReduceIntervalReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Form != ptx.FormBulkReduce || ws.lastRed == 0 { // every other instruction leaves here (eligible's hot path)
		return 0
	}
	c := s.cfg.Hold.BulkReduceIntervalCycles
	if c <= 0 {
		return 0
	}
	return ws.lastRed + engine.Cycle(c)
}
