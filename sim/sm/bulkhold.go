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
	return engine.Cycle(s.cfg.Async.BulkLoneCopyCycles) + bulkSpread(s.cfg.Async.BulkCopySpreadCycles, e.NumLines)
}

// bulkSpread is how much later a plain bulk copy of lines 128-byte lines
// completes than a copy of one line: its slowest line's. The lines of a
// copy go to different L2 slices, each at its own latency from the SM
// (an address hash the model does not have below the partition's 4 KiB
// blocks: l2.go slice), and the copy waits for the last. One thread on
// SM 124 (family bulk18, both GPUs, every copy L2-warm from the same
// 4 KiB block): a 16-byte copy of line 0 completes 241 cycles after its
// issue stamp; a 1 KiB copy of lines 0..7 43 cycles later (330 vs 287
// lone, 365 vs 324 spaced), of lines 8..15 41 later, of lines 24..31 15
// (H200) or 40 (H100) later. With each line's extra uniform over
// [0, 2 x spread] (the hash unknown), the expected slowest of n lines is
// spread x (n-1)/(n+1) above the expected single line's: 0 for one line,
// 7/9 spread for 1 KiB, at most spread for a large copy (no serial
// per-line cost: tailld's 16 KiB copies, validation/timing/bulkq22.md).
func bulkSpread(spread, lines int) engine.Cycle {
	if spread <= 0 || lines <= 1 {
		return 0
	}
	return engine.Cycle((spread*(lines-1) + (lines+1)/2) / (lines + 1))
}
