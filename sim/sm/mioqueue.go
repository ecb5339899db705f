package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The sub-partitions' MIO queues in front of the SM's shared-memory port.
// A SHFL (one wavefront, warppipe.go) of one warp's dependent chain waits
// behind other warps' shared traffic (microbench shflq12_*, shflq13_*,
// H200 and H100 alike, cycles a step; 25 alone):
//
//	background (LDS.128 8 wavefronts / LDSM.x4 4)     LDS    LDSM
//	7 warps of its own sub-partition (port 97% busy)    81   (32: port 66%)
//	24 warps of the three others (port 97%)            184     98
//	31 warps of all four (shflq12_*_w32)               138    130
//
// The port serves the shared instructions in the order they were issued,
// SM-wide: behind the other sub-partitions' traffic alone the SHFL waits
// longest (184 - 25 = 159 cycles: about 20 LDS.128 of 8 wavefronts, 73
// for 18 LDSM.x4 of 4), which per-sub-partition round-robin would not
// give. What bounds the wait is a count of instructions per
// sub-partition, not of wavefronts: about 7 queued per sub-partition (3 x
// 7 LDS.128 = 168 wavefronts; 3 x 7 LDSM.x4 = 84), and behind its own
// sub-partition's 7 LDS.128 alone the SHFL waits 56. So each sub-partition
// holds at most mio_queue_insts shared instructions issued and not yet
// started on the port; a shared instruction (or SHFL) issues only while
// fewer are queued (stall_mio_throttle), and then waits on the port
// behind everything issued before it (s.smemFree, FIFO). With
// mio_queue_insts 0 the SM-wide smem_queue_wavefronts backlog throttles
// instead (the model before the shflq13 recordings).

// mioQueued: the instruction queues on the sub-partition's MIO queue for
// the shared-memory port (a shared-memory instruction, or a SHFL on the
// shared-memory pipe).
func (s *SM) mioQueued(info *exec.InstInfo) bool {
	return info.Pipe == ptx.PipeShared || info.Op == ptx.OpShfl && s.cfg.ShflIntervalCycles > 0
}

// mioAdmit is when the sub-partition's MIO queue has room for one more
// instruction: when the mio_queue_insts-th last one it queued starts on
// the port (0: now).
func (sp *subPart) mioAdmit(k int) engine.Cycle {
	if k <= 0 || len(sp.mioStarts) < k {
		return 0
	}
	return sp.mioStarts[sp.mioHead]
}

// mioEnter records that an instruction of the sub-partition starts on
// the port at start.
func (sp *subPart) mioEnter(k int, start engine.Cycle) {
	if k <= 0 {
		return
	}
	if len(sp.mioStarts) < k {
		sp.mioStarts = append(sp.mioStarts, start)
		return
	}
	sp.mioStarts[sp.mioHead] = start
	sp.mioHead = (sp.mioHead + 1) % k
}

// smemThrottle is when a shared-memory instruction of sp may issue as far
// as the port's queues go (0: any time).
func (s *SM) smemThrottle(sp *subPart) engine.Cycle {
	if k := s.cfg.MioQueueInsts; k > 0 {
		return sp.mioAdmit(k)
	}
	return s.smemFree - engine.Cycle(s.cfg.SmemQueueWavefronts*s.cfg.SmemWavefrontCycle)
}

// One queued shared load per warp (mio_warp_queue_insts 1; mio helper,
// session 23). With the sub-partition bound alone, a SHFL chain behind 7
// warps of LDS.128 (8 wavefronts) waited about 13 of them in the model
// (shflq12_lds_w8, 1 warp of its own sub-partition and 2 of each other:
// 127 cycles a step against the GPU's 81.6; shflq13_lds_same_w32, all 7
// in its own: 113 against 81.3), where the GPU's wait, (81.3 - 25.1) / 8
// = 7.0 LDS.128, is one per warp. So a warp issues its next shared load
// (LDS, LDSM) only once its previous one has started on the port: the
// queue ahead of a SHFL holds at most one load of each other warp, and
// the sub-partition bound (mio_queue_insts) still caps the three others
// behind 8 warps each (shflq13_*_other_w32). Shared atomics and stores
// keep their own rules (atomserial.go, storequeue.go): bounding them too
// moved atom7_lane_dead_w1 +1.6% -> +4.0%.

// mioWarpQueued: the instruction counts against its warp's bound.
func mioWarpQueued(info *exec.InstInfo) bool {
	return info.Pipe == ptx.PipeShared && (info.Op == ptx.OpLd || info.Op == ptx.OpLdmatrix)
}

// mioWarpReady is when warp ws may issue info as far as its own queued
// shared loads go (0: any time).
func (s *SM) mioWarpReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if s.cfg.MioWarpQueueInsts <= 0 || !mioWarpQueued(info) {
		return 0
	}
	return ws.mioLoadAt
}
