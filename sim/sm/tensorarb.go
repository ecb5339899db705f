package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The tensor pipe's arbitration between warpgroups for serialized wgmmas
// (wgmma_queue_cycles, helper wgover, session 14; see
// validation/timing/wgover.md).
//
// The SM's tensor pipe runs one wgmma at a time (async.go: s.tensorFree).
// A wgmma takes the pipe when its warpgroup's last warp issues it, after
// every wgmma issued before it (first come, first served). Family wgov14
// (tools/microbench/gen17_wgov14.py) runs Triton's TMA matmul k-loop (2
// warpgroups of 4 wgmma m64n128k16 a k-step between 4 bar.syncs) at one
// and two CTAs per SM with a %clock64 stamp per k-step. Serialized by
// ptxas (C7515: WARPGROUP.ARRIVE, HGMMA, WARPGROUP.DEPBAR per wgmma), the
// two CTAs of an SM run out of phase on the GPU (H100: one CTA's k-step
// ends 668 cycles after the other's, of 1234), so that one CTA's wgmmas
// fill the other's barrier and refill time; first come, first served pulls
// them into phase (129 cycles apart: both in their wgmmas together, then
// both at their barriers; 1458 cycles a k-step, +18%, while one CTA per
// SM is +3.9%). Not serialized, the GPU shares the pipe as first come,
// first served does (1084 cycles a k-step, the model 1040).
//
// With wgmma_queue_cycles q > 0 a warp may issue its part of a
// serialized wgmma only from q cycles before the pipe is free (before
// that it stalls on the pipe), and among a sub-partition's ready warps
// one whose next instruction is a serialized wgmma issues first, the
// oldest such (CTA launch order, then scheduler_oldest_high_warp): the
// warpgroups of the older CTA take the pipe whenever theirs are waiting,
// the younger CTA's fill the gaps. Wgmmas that are not serialized queue
// in issue order as before; q = 0 is the model before.

// wgmmaArbitrated says whether instruction info is a wgmma that waits for
// the pipe and is arbitrated by age (a serialized wgmma while
// wgmma_queue_cycles > 0).
func (s *SM) wgmmaArbitrated(info *exec.InstInfo) bool {
	return s.cfg.Async.WgmmaQueueCycles > 0 && info != nil && info.Async == exec.AsyncWgmma && info.SerialWgmma
}

// wgmmaIssueAt is the earliest cycle a warp may issue instruction info
// (0 when it is not an arbitrated wgmma).
func (s *SM) wgmmaIssueAt(info *exec.InstInfo) engine.Cycle {
	if !s.wgmmaArbitrated(info) {
		return 0
	}
	return s.tensorFree - engine.Cycle(s.cfg.Async.WgmmaQueueCycles)
}

// wgmmaBefore says whether ready warp ws, whose next instruction is an
// arbitrated wgmma, issues before best (nil: none yet): a warp of the
// older CTA first, then the one that has waited longer (its earlier
// readiness), then the older warp.
func wgmmaBefore(ws, best *warpState) bool {
	switch {
	case best == nil:
		return true
	case ws.cta.age != best.cta.age:
		return ws.cta.age < best.cta.age
	case ws.readyAt != best.readyAt:
		return ws.readyAt < best.readyAt
	}
	return ws.age < best.age
}
