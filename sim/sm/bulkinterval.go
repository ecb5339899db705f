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
// BulkReduceSetupCycles (session 29, validation/timing/bulk29.md): a
// uniform non-tensor reduction (not in an R2UR loop: bulkelect.go) issues
// no earlier than that many cycles after the warp's previous issued
// instruction: the size's UMOV and the ELECT before UBLKRED (S9..S11 + S1
// in the counts above), which the model's ELECT-loop hold after the
// operation (BulkReduceIssueCycles, fitted on loops that mix tensor
// reductions without a size operand) does not hold. Stamped straight
// lines show it (bulk18_red1k: 46 cycles from the stamp before a lone
// reduction to the one after it, the model 37; 46, 46, 48, 48 apart back
// to back; tbulk_t1_red*). Where a 64-bit add of the same straight-line
// stretch forms the reduction's address (bulkaddr.go: the loops of probe
// redu24, tmast7_bred) the UMOV's stall follows the UIADD3.64 and
// BulkAddressLatencyCycles already stands for it: no setup there (with it
// those loops ran 4-8% slow). With the setup the interval above no longer
// binds on the recorded straight lines (any value up to ~46 gives the same
// figures).
func (s *SM) bulkReduceIntervalReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Form != ptx.FormBulkReduce { // every other instruction leaves here (eligible's hot path)
		return 0
	}
	var at engine.Cycle
	if c := s.cfg.Hold.BulkReduceIntervalCycles; c > 0 && ws.lastRed > 0 {
		at = ws.lastRed + engine.Cycle(c)
	}
	if c := s.cfg.Hold.BulkReduceSetupCycles; c > 0 && ws.lastIssue > 0 && !strings.Contains(info.Text, ".tensor") &&
		!s.code.low.electStore(info) && !s.code.low.bulkAddrFed(info) {
		at = max(at, ws.lastIssue+engine.Cycle(c))
	}
	return at
}
