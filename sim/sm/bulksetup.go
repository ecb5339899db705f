package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The way into a reduction's ELECT loop (timing only). ptxas (13.0,
// sm_90a) emits every cp.reduce.async.bulk (tensor or not) as
//
//	...; UMOV URs, size (S9..S12); @P0 ELECT P1 (S1); UBLKRED / UTMAREDG (S12);
//	@P1 PLOP3 (S2); PLOP3 (S11); @P0 BRA.U.ANY (S5, waits for the operation's read)
//
// (S: the stall count of the control bits, tools/microbench/sass_ctrl.py):
// the last uniform-register write before the loop (the UMOV of the size
// even when every operand is a constant, or the address's UIADD3.64) is
// stall-counted 9 to 12 cycles so that the operation issues 10 to 13
// cycles after it, and the operation keeps the warp 30 cycles (12 + 2 + 11
// + 5) from its next instruction (tma_hold.go: BulkReduceIssueCycles). The
// H200 runs those counts exactly: bulk18_red1k_n4_s0's stamps 46, 46, 48,
// 48 apart are the counts between its CS2Rs (2 + 1 + 12 + 1 + 12 + 2 + 11
// + 5 = 46); tbulk_t1_red256b_n4's 52, 55; tmast7_bred_1k_group's loop 75
// + the taken branch = 82; probe redu24 (validation/timing/bulk24.md: one
// thread, U reductions of 256 B per loop iteration) 51 cycles a reduction
// + 27 an iteration, its SASS 51 + 24 in counts.
//
// BulkReduceSetupCycles is the first part: a reduction issues no earlier
// than that many cycles after the warp's previous issued instruction.
// The PTX has no instruction for the size's UMOV, so the model charges it
// to the gap, whatever came before (a clock read, the address's add, a
// loop's branch).
func (s *SM) bulkReduceSetupReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	c := s.cfg.Hold.BulkReduceSetupCycles
	if c <= 0 || ws.lastIssue == 0 || info.Form != ptx.FormBulkReduce {
		return 0
	}
	return ws.lastIssue + engine.Cycle(c)
}
