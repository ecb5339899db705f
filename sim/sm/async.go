package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// AsyncConfig times the asynchronous units: the TMA engine, the tensor
// pipe of wgmma and the completion of copies.
type AsyncConfig struct {
	// TMAIssueCycles: from a TMA/bulk instruction to its first request.
	TMAIssueCycles int `json:"tma_issue_cycles" yaml:"tma_issue_cycles"`
	// TMABytesPerCycle: one SM's TMA engine throughput.
	TMABytesPerCycle int `json:"tma_bytes_per_cycle" yaml:"tma_bytes_per_cycle"`
	// TMALatencyCycles: from the data's arrival from L2/HBM and the
	// transfer to the mbarrier's complete_tx being visible.
	TMALatencyCycles int `json:"tma_latency_cycles" yaml:"tma_latency_cycles"`
	// TMAMinCycles: the TMA engine's time per instruction at least;
	// TMARowCycles: per 128-byte piece of a row; TMARequestOverlapCycles:
	// the part of the request stream that overlaps the first data's
	// return (tma.go).
	TMAMinCycles            int `json:"tma_min_cycles" yaml:"tma_min_cycles"`
	TMARowCycles            int `json:"tma_row_cycles" yaml:"tma_row_cycles"`
	TMARequestOverlapCycles int `json:"tma_request_overlap_cycles" yaml:"tma_request_overlap_cycles"`
	// TMAFillBytesPerCycle: one box's fill rate of shared memory.
	TMAFillBytesPerCycle int `json:"tma_fill_bytes_per_cycle" yaml:"tma_fill_bytes_per_cycle"`
	// WgmmaSSTailCycles and WgmmaRSTailCycles: from the end of a wgmma's
	// tensor work to its results being visible to wait_group.
	WgmmaSSTailCycles int `json:"wgmma_ss_tail_cycles" yaml:"wgmma_ss_tail_cycles"`
	WgmmaRSTailCycles int `json:"wgmma_rs_tail_cycles" yaml:"wgmma_rs_tail_cycles"`
	// WgmmaFMAPerCycle is the SM's dense f16 FMA rate (2048 on SM90; the
	// other types scale with K so that full-K shapes take N/2 cycles).
	WgmmaFMAPerCycle int `json:"wgmma_fma_per_cycle" yaml:"wgmma_fma_per_cycle"`
	// WgmmaMinCycles is the shortest time a wgmma occupies the tensor pipe.
	WgmmaMinCycles int `json:"wgmma_min_cycles" yaml:"wgmma_min_cycles"`
	// WgmmaSmemBytesPerCycle is the operand read bandwidth from shared
	// memory (SS: A once, 2048 B at full K, and B once, broadcast).
	WgmmaSmemBytesPerCycle int `json:"wgmma_smem_bytes_per_cycle" yaml:"wgmma_smem_bytes_per_cycle"`
}

// wgGroup is a wgmma commit group of one warpgroup.
type wgGroup struct {
	done    engine.Cycle // when its last MMA's results are written
	commits int          // warps that committed it
}

// wgState is one warpgroup's wgmma state.
type wgState struct {
	arrived int      // warps that issued the current wgmma
	cur     *wgGroup // the group MMAs go to now
	warps   int      // live warps of the warpgroup
}

// warpgroup returns the wgmma state of ws's warpgroup.
func (cs *ctaState) warpgroup(ws *warpState) *wgState {
	i := ws.w.ID() / 4
	for len(cs.wgs) <= i {
		cs.wgs = append(cs.wgs, nil)
	}
	if cs.wgs[i] == nil {
		n := 0
		for _, x := range cs.warps {
			if x.w.ID()/4 == i {
				n++
			}
		}
		cs.wgs[i] = &wgState{cur: &wgGroup{}, warps: n}
	}
	return cs.wgs[i]
}

// wgmmaCycles is how long one wgmma occupies the SM's tensor pipe (the
// issue interval of back-to-back wgmmas: the tensor work, the operand
// reads from shared memory, a floor) and its tensor work alone.
func (s *SM) wgmmaCycles(info *exec.InstInfo) (occupy, work engine.Cycle) {
	a := &s.cfg.Async
	n, k, bits := int(info.MMAN), int(info.MMAK), int(info.MMABits)
	if n <= 0 || k <= 0 || bits <= 0 {
		return engine.Cycle(a.WgmmaMinCycles), 0
	}
	// FMAs scaled to f16 work: 64*N*K products of bits-wide inputs.
	fmas := 64 * n * k * bits / 16
	if info.MMASparse {
		fmas /= 2
	}
	c := (fmas + a.WgmmaFMAPerCycle - 1) / a.WgmmaFMAPerCycle
	bytes := n * k * bits / 8 // B, read once and broadcast
	if !info.MMARS {
		bytes += 64 * k * bits / 8
	}
	occ := max(c+1, (bytes+a.WgmmaSmemBytesPerCycle-1)/a.WgmmaSmemBytesPerCycle, a.WgmmaMinCycles)
	return engine.Cycle(occ), engine.Cycle(c)
}

// groupsReady is when the groups older than the newest n are done (-1:
// all, pending included); ok is false while one of them is still open
// (a warp of the warpgroup has not issued its part).
func groupsReady(groups []engine.Cycle, pending engine.Cycle, n int32) engine.Cycle {
	var t engine.Cycle
	keep := int(n)
	if n < 0 {
		keep = 0
		t = pending
	}
	for i := 0; i < len(groups)-keep; i++ {
		t = max(t, groups[i])
	}
	return t
}

