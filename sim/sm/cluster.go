package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Clusters in time: distributed shared memory through the SM-to-SM network
// and the barrier.cluster release.

// clusterBarKey is the address bit that marks a cluster-barrier phase in
// the machine's landing table (MbarLand/MbarReady): shared offsets are
// below 2^24, so no mbarrier has it. The low bits count the phase.
const clusterBarKey = 1 << 31

// clusterBarRef names phase k of the barrier.cluster of ws's cluster (kept
// under the cluster's first CTA).
func clusterBarRef(ws *warpState, k uint32) exec.MbarRef {
	var first *exec.CTA
	for _, c := range ws.cta.c.Cluster().CTAs() {
		if c != nil {
			first = c
			break
		}
	}
	return exec.MbarRef{CTA: first, Addr: clusterBarKey | k&(clusterBarKey-1)}
}

// clusterArrive records warp ws's barrier.cluster.arrive at cycle at (after
// the fence of a .release arrive): the phase releases ClusterBarrierCycles
// after its last arrival.
func (s *SM) clusterArrive(ws *warpState, at engine.Cycle) {
	ws.clusterPhase++
	s.host.MbarLand(clusterBarRef(ws, ws.clusterPhase), at+engine.Cycle(s.cfg.ClusterBarrierCycles))
}

// clusterRelease is when the barrier.cluster.wait of warp ws may go on: the
// release of the phase of its last arrive.
func (s *SM) clusterRelease(ws *warpState) engine.Cycle {
	return s.host.MbarReady(clusterBarRef(ws, ws.clusterPhase))
}

// remoteSmem times an access of another CTA's shared memory (DSMEM) issued
// at cycle now: the request and its data cross the SM-to-SM network (one
// port per SM, DSMEMBytesPerCycle) and the result is back after
// DSMEMLatencyCycles. It returns when the loaded value is ready.
func (s *SM) remoteSmem(e *exec.Effect, now engine.Cycle) engine.Cycle {
	bytes := e.RemoteSmem * max(int(e.Info.Bits)/8, 4)
	d := engine.Cycle(0)
	if bw := s.cfg.DSMEMBytesPerCycle; bw > 0 {
		d = engine.Cycle((bytes + bw - 1) / bw)
	}
	st := max(now, s.dsmemFree)
	s.dsmemFree = st + d
	return st + d + engine.Cycle(s.cfg.DSMEMLatencyCycles)
}

// remoteArrives delays the mbarriers of other CTAs that instruction e
// arrived on (a remote mbarrier.arrive, e.g. CUTLASS's release of a
// multicast stage) by the network's one-way latency.
func (s *SM) remoteArrives(ws *warpState, e *exec.Effect, now engine.Cycle) {
	for i := 0; i < min(e.NumMbars, len(e.Mbars)); i++ {
		if m := e.Mbars[i]; m.CTA != ws.cta.c {
			s.host.MbarLand(m, now+engine.Cycle(s.cfg.DSMEMLatencyCycles/2))
		}
	}
}
