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
// (tma_fence.go) and, before its own sequence, for the warp's global
// stores to be acknowledged (microbench sgp_*_fence, 64 st.global.v2 a
// thread: drain_cycles 1168-1186 on the H200, 1532-1591 on the H100, the
// fence alone 267 / 671: the same ~900 on top on both GPUs, so the two
// add; validation/timing/sgp19.md).
func (s *SM) fenceEnd(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	c := engine.Cycle(s.fenceCycles(info))
	if info.Form != ptx.FormFenceWide {
		return now + c
	}
	return max(now+c, s.tmaDrain, ws.storesDone+c)
}
