package sm

import "github.com/sm90sim/sm90sim/ptx/exec"

// A bar.sync of a CTA of one warp: the warp's arrival is the barrier's
// release, and the warp does not wait for it. Family ldclat (one warp, both
// GPUs; validation/timing/ldclat.md, alu34.md): a region that starts at the
// `%clock` read right after `__syncthreads()` takes as long as the same
// region elsewhere (48 cycles, its static counts and the STG's wait), where
// waiting barrier_release_cycles (13) after the arrival made it 60; psink's
// one-warp `bar_cycles` (stamp, BAR, stamp) are 7 on the GPU. What the
// one-warp barrier does cost is its reset: the next bar.sync arrives no
// earlier than barrier_release_cycles after the previous one
// (bar_sync_w1's loop of barriers, 14.8 cycles a barrier; sgp32's barprobe,
// `BAR; CS2R; BAR` 14 cycles). A CTA of several warps keeps the release
// wait for the warp that arrives last (bar_sync_w2..w32: 2 cycles an
// arrival plus the release).

// oneWarpBar reports whether ws's CTA barrier e (the warp has arrived; the
// caller handles plain bar.sync only) is a one-warp barrier: its CTA has
// one warp, which releases it.
func (s *SM) oneWarpBar(ws *warpState, e *exec.Effect) bool {
	return len(ws.cta.warps) == 1 && !e.BarrierWait
}
