package sm

import (
	"os"

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

// txPoll is the cycle a sleeping warp ws may wake at after its cluster's
// mbarriers changed: now, unless every change since it slept was a
// complete_tx; then its next recheck.
var tmaq19 = os.Getenv("TMAQ19") != ""

func (s *SM) txPoll(ws *warpState, now engine.Cycle) engine.Cycle {
	p := engine.Cycle(s.cfg.MbarTxPollCycles)
	if p <= 0 {
		return now
	}
	cl := ws.cta.c.Cluster()
	if cl.AsyncChanges()-ws.sleepChanges != cl.TxChanges()-ws.sleepTx {
		if !tmaq19 || ws.w.WaitBarChanges() != ws.sleepBar {
			return now // a thread's arrive (or another change) wakes it
		}
		// only other mbarriers' arrives: they do not wake it (tmaq19)
		if cl.TxChanges() == ws.sleepTx {
			return max(ws.wakeAt, now)
		}
	}
	if ws.pollAt == 0 {
		// the first recheck at or after the first complete_tx seen
		k := max((now-ws.sleepAt+p-1)/p, 1)
		ws.pollAt = ws.sleepAt + k*p
	}
	return ws.pollAt
}
