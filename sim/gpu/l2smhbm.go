package gpu

import (
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Each SM's own stream from HBM (issue 14; validation/timing/cpin31.md).
//
// One SM's HBM round trip grows with the bytes it has on the way from HBM,
// well below any bandwidth limit (cpas30.md): one CTA of 8 warps keeping
// 16 .. 128 KiB of cp.async.cg in flight (cpasync_p30_*) sees a round
// trip (bytes in flight over its rate) of 1049, 1079, 1188, 1276, 1395 and
// 1625 cycles at 16, 32, 48, 64, 96 and 128 KiB, about 939 + F / 198 B,
// and the TMA the same (tmacold_4k_s4 / _16k_s4: 1076 at 16 KiB, 1359 at
// 64 KiB). cpin31's probe (cpasync_p31_*) says whose resource that is:
//
//   - the SM's own: the same stream on 2 or 8 SMs at once (each its own
//     region) runs at the one SM's rate (c4_s4: 51.0 and 50.9 against 50.2;
//     c1_s4 at 8 SMs 15.7 against 15.6), so nothing the SMs share (HBM,
//     the L2 slices' miss queues) is what grows;
//   - not the address map: the same window with its 512-byte chunks 2 KiB
//     or 8 KiB apart (spread over four or sixteen times the DRAM pages and
//     channels) runs within 5% of the sequential one (c4_s4 47.6 / 47.9,
//     c1_s4 15.3 / 14.9, c8_s4 76.8 against 80.7).
//
// So a miss waits, besides its HBM latency, for the SM's own earlier HBM
// traffic to drain through a per-SM path of sm_hbm_bytes_per_cycle: the
// wait is the SM's bytes read from HBM over the last HBM latency (an
// exponential average of its committed misses, time constant one unloaded
// miss latency, as l2queue.go's utilisation) divided by that rate. By
// Little's law those bytes are the SM's bytes in flight from HBM, so the
// round trip is the unloaded one plus F / rate, the GPU's curve; and
// since it is an average over the last round trip, not a count at issue,
// it is the same for 8 copies a warp in 2 stages as for 4 in 4 with the
// same bytes in flight (cpas30's trial, a count at issue, put c8_s2 9%
// below c4_s4, where the GPU has it 3% above). A lone miss waits for
// nothing new (gmem_chase, cpcold). 0: no per-SM term.
//
// The step (sm_hbm_busy_cycles; validation/timing/cpa33.md). The GPU's
// curve is not the lone round trip plus F / rate: its line, 939 + F / 198,
// starts ~190 cycles above a lone copy's step (cpcold_cg16, 753 cycles),
// and the 16 KiB window already pays it (cpasync_p30_cg_c1_s4: 1049). So
// an SM whose HBM stream is busy at all pays a fixed step more:
// sm_hbm_busy_cycles x (1 - e^(-b / smHBMBusyBytes)), b the same average
// bytes; a lone miss (b ~ 0) pays nothing of it. Without the step the
// rate's fit leaned on the large windows to make up the small ones (120
// B/cycle where the GPU's slope is 198). Which unit the step is (the SM's
// miss path to the L2 slices, HBM's read turnaround for one requester)
// is not identified.
//
// Which requests wait (mem.go): LSU loads and cp.async that miss to HBM.
// A TMA load's misses count in the SM's bytes and wait for them at a cost
// of their own (tma_hbm_cycles_per_kib, no step: tmahbm.go, m1435.md).
//
// Determinism: the average comes from the committed state only (the
// windows before the current one, in commit order), as l2queue.go's, and
// with the same decayed count (l2queue.go: decayed), one per SM.

// smHBMBusyBytes is the scale of the step (sm_hbm_busy_cycles): an SM
// with about this many bytes on the way from HBM pays most of it. Between
// a lone copy's 512 B (cpcold_*: ~170 B of it left at the next copy, ~8
// cycles of a 205-cycle step) and the smallest recorded window, 16 KiB
// (cpasync_p30_cg_c1_s4: all of it); the recordings do not resolve it
// (2 and 8 KiB give 16 and 17 of the 24 cpasync_p30/p31 and cpcold figures
// within 5% against 16 at 4 KiB, step 175 and rate 220; cpa33.md).
const smHBMBusyBytes = 4096

// smHBMAdd records SM sm's miss of bytes at cycle at (commit order).
func (g *l2) smHBMAdd(sm int, at, bytes float64) {
	if g.smh != nil {
		g.smh[sm].add(at, bytes, float64(g.dram))
	}
}

// smHBMWait is what a miss of SM sm at cycle at waits for the SM's own
// HBM stream.
func (g *l2) smHBMWait(sm int, at float64) engine.Cycle {
	if g.smHBMRate <= 0 {
		return 0
	}
	b := g.smh[sm].bytes(at, float64(g.dram))
	return engine.Cycle(math.Round(b/g.smHBMRate + g.smHBMBusy*(1-math.Exp(-b/smHBMBusyBytes))))
}