// dropGroups removes the groups a wait_group n retired.
func dropGroups(groups []engine.Cycle, n int32) []engine.Cycle {
	keep := int(n)
	if n < 0 {
		keep = 0
	}
	if len(groups) <= keep {
		return groups
	}
	return append(groups[:0], groups[len(groups)-keep:]...)
}

// wgWait is when warp ws's wgmma.wait_group n can complete (Never while a
// group it waits for has an MMA not launched yet).
func (ws *warpState) wgWait(n int32) engine.Cycle {
	keep := max(int(n), 0)
	var t engine.Cycle
	for i := 0; i < len(ws.wgGroups)-keep; i++ {
		g := ws.wgGroups[i]
		if g.commits < ws.cta.wgWarps(ws) {
			return engine.Never
		}
		t = max(t, g.done)
	}
	return t
}

// wgWarps is the number of warps of ws's warpgroup.
func (cs *ctaState) wgWarps(ws *warpState) int { return cs.warpgroup(ws).warps }

// asyncIssue applies the timing of an instruction's asynchronous work
// after it issued at cycle now with result readiness ready; it returns the
// (possibly later) readiness of its destination registers.
func (s *SM) asyncIssue(ws *warpState, e *exec.Effect, now, ready engine.Cycle) engine.Cycle {
	info := e.Info
	a := &s.cfg.Async
	switch info.Async {
	case exec.AsyncCopy:
		ws.cpPending = max(ws.cpPending, ready)
	case exec.AsyncCommit:
		ws.cpGroups = append(ws.cpGroups, ws.cpPending)
		ws.cpPending = 0
	case exec.AsyncWait:
		ws.setReady(groupsReady(ws.cpGroups, ws.cpPending, info.WaitN), StallLongScoreboard)
		ws.cpGroups = dropGroups(ws.cpGroups, info.WaitN)
		if info.WaitN < 0 {
			ws.cpPending = 0
		}
	case exec.AsyncCopyArrive:
		t := groupsReady(ws.cpGroups, ws.cpPending, -1)
		for i := 0; i < min(e.NumMbars, len(e.Mbars)); i++ {
			s.host.MbarLand(e.Mbars[i], t)
		}
	case exec.AsyncBulkLoad, exec.AsyncBulkStore, exec.AsyncPrefetch:
		if e.NumLands == 0 && e.NumLines == 0 && e.TMAWavefronts == 0 {
			break // guard false in every lane: nothing reaches the engine
		}
		done := s.tmaIssue(ws, e, now)
		switch info.Async {
		case exec.AsyncBulkLoad:
			for i := 0; i < min(e.NumLands, len(e.Lands)); i++ {
				s.host.MbarLand(e.Lands[i].M, done)
			}
		case exec.AsyncBulkStore:
			ws.bulkPending = max(ws.bulkPending, done)
		}
	case exec.AsyncBulkCommit:
		ws.bulkGroups = append(ws.bulkGroups, ws.bulkPending)
		ws.bulkPending = 0
	case exec.AsyncBulkWait:
		ws.setReady(groupsReady(ws.bulkGroups, ws.bulkPending, info.WaitN), StallLongScoreboard)
		ws.bulkGroups = dropGroups(ws.bulkGroups, info.WaitN)
	case exec.AsyncMbarWait:
		if e.Outcome == exec.Issued {
			var t engine.Cycle
			for i := 0; i < min(e.NumMbars, len(e.Mbars)); i++ {
				t = max(t, s.host.MbarReady(e.Mbars[i]))
			}
			if t > now {
				ready = max(ready, t+engine.Cycle(s.cfg.MbarWakeCycles))
			}
		}
	case exec.AsyncWgmma:
		wg := ws.cta.warpgroup(ws)
		wg.arrived++
		if wg.arrived >= wg.warps {
			wg.arrived = 0
			start := max(now, s.tensorFree)
			d, work := s.wgmmaCycles(info)
			s.tensorFree = start + d
			s.Stats.TensorBusy += int64(d)
			tail := a.WgmmaSSTailCycles
			if info.MMARS {
				tail = a.WgmmaRSTailCycles
			}
			done := start + work + engine.Cycle(tail)
			wg.cur.done = max(wg.cur.done, done)
			if info.SerialWgmma {
				// ptxas waits after every HGMMA of the function (C7515):
				// the warpgroup's warps go on when this MMA is done
				for _, x := range ws.cta.warps {
					if x.w.ID()/4 == ws.w.ID()/4 {
						x.setReady(done, StallTensor)
					}
				}
			}
		}
		return 0 // accumulators: ordered by wait_group, not by the scoreboard
	case exec.AsyncWgmmaCommit:
		wg := ws.cta.warpgroup(ws)
		ws.wgGroups = append(ws.wgGroups, wg.cur)
		wg.cur.commits++
		if wg.cur.commits >= wg.warps {
			wg.cur = &wgGroup{}
		}
	case exec.AsyncWgmmaWait:
		keep := max(int(info.WaitN), 0)
		if len(ws.wgGroups) > keep {
			ws.wgGroups = append(ws.wgGroups[:0], ws.wgGroups[len(ws.wgGroups)-keep:]...)
		}
	}
	return ready
}
