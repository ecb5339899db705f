package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// cp.async fill queueing (validation/timing/cpa29.md).
//
// An SM fills shared memory from cp.async copies at most at the
// CpAsync{Ca,Cg}BytesPerCycle rate: the hard cap (async.go), a server the
// copies reserve in issue order. Short of the cap the GPU's copies already
// wait: its throughput against the copies in flight bends early and
// softly (cpasync_ca16_tput_w4, _w8, _w16, _tput: 21.8, 39.3, 45.4, 45.8
// bytes per cycle per SM with 16, 32, 64 and 128 copies of 512 B in
// flight, H200; .cg 22.3, 43.0, 74.7, 75.6), as a closed loop of copies in
// front of one server whose service times vary does. Exact mean-value
// analysis (MVA) of that loop, an L2 round trip Z of ~370 cycles and one
// server of 512 B / 45.8 (or / 78) cycles with exponential service, gives
// 21.1, 39.1, 45.8, 45.8 (.cg 21.6, 42.7, 75.0, 77.6); the deterministic
// server alone gives min(copies x bytes / Z, cap), exact to the knee
// (+8.8% at _w8). So a copy completes no sooner than its data's arrival
// plus the MVA queueing wait R(N) - S of the fill, with N the SM's copies
// of this fill in flight (its own included), Z its own memory latency and
// S its own fill time: R(n) = S (1 + Q(n-1) + U(n-1) (scv - 1) / 2),
// X(n) = n / (Z + R(n)), Q(n) = X(n) R(n), U(n) = X(n) S, where scv is
// the fill time's squared coefficient of variation
// (CpAsync{Ca,Cg}FillScvPct / 100; 1: exponential). The recordings at 2
// to 32 warps (cpasync_k29_*, cpasync_*_tput*) fit .ca 1.6, .cg 0.13: the
// .ca fill through L1 varies more than the .cg one. A lone copy (N = 1)
// waits nothing (the _lat loops).

// cpFillMaxN bounds the MVA's population (its cost per copy).
const cpFillMaxN = 512

// cpFillLoad is one fill's copies in flight: their completion cycles.
type cpFillLoad struct {
	flight []float64
}

// done records a copy issued at now whose data arrives at ready and that
// takes the fill d cycles; it returns the copy's completion by the MVA
// (no earlier than ready).
func (l *cpFillLoad) done(now, ready, d float64, scvPct int) engine.Cycle {
	k := 0
	for _, t := range l.flight {
		if t > now {
			l.flight[k] = t
			k++
		}
	}
	l.flight = l.flight[:k]
	n := min(k+1, cpFillMaxN)
	z := max(ready-now, 0)
	wait := 0.0
	if n > 1 && d > 0 {
		// the copy in service has d (1 + scv) / 2 left on average
		// (Reiser's approximation for FCFS with general service times)
		c := (float64(scvPct)/100 - 1) / 2
		q, u, r := 0.0, 0.0, d
		for i := 1; i <= n; i++ {
			r = d * (1 + q + u*c)
			x := float64(i) / (z + r)
			q, u = x*r, x*d
		}
		wait = r - d
	}
	t := engine.Cycle(math.Round(ready + wait))
	l.flight = append(l.flight, float64(t))
	return t
}
