package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Async completion by ticket (../../RATIONALE.md): a CTA runs in
// exec.AsyncTickets|exec.AsyncWgmmaQueue|exec.AsyncSuspendWaits mode (the
// last: a try_wait that would fail reports Retry and the warp sleeps in it,
// mbarpoll.go suspend), so an instruction's async
// work (a TMA or bulk copy's complete_tx, a cp.async, a deferred
// cp.async.mbarrier.arrive, a bulk store, a wgmma) is listed in
// Effect.Async with a ticket, and what a wait can observe happens when the
// SM calls CTA.Complete at the cycle the timing model gives it: an engine
// event in PhaseComplete, before the schedulers of that cycle. A wait that
// finds its groups in flight reports Retry: the warp sleeps, without an
// issue slot, until a ticket of its CTA completes. A try_wait fails until
// the complete_tx happened and sleeps as before (Cluster.AsyncChanges).

// asyncDone is when each kind of the issuing instruction's tickets
// completes (asyncIssue fills it, scheduleTickets reads it).
type asyncDone struct {
	tx, cp, bulk, wg engine.Cycle
}

// cpArriveCycles is the latency of a cp.async.mbarrier.arrive's arrive
// once its ticket is done (exec holds it further until the warp's earlier
// copies completed).
const cpArriveCycles = 1

// asyncMode is the mode of every CTA the SM runs.
const asyncMode = exec.AsyncTickets | exec.AsyncWgmmaQueue | exec.AsyncSuspendWaits

// scheduleTickets schedules the completion of the tickets of instruction e
// of warp ws, issued at cycle now: one engine event per run of tickets that
// complete at the same cycle (a cp.async has a ticket per lane), which
// completes them in order, as one event each would.
func (s *SM) scheduleTickets(ws *warpState, e *exec.Effect, now engine.Cycle) {
	cs := ws.cta
	var run []exec.Ticket
	var runAt engine.Cycle
	for _, op := range e.Async {
		if op.Ticket == 0 {
			continue
		}
		var at engine.Cycle
		switch op.Kind {
		case exec.TicketTx:
			// one ticket per destination mbarrier and lane; a multicast's
			// tickets belong to the issuing CTA and complete together
			at = s.done.tx
		case exec.TicketCpAsync:
			at = s.done.cp
		case exec.TicketCpArrive:
			at = now + cpArriveCycles
		case exec.TicketBulk:
			at = s.done.bulk
		case exec.TicketWgmma:
			at = s.done.wg
		}
		at = max(at, now+1)
		if len(run) > 0 && at != runAt {
			s.scheduleRun(cs, run, runAt)
			run = nil
		}
		run, runAt = append(run, op.Ticket), at
	}
	if len(run) > 0 {
		s.scheduleRun(cs, run, runAt)
	}
}

// scheduleRun completes tickets ts of CTA cs at cycle at, in order.
func (s *SM) scheduleRun(cs *ctaState, ts []exec.Ticket, at engine.Cycle) {
	s.eng.Schedule(at, engine.PhaseComplete, func(now engine.Cycle) {
		for _, t := range ts {
			s.complete(cs, t, now)
		}
	})
}

// complete completes ticket t of CTA cs at cycle now and wakes the warps
// that may wait for it.
func (s *SM) complete(cs *ctaState, t exec.Ticket, now engine.Cycle) {
	if err := cs.c.Complete(t); err != nil {
		s.host.Fail(err)
		return
	}
	cs.completions++
	s.Wake(now)
	if cs.multi {
		// a multicast or a remote complete_tx: the peers' sleepers too
		s.host.ClusterEvent(cs.c.Cluster(), now)
	}
	if cs.live == 0 && cs.c.PendingTickets() == 0 {
		cs.freed = max(cs.freed, now)
		s.finishCTA(cs, max(now, cs.end))
	}
}

// retryWhy is the state of a warp whose wait found groups in flight.
func retryWhy(info *exec.InstInfo) Stall {
	if info != nil && info.Async == exec.AsyncWgmmaWait {
		return StallTensor
	}
	return StallLongScoreboard
}

// retry puts warp ws to sleep after an Issue that reported Retry at cycle
// now: it looks again once a ticket of its CTA completed.
func (s *SM) retry(ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	ws.info = info
	ws.retrying = true
	ws.retrySeen = ws.cta.completions
	ws.account(retryWhy(info), info, now, s)
}

// retryWait reports whether warp ws still sleeps on a Retry.
func (ws *warpState) retryWait() bool {
	if !ws.retrying {
		return false
	}
	if ws.cta.completions == ws.retrySeen {
		return true
	}
	ws.retrying = false
	return false
}
