package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A plain (non-tensor) cp.async.bulk load, UBLKCP.S.G in SASS, sits in the
// same ELECT loop as a UTMALDG (PLOP3, ELECT, UMOV, UBLKCP, two PLOP3, a
// not-taken BRA.U.ANY; R2URs inside when an operand is not uniform),
// uniform operands or not, even for a single thread (ptxas 13.0 sm_90a,
// tools/microbench/gen21_bulk18.py's bulk18_cp*, bulkl's bulkl_l1). One
// thread issuing arrive.expect_tx + a copy stamps 46 cycles from the
// %clock64 before the arrive to the one after the loop, and copies issued
// back to back 48 to 53 apart, on the H200 and the H100 alike, 16 B or
// 1 KiB (family bulk18, validation/timing/bulk18.md); the model issued
// them in 3 to 8. So the warp issues nothing else for
// BulkLoadIssueCycles after the copy of its last active lane (after
// ptxas's lane loop, bulklane.go). A copy only an elect.sync lane reaches
// (tmaelect.go) is left without it: no microbenchmark measures one.
func (s *SM) bulkLoadHold(ws *warpState, info *exec.InstInfo, e *exec.Effect, now engine.Cycle) {
	c := s.cfg.Hold.BulkLoadIssueCycles
	if c <= 0 || e.GuardTrue <= 0 || e.TMAMap != 0 {
		return
	}
	if e.GuardTrue == 1 && s.code.low.electedLoad(info) {
		return
	}
	ws.setReady(now+s.bulkLaneLoop(info, e)+engine.Cycle(c), StallMIOThrottle)
}

// bulkLone is how much later than the memory model's answer a plain bulk
// copy that asks L2 for its lines completes: BulkLoneCopyCycles. A lane
// of ptxas's lane loop that copies lines an earlier lane already brought
// back (bulklane.go: bulkl_l8, _l32, whose lanes share 128-byte lines)
// does not pay it. The GPU's lone 16-byte copy ends ~240 cycles after the
// stamp past its issue (bulk18_cp16_*: 1, 2 or 4 copies, 0 to 300 cycles
// apart, each alone as far as its completion shows; bulkl_l1 254, _l2 205
// + its first lane's wait), the last lane of bulkl_l8 / _l32 ~205:
// validation/timing/bulk18.md.
func (s *SM) bulkLone(e *exec.Effect) engine.Cycle {
	if e.Info.Async != exec.AsyncBulkLoad || e.TMAMap != 0 {
		return 0
	}
	return engine.Cycle(s.cfg.Async.BulkLoneCopyCycles)
}
