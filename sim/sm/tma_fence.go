package sm

import (
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A GPU-scope fence after TMA loads (microbenchmarks t7mc_*, family
// tma7ld, helper tmald; tools/microbench/tma7ld.cu). The default .release
// barrier.cluster.arrive and fence.{sc,acq_rel}.{cluster,gpu,sys} compile
// to the same SASS (MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR, CGAERRBAR; the
// wait or the fence then CCTL.IVALL). Back to back it takes
// ClusterFenceCycles (cluster_bar_*: 283 cycles on the H200, 692 on the
// H100). After a TMA load whose mbarrier has completed it takes longer
// (H200, 4 KiB / 16 KiB boxes, clusters of 2, every thread waiting on the
// mbarrier): a loop of load + wait is 446 / 553 cycles per iteration
// (t7mc_nobar_4k/_16k), with a .relaxed cluster barrier 520 / 630
// (t7mc_rlx_*), with the default one 1040 / 1254 (t7mc_bar_*, as
// tma_nomcast2_*), with fence.acq_rel.cluster instead 948 (t7mc_fence_4k):
// the fence ends about 500 cycles after the load's completion (where back
// to back it takes 283), and the loop with it takes 214 cycles more for
// 12 KiB more where the load alone takes 107 more. So the fence ends no
// sooner than TMAFenceDrainCycles plus the load's bytes at
// TMAFenceDrainBytesPerCycle after the TMA engine started the SM's last
// load (from the start rather than the completion: the simulated
// completion grows with the box at the fitted fill rate, not as the
// GPU's). On the H100 the barrier after a 4 or 16 KiB load costs what it
// costs alone (t7mc_bar - t7mc_nobar 767 cycles both; the fence alone,
// 692, is longer): calibrate finds no byte term there and the drain is
// off.

// noteTMADrain records a TMA load of bytes bytes that the engine started
// at cycle start (tma.go).
func (s *SM) noteTMADrain(start engine.Cycle, bytes int) {
	a := &s.cfg.Async
	bw := a.TMAFenceDrainBytesPerCycle
	if bw <= 0 {
		// calibrate sets no byte term where the fence costs no more
		// after a larger box (the H100): no drain is seen there
		return
	}
	d := start + engine.Cycle(a.TMAFenceDrainCycles) + engine.Cycle((bytes+bw-1)/bw)
	s.tmaDrain = max(s.tmaDrain, d)
}

// gpuFenceEnd is when the fence of a default (.release)
// barrier.cluster.arrive that starts at cycle at ends: ClusterFenceCycles,
// after the SM's outstanding global stores are acknowledged (wideFenceEnd,
// fence.go: the same SASS as a GPU-scope fence; mwake_*_cl, wp34.md), and
// no sooner than the TMA drain.
func (s *SM) gpuFenceEnd(at engine.Cycle) engine.Cycle {
	return s.wideFenceEnd(at, engine.Cycle(s.cfg.ClusterFenceCycles))
}
