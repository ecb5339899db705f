package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// A warp suspended in a failed mbarrier.try_wait does not wake when a
// copy's complete_tx lands on the mbarrier: it rechecks every
// MbarTxPollCycles from the start of its sleep (family tmai,
// tools/microbench/gen13_tmaissue.py, H200 and H100: the stamp after the
// first wait is the last issue's stamp + k x 150 + 24..54 cycles with k = 1
// or 2 whatever N, box size and mode: sep_n4 362 = 188 + 150 + 24 (H100
// 4 KiB: 512, one period more), sep_n2 420 = 96 + 300 + 24, one_n2/n4/n8
// 441/533/717 = 96/188/372 + 300 + 45; chained waits on 16 KiB boxes that
// are still in flight step 204 (one period and the retry) or 354 (two),
// on boxes already landed 44; the lat loops 495 -> 645 -> 792 cycles a
// load as the box grows). An arrive by a thread (mbar_pingpong: a 117-cycle
// hand-off) still wakes it at once (MbarWakeCycles). Evidence:
// validation/timing/mbarpoll.md. On in both profiles since session 15
// (closed form, calibrate group mbar_tx_poll: half the latency loop's
// step from 8 to 32 KiB boxes), with the TMA groups refitted and the
// completion slot of tma.go removed: the 4-stage tma_load_*_tput loops'
// 185 cycles a load are one recheck period plus the loop.

//
// Only the phase it waits for wakes it (family mwake,
// tools/microbench/gen22_mwake.py, H200: validation/timing/tmaq20.md). A
// warp asleep in try_wait on X returned exactly once, 40 cycles after the
// arrive that completed X, through 4.4k cycles of sleep in which another
// warp made, mid-sleep, a thread arrive on another mbarrier of the CTA, a
// non-completing arrive on X itself, an expect_tx, a bulk copy's
// complete_tx, a remote arrive from the other CTA of a 2-CTA cluster or an
// arrive there on that CTA's own barrier; and a warp waiting on a bulk
// copy's barrier returned a fixed 365 +- 5 cycles after the copy's issue
// whatever came at D = 1000 or 1075. So the sleeping warp stays asleep
// until the phase of its own barrier moves (then at once, or at its next
// recheck when a tensor load's complete_tx completed it) or its suspend
// time is over. (Until session 20 any change of any mbarrier of the
// cluster woke it: a failed try_wait returned false and the warp slept
// again, its recheck grid restarted; validation/timing/tmaq19.md.)

// sleepOwn remembers, at the start of a try_wait's sleep, the mbarrier it
// waits on, that barrier's phase and the phases tensor loads completed
// there (ownBar false: the lanes waited on different barriers; then any
// change wakes the warp, as before session 20).
func (ws *warpState) sleepOwn() {
	a, ok := ws.w.WaitBar()
	ws.ownBar = ok
	if ok {
		c := ws.cta.c
		ws.sleepBar, ws.sleepPhase, ws.sleepTensor = a, c.MbarPhase(a), c.MbarTensorDone(a)
	}
}

// mbarWake is the cycle a sleeping warp ws wakes at after its cluster's
// mbarriers changed, and whether a change wakes it at all: the phase of its
// own barrier moved (now; at its next recheck when a tensor load's
// complete_tx completed it: txPoll).
func (s *SM) mbarWake(ws *warpState, now engine.Cycle) (engine.Cycle, bool) {
	if !ws.ownBar {
		return s.txPoll(ws, now), true
	}
	c := ws.cta.c
	if c.MbarPhase(ws.sleepBar) == ws.sleepPhase {
		return 0, false // another barrier, or not the completion of its phase
	}
	p := engine.Cycle(s.cfg.MbarTxPollCycles)
	if p <= 0 || c.MbarTensorDone(ws.sleepBar) == ws.sleepTensor {
		return now, true
	}
	if ws.pollAt == 0 {
		k := max((now-ws.sleepAt+p-1)/p, 1)
		ws.pollAt = ws.sleepAt + k*p
	}
	return ws.pollAt, true
}

// txPoll is the cycle a sleeping warp ws may wake at after its cluster's
// mbarriers changed when its lanes wait on different barriers: now,
// unless every change since it slept was a complete_tx; then its next
// recheck.
func (s *SM) txPoll(ws *warpState, now engine.Cycle) engine.Cycle {
	p := engine.Cycle(s.cfg.MbarTxPollCycles)
	if p <= 0 {
		return now
	}
	cl := ws.cta.c.Cluster()
	if cl.AsyncChanges()-ws.sleepChanges != cl.TxChanges()-ws.sleepTx {
		return now // a thread's arrive (or another change) wakes it
	}
	if ws.pollAt == 0 {
		// the first recheck at or after the first complete_tx seen
		k := max((now-ws.sleepAt+p-1)/p, 1)
		ws.pollAt = ws.sleepAt + k*p
	}
	return ws.pollAt
}
