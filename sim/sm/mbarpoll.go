package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

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
	if p <= 0 || c.MbarTensorDone(ws.sleepBar) == ws.sleepTensor || c.MbarTensorIssuer(ws.sleepBar) != ws.w || otherSleeper(ws) {
		return now, true
	}
	if ws.pollAt == 0 {
		ws.pollAt = s.recheckAt(ws, now, p)
	}
	return ws.pollAt, true
}

// otherSleeper: another warp of ws's CTA slept on the same phase of ws's
// mbarrier (it wakes at the landing, mbarWake; asleep still or woken by
// that phase). Then the issuing warp wakes at the landing with it, not at
// its next recheck (family tma7ld, H200 and H100: every thread waiting,
// the 16 KiB box's loop is the fill time longer than the 4 KiB one's,
// t7mc_nobar 553 - 446 and t7mc_rlx 630 - 520 cycles, where with thread 0
// alone waiting it is one recheck period longer, t7mc_nobar_t0 685 - 535;
// the model had a period in both).
func otherSleeper(ws *warpState) bool {
	for _, o := range ws.cta.warps {
		if o != ws && o.ownBar && o.sleepBar == ws.sleepBar && o.sleepPhase == ws.sleepPhase {
			return true
		}
	}
	return false
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
		ws.pollAt = s.recheckAt(ws, now, p)
	}
	return ws.pollAt
}

// recheckAt is the recheck (period p from the start of ws's sleep) that
// sees a tensor load's complete_tx landed at cycle now: the first at or
// after it, or, for the loads that land late, the next. A box filled at
// its rows' pace (ws.rowBox, tma.go: rows x TMARowCycles at least its
// bytes at TMAFillBytesPerCycle) lands up to MbarTxLandSpreadCycles later
// than modelled (0: never): one modelled that close before its recheck
// misses it in the share (now + spread - recheck) / spread of its waits,
// spread over the warp's waits by carrying the shares (ws.landLate: a
// wait is late when the carried share reaches one, which is then taken
// off), so a loop's mean is the expected one less under one wait, a lone
// wait is late only when it lands on its recheck, and the same bytes
// come out for any --jobs. The GPU's latency loops over 128-row boxes
// (tma_load_32b_4k_lat, _64b_8k_lat, H200 and H100) run 495 + k x 150 /
// 64 cycles a load with k = 11..15 of the 64 loads one recheck late, k
// varying from run to run (clock_runs*.json); modelled, they land 56 or
// 40 cycles before the recheck, the 256-row boxes 76 or 60 before their
// second (none late on the GPU). Boxes filled at their bytes' pace get no
// spread: the 32 KiB box lands 58 or 40 cycles before its third recheck
// and none is late on the GPU, nor are tmai's lone 1 and 4 KiB waits at
// 19..27 before theirs (validation/timing/m1433.md; calibrate group
// mbar_tx_land_spread).
func (s *SM) recheckAt(ws *warpState, now, p engine.Cycle) engine.Cycle {
	k := max((now-ws.sleepAt+p-1)/p, 1)
	at := ws.sleepAt + k*p
	if w := engine.Cycle(s.cfg.MbarTxLandSpreadCycles); w > 0 && ws.rowBox {
		ws.landLate += min(max(now+w-at, 0), w)
		if ws.landLate >= w {
			at += p
			ws.landLate -= w
		}
	}
	return at
}

// A try_wait that would fail in every active lane does not execute
// (exec.AsyncSuspendWaits reports Retry): the warp issues it (a slot, as
// the SASS TRYWAIT issues) and sleeps in it; woken by its phase it issues
// the same try_wait again, which now succeeds, so a wait loop returns
// once per phase. The GPU's does (family mwake, H200, every recording:
// a_returns and b_returns 1, A's stamp 40 cycles after the arrive that
// completed its phase); until session 21 the model's try_wait executed,
// returned false and the warp slept before the loop's branch, so a wake
// cost one more trip round the PTX loop (validation/timing/tryw21.md).
// When its suspend time runs out the try_wait executes and returns false
// (exec.Warp.Expire), the loop goes round and the next try_wait sleeps
// again.

// suspend puts warp ws to sleep in try_wait info, which reported Retry at
// cycle now.
func (s *SM) suspend(sp *subPart, ws *warpState, info *exec.InstInfo, e *exec.Effect, now engine.Cycle) {
	ws.info = info
	ws.account(Selected, info, now, s)
	ws.flush(now+1, s)
	sp.last = ws
	ws.setReady(now+1, StallSleeping)
	s.sleep(ws, info, e, now)
	ws.suspended = true
}

// sleep starts warp ws's sleep in try_wait info at cycle now: until the
// phase of its own mbarrier moved (mbarWake) or the suspend time is over.
// A converged warp sleeps the hardware's limit whatever the hint
// (microbench mbwait_h0..h4000, mbwait_nohint, mbwait3_l32: about 4 us);
// part of a diverged warp sleeps to the SM's NANOSLEEP grid (ptxas's
// NANOSLEEP.SYNCS after a TRYWAIT that does not suspend: nanosleep.go).
func (s *SM) sleep(ws *warpState, info *exec.InstInfo, e *exec.Effect, now engine.Cycle) {
	ws.sleeping = true
	ws.sleepChanges = ws.cta.c.Cluster().AsyncChanges()
	ws.sleepTx, ws.sleepAt, ws.pollAt = ws.cta.c.Cluster().TxChanges(), now, 0
	ws.sleepOwn()
	ws.hintWait = s.hintedWait(info) // mbarhint.go
	d := engine.Cycle(s.cfg.SuspendCycles)
	if h := max(info.SuspendHint, e.SuspendNs); h > 0 && s.NsPerCycle > 0 && e.Active < ws.w.LiveLanes() {
		d = s.nanosleep(h, now) // nanosleep.go
	}
	ws.wakeAt = now + d
	s.Stats.Sleeps++
}
