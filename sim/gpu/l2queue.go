package gpu

import (
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// HBM queueing latency below the bandwidth limit (validation/timing/hbm27.md).
//
// The HBM budget (l2.go, dramFree) is a pure rate: a miss waits only when
// the requests of the recent past exceed dram_bytes_per_ns. The GPUs' copy
// (gmem_copy_c*) shows a miss's latency growing with load well below that
// limit: one SM's rate is the same at 1..16 SMs and falls by 8% (H200) /
// 19% (H100) at 33 SMs, where HBM carries 72% / 77% of what 132 SMs reach.
// Hundreds of channels, each a queue that requests reach at random, wait
// as a queue does: rho/(1-rho) of a service time, rho the utilisation. The
// model takes rho from the bytes committed to HBM (reads and write-backs)
// over the last dram latency (an exponential average, time constant one
// unloaded miss latency: the span over which requests share HBM with each
// other), and adds dram_queue_cycles x rho/(1-rho) to a load's miss latency.
// rho is capped at dramQueueRhoMax: at and above the limit the budget's own
// wait (dramFree) takes over. The two are one queue seen two ways, so a
// miss waits for the larger of them, not their sum (l2.go, l2near.go:
// with each SM's requests in flight bounded, meminflight.go, the sum made
// the copy at 66 SMs latency-bound, -25%; hbmq28.md).
//
// Measured (validation/timing/hbmq28.md, H200): one warp's dependent cold
// loads on an SM of its own, beside gmem_copy on 16 / 33 / 66 / 131 SMs,
// take +117 / +308 / +945 / +1771 cycles a load over the unloaded chase
// (684), at 38% / 73% / 97% / 100% of the c132 rate. rho/(1-rho) follows
// the first two with q ~ 92 (the profiles' value, a closed form on the
// probe, validation/calibrate groups27_hbm.go); at 97% the cap's 9 q
// (~830) is near the GPU's +945 (the uncapped 32 q would be ~3000). The
// session 27 value, fitted on the copy's rate, put ~680 cycles on a miss
// at c33: the copy's slowdown there is not HBM's wait alone.
//
// Determinism: rho comes from the committed state only (the requests of
// the windows before the current one, in commit order), so every partition
// sees the same value whatever the number of goroutines.

// dramQueueRhoMax caps the utilisation the queueing term sees.
const dramQueueRhoMax = 0.9

type dramQueue struct {
	cycles float64 // dram_queue_cycles (0: no queueing term)
	tau    float64 // the average's time constant, SM cycles
	rate   float64 // HBM bytes per SM cycle
	recent decayed
}

// decayed is an exponentially decayed byte count: bytes added at cycle t
// count exp(-(now - t) / tau) at cycle now (dramQueue's utilisation,
// l2smhbm.go's per-SM stream).
type decayed struct {
	acc, at float64 // decayed bytes at cycle at
}

// add records bytes at cycle at (non-decreasing).
func (q *decayed) add(at, bytes, tau float64) {
	if at > q.at {
		q.acc *= math.Exp(-(at - q.at) / tau)
		q.at = at
	}
	q.acc += bytes
}

// bytes is the decayed count at cycle at.
func (q *decayed) bytes(at, tau float64) float64 {
	if at > q.at {
		return q.acc * math.Exp(-(at-q.at)/tau)
	}
	return q.acc
}

func newDRAMQueue(cycles, tau, rate float64) dramQueue {
	return dramQueue{cycles: cycles, tau: max(tau, 1), rate: rate}
}

// add records bytes committed to HBM at cycle at (non-decreasing).
func (q *dramQueue) add(at, bytes float64) {
	if q.cycles == 0 {
		return
	}
	q.recent.add(at, bytes, q.tau)
}

// rho is the utilisation at cycle at.
func (q *dramQueue) rho(at float64) float64 {
	return min(q.recent.bytes(at, q.tau)/(q.tau*q.rate), dramQueueRhoMax)
}

// wait is the queueing latency a miss at cycle at adds.
func (q *dramQueue) wait(at float64) engine.Cycle {
	if q.cycles == 0 {
		return 0
	}
	r := q.rho(at)
	return engine.Cycle(math.Round(q.cycles * r / (1 - r)))
}
