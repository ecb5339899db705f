package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// fenceCycles is how long a fence or membar holds its warp, by the SASS
// ptxas emits for it (ptx.FormOf; microbench fence7_*, one warp, fences
// back to back): a CTA-scope fence (MEMBAR.ALL.CTA, MEMBAR.SC.CTA: 10.5
// and 9.5 cycles a fence on both GPUs) fence_cycles; a cluster-, GPU- or
// system-scope one (MEMBAR.*.GPU + ERRBAR + CGAERRBAR + CCTL.IVALL: 267
// cycles on the H200, 673 on the H100) fence_gpu_cycles;
// fence.mbarrier_init, a NOP in SASS (one issue slot: fence7_mbinit, 2.2
// cycles a fence, the loop's own), nothing more. The proxy fences keep
// fence_cycles as the floor under their holds.
func (s *SM) fenceCycles(info *exec.InstInfo) int {
	switch info.Form {
	case ptx.FormFenceNone:
		return 0
	case ptx.FormFenceWide:
		if s.cfg.FenceGPUCycles > 0 {
			return s.cfg.FenceGPUCycles
		}
	}
	return s.cfg.FenceCycles
}

// fenceEnd is when a fence or membar the warp ws issues at now lets it go
// on. A GPU-scope one (FormFenceWide) also waits for the TMA drain
// (tma_fence.go) and, before its own sequence, for the acknowledgement of
// every global store the SM issued before it, in rounds (gst21 probe,
// validation/timing/gst21.md; H200): one warp's fence alone takes 318
// cycles, after its own stores 635-647 whatever their number (2 to 32
// st.global.v2, the last acknowledged ~317 after its issue: the two add,
// sgp19.md); a warp with no stores of its own fencing while 7 others
// store waits 760; with 8 warps storing 4-32 each and fencing, the fences
// end in two groups ~340 apart, the first one fence sequence after the
// SM's stores are acknowledged, the second one more sequence later; 8
// warps fencing with no store pending take 317 each, together. So a fence
// that finds stores outstanding joins the SM's pending round when that
// round is still waiting for acknowledgements that cover its own, and
// otherwise starts a round after the last one's sequence; a fence with
// nothing outstanding runs alone, unordered.
func (s *SM) fenceEnd(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	c := engine.Cycle(s.fenceCycles(info))
	if info.Form != ptx.FormFenceWide {
		return now + c
	}
	return s.wideFenceEnd(now, c)
}

// wideFenceEnd is when a wide fence sequence (MEMBAR.*.GPU and the rest)
// of c cycles that starts at now ends: after the SM's outstanding global
// stores are acknowledged, in the rounds fenceEnd describes, and no sooner
// than the TMA drain. fence.{sc,acq_rel}.{cluster,gpu,sys} and the default
// .release barrier.cluster.arrive (gpuFenceEnd) share it: ptxas emits the
// same SASS for both.
func (s *SM) wideFenceEnd(now, c engine.Cycle) engine.Cycle {
	end := now + c
	if need := s.storesDone; need > now {
		if now < s.fenceRoundAck && need <= s.fenceRoundAck {
			end = s.fenceRoundEnd // joins the pending round
		} else {
			ack := max(need, now, s.fenceRoundEnd)
			s.fenceRoundAck, s.fenceRoundEnd = ack, ack+c
			end = ack + c
		}
	}
	return max(end, s.tmaDrain)
}
