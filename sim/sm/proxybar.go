package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// A CTA barrier after fence.proxy.async (session 32, lane sfl; probe
// tools/microbench/sfl32/fb32.cu, validation/timing/sfl32.md). ptxas emits
// the fence as MEMBAR.ALL.CTA + FENCE.VIEW.ASYNC.S and __syncthreads as
// BAR.SYNC.DEFER_BLOCKING. On the H200 (4 warps, 1 or 62 CTAs, warm):
//   - the fence alone: the next %clock64 10 cycles after the one before it;
//     a barrier alone: 2 (its clock read is the arrival, barclock.go);
//   - fence then barrier: 32-40 (with or without shared stores before the
//     fence): the BAR issues fence_proxy_bar_issue_cycles after the fence;
//   - and the barrier releases its warps ~70 cycles after the last warp's
//     arrival stamp (a ULDC / ISETP path to the next stamp), against ~15
//     with the fence after the barrier instead: the barrier waits for the
//     fence, complete fence_proxy_bar_release_cycles after its issue, and
//     releases barrier_release_cycles later.
// 0 turns either off. The H100 (30 and 75) from sfl's H100 recordings
// (session 33, validation/timing/sfl33.md; no H100 probe).

// proxyFenced notes warp ws's fence.proxy.async issued at now.
func (s *SM) proxyFenced(ws *warpState, now engine.Cycle) {
	h := &s.cfg.Hold
	if h.FenceProxyBarIssueCycles > 0 || h.FenceProxyBarReleaseCycles > 0 {
		ws.proxyFenceAt = max(now, 1)
	}
}

// proxyBarAt is the earliest issue of warp ws's next CTA barrier behind its
// fence.proxy.async (0: none).
func (s *SM) proxyBarAt(ws *warpState) engine.Cycle {
	if ws.proxyFenceAt == 0 || s.cfg.Hold.FenceProxyBarIssueCycles <= 0 {
		return 0
	}
	return ws.proxyFenceAt + engine.Cycle(s.cfg.Hold.FenceProxyBarIssueCycles)
}

// proxyBarArrive adds warp ws's fence, if any, to the barrier it arrives at.
func (s *SM) proxyBarArrive(ws *warpState) {
	if ws.proxyFenceAt == 0 {
		return
	}
	if c := s.cfg.Hold.FenceProxyBarReleaseCycles; c > 0 {
		s.barFenceDone = max(s.barFenceDone, ws.proxyFenceAt+engine.Cycle(c))
	}
	ws.proxyFenceAt = 0
}

// proxyBarRelease is when the barrier whose last warp arrived at at may
// release (before barrier_release_cycles): after its warps' fences.
func (s *SM) proxyBarRelease(at engine.Cycle) engine.Cycle {
	at = max(at, s.barFenceDone)
	s.barFenceDone = 0
	return at
}
