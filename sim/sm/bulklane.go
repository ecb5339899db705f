package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The bulk copy engine takes uniform operands, so ptxas issues a
// cp.async.bulk (and the tensor forms) executed by several lanes of a warp
// as a loop over them (ELECT, UBLKCP, BRA.U.ANY): one copy per lane, each
// BulkLaneCycles after the one before (microbench bulkl_l1/_l2/_l8/_l32:
// 76, 128, 440, 1688 cycles from the first arrive to past the copy on the
// H200, 52 cycles a lane; two warps loop side by side, bulkl_l32_w2). The
// warp issues nothing else meanwhile, and the engine sees the copies when
// the loop ends.

// bulkLaneLoop is how much later than a one-lane copy the last lane's copy
// of the instruction issues.
func (s *SM) bulkLaneLoop(info *exec.InstInfo, e *exec.Effect) engine.Cycle {
	switch info.Async {
	case exec.AsyncBulkLoad, exec.AsyncBulkStore, exec.AsyncPrefetch:
	default:
		return 0
	}
	if e.GuardTrue <= 1 || s.cfg.BulkLaneCycles <= 0 {
		return 0
	}
	return engine.Cycle((e.GuardTrue - 1) * s.cfg.BulkLaneCycles)
}
