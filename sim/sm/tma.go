package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The TMA engine of an SM (and the bulk-copy engine it shares) takes one
// instruction at a time for
//
//	max(pieces x TMARowCycles, bytes / TMABytesPerCycle)
//
// cycles: the box split row by row into 128-byte pieces (the
// Effect's global lines; out-of-bounds parts count toward the transaction
// bytes without traffic) at one per TMARowCycles (256-row boxes: one per
// 258 cycles), and the bytes at TMABytesPerCycle (32 KiB boxes: 107 bytes
// per cycle, with several boxes in flight). The first request leaves when
// the instruction starts; its data comes back from L2/HBM (the machine's
// memory model), and the mbarrier may be seen complete when, besides, the
// box's pieces (one per TMARowCycles) and bytes (TMAFillBytesPerCycle: one
// box alone fills shared memory at 72 bytes per cycle) beyond the first
// TMARequestOverlapCycles have arrived and TMALatencyCycles have passed
// (the smem write and complete_tx). Multicast reads L2 once and
// completes on every destination's mbarrier at the same cycle. There is no
// floor per load or per mbarrier: the 4-stage tma_load_*_tput loops' 185
// cycles a load for every box of 1..16 KiB is their try_wait's recheck
// period plus the loop (mbarpoll.go), and one thread's 8 loads on 8
// mbarriers all land within 729 cycles (tmai_sep_n8_1k_none; a completion
// slot of 185 a new mbarrier, removed in session 15, needed 7 x 185). Stores and
// reductions have their own timing (tma_store.go).
func (s *SM) tmaIssue(ws *warpState, e *exec.Effect, now engine.Cycle) engine.Cycle {
	a := &s.cfg.Async
	if e.Info.Async == exec.AsyncBulkStore {
		return s.tmaStore(ws, e, now)
	}
	bytes := e.LandBytes
	if n := min(e.NumLands, len(e.Lands)); n > 1 {
		// multicast: one read of L2, the same bytes into every destination
		bytes /= n
	}
	if e.Info.Async != exec.AsyncBulkLoad {
		bytes = max(e.TMAWavefronts*128, 0)
	}
	req := engine.Cycle(e.NumLines * a.TMARowCycles)
	if a.TMABytesPerCycle > 0 {
		req = max(req, engine.Cycle((bytes+a.TMABytesPerCycle-1)/a.TMABytesPerCycle))
	}
	occ := req
	issue := a.TMAIssueCycles
	if e.Info.Async == exec.AsyncBulkLoad && e.TMAMap == 0 {
		issue = a.BulkIssueCycles // a plain bulk copy: no tensor map
	}
	firstUse := !s.tmaDesc.used
	start := max(now+engine.Cycle(issue), s.tmaFree, s.tmaDescReady(e, now, false))
	if firstUse && s.tmaDesc.firstLoad {
		// the SM's first tensor-map instruction, no prefetch before it:
		// the load starts as late as its warp is held (tma_first.go)
		start = max(start, now+engine.Cycle(s.firstLoadHold(now)))
	}
	s.tmaFree = start + occ
	s.Stats.TMABusy += int64(occ)
	back := start
	if loop := s.bulkLaneLoop(e.Info, e); loop > 0 && e.NumSectors > 0 && e.Info.Async == exec.AsyncBulkLoad {
		// ptxas's lane loop hands the engine one lane's copy every
		// BulkLaneCycles (bulklane.go): a line leaves with the first lane
		// that copies from it, not when the loop ends
		back = s.bulkLaneLines(e, now-loop, start-now)
	} else if e.NumSectors > 0 {
		// the memory model's queues are GPU-wide and advance with the
		// cycles they are asked at: ask at issue, then shift by the wait
		// for the engine (asking at a later cycle
		// would hold every other SM's requests until then)
		done, _ := s.host.Memory(now, s.ID, e, false)
		back = start + (done - now) + s.bulkLone(e) // bulkhold.go
	}
	// one box alone fills shared memory at TMAFillBytesPerCycle
	fill := engine.Cycle(e.NumLines * a.TMARowCycles)
	rows := fill
	if a.TMAFillBytesPerCycle > 0 {
		fill = max(fill, engine.Cycle((bytes+a.TMAFillBytesPerCycle-1)/a.TMAFillBytesPerCycle))
	}
	// a box filled at its rows' pace lands with a spread (mbarpoll.go
	// recheckAt)
	ws.rowBox = e.TMAMap != 0 && rows >= fill
	tail := max(fill-engine.Cycle(a.TMARequestOverlapCycles), 0)
	done := back + tail + engine.Cycle(a.TMALatencyCycles)
	if r := a.TMALandBytesPerCycle; r > 0 && e.TMAMap != 0 && e.Info.Async == exec.AsyncBulkLoad {
		lb := landBytes(e, bytes) // a multicast box: every destination's (tmamcland.go)
		done = max(done, s.tmaLand+engine.Cycle((lb+r-1)/r))
		s.tmaLand = done
	}
	s.noteTMADrain(start, bytes) // tma_fence.go
	return done
}
