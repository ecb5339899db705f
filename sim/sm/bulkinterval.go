package sm

import (
	"strings"

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
//
// BulkReduceClockSetupCycles (validation/timing/tred27.md): a non-tensor
// reduction with a %clock read of its warp since the warp's previous
// reduction issues no earlier than that many cycles after the warp's
// previous issued instruction. ptxas moves no instruction across a clock
// read (bst25.md), so the size's UMOV (stall 9 to 11) and the ELECT come
// after the CS2R, with nothing of the reduction's own address chain to
// share the UMOV's stall with: family bulk18's stamped reductions (CS2R,
// PLOP3, UMOV, ELECT loop, CS2R) take 46 cycles from stamp to stamp on
// both GPUs, lone, back to back or after a spin (whose last clock read is
// the stamp), where the model's ELECT-loop hold (BulkReduceIssueCycles,
// fitted on tensor reductions that have no size UMOV) left 36. A loop of
// reductions without a clock read (redu24_red) keeps the interval alone:
// there the model's PTX address chain stands for the UMOV's stall.
func (s *SM) bulkReduceIntervalReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Form != ptx.FormBulkReduce { // every other instruction leaves here (eligible's hot path)
		return 0
	}
	var at engine.Cycle
	if c := s.cfg.Hold.BulkReduceIntervalCycles; c > 0 && ws.lastRed > 0 {
		at = ws.lastRed + engine.Cycle(c)
	}
	if c := s.cfg.Hold.BulkReduceClockSetupCycles; c > 0 && ws.lastClock > ws.redAny && ws.lastIssue > 0 &&
		!strings.Contains(info.Text, ".tensor") {
		at = max(at, ws.lastIssue+engine.Cycle(c))
	}
	return at
}
