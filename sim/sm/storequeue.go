package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The SM's store queue (session 21, validation/timing/gst21.md): the L1
// holds store_queue_requests global store requests it has not started
// yet, whatever their size. A warp's store passes its sub-partition's port
// at issue and waits in the queue for the L1 (lsu.go), and the warp is
// held (LG throttle) only while the queue is full. Measured on the H200's
// gst/gls recordings, rep 0 (an empty queue) against rep 1 (behind rep
// 0's backlog): gst_line_w1 796 / 1982 cycles (32-line requests of 64 L1
// cycles: 18.5 requests ahead), gls_st32_r32g1_w1 1280 cycles (20),
// gst_sector_w4 ~750 (19), gls_st32_r8g4_w1 / w4 250-273 (16-17); four
// warps get what one gets (gst_line_w4), so the queue is the SM's. Its
// slots go to the sub-partitions in turn: while k sub-partitions have
// stores queued, one holds at most its share (the GPU's four warps of
// gls_st64_epi_w4 finish within 1% of each other; an SM-wide first-come
// queue let some warps take every freed slot).
//
// One warp holds at most store_queue_requests of them; several warps
// together hold up to store_queue_sm_requests (session 29,
// validation/timing/sgp29.md): every reading above is of one warp's
// stores (or of four warps whose 32-line requests keep the L1 bound
// either way), while eight warps storing sgp's epilogue (8 rows x 32 B a
// store, 2048 sectors) issue their last store ~1800 cycles after the
// first on the H200, ~250 cycles sooner than a 24-request queue at the
// L1's sector a cycle allows, and their last store is acknowledged
// 600-800 cycles after that issue, against ~317 for one store: the SM
// takes the stores of several warps ~200-250 L1 cycles further ahead.
// 0: the SM-wide depth is store_queue_requests (one cap for both).

// queuedSt is a store in the queue: when it leaves (its L1 start, or the
// L2 write queue's intake when later) and its sub-partition.
type queuedSt struct {
	leave engine.Cycle
	sp    int
	slot  int
}

// queuedStore: info is a plain global store the store queue holds.
func (s *SM) queuedStore(info *exec.InstInfo) bool {
	return s.cfg.StoreQueueRequests > 0 && info.Op == ptx.OpSt && !info.BypassL1
}

// storeQueueReady is the earliest issue of a store of warp ws on
// sub-partition sp: a slot of the queue within the sub-partition's share,
// the port no more than lg_queue_cycles ahead, and the warp's operands
// read out (lsuwarp.go).
func (s *SM) storeQueueReady(sp *subPart, ws *warpState, now engine.Cycle) engine.Cycle {
	t := max(sp.lsuFree-engine.Cycle(s.cfg.LGQueueCycles), s.lsuWarpNext(ws))
	q := s.stQueue
	for len(q) > 0 && q[0].leave <= now {
		q = q[1:]
	}
	s.stQueue = q
	nw := s.cfg.StoreQueueRequests
	n := max(nw, s.cfg.StoreQueueSMRequests)
	var per [8]int
	own := 0
	for _, e := range q {
		per[e.sp&7]++
		if e.slot == ws.slot {
			own++
		}
	}
	if own >= nw {
		// the warp's own cap: its oldest store this many back must leave
		c := 0
		for _, e := range q {
			if e.slot == ws.slot {
				c++
				if own-c < nw {
					t = max(t, e.leave)
					break
				}
			}
		}
	}
	me := ws.sp & 7
	k := 1
	for i := range per {
		if i != me && per[i] > 0 {
			k++
		}
	}
	share := (n + k - 1) / k
	if len(q) >= n {
		// full: the oldest leaves first
		t = max(t, q[len(q)-n].leave)
	}
	if per[me] >= share {
		// over its share: its own oldest store must leave
		c := 0
		for _, e := range q {
			if e.sp == ws.sp {
				c++
				if per[me]-c < share {
					t = max(t, e.leave)
					break
				}
			}
		}
	}
	return t
}

// storeQueued books a queued store of warp ws leaving the queue
// at leave.
func (s *SM) storeQueued(ws *warpState, info *exec.InstInfo, leave engine.Cycle) {
	if !s.queuedStore(info) {
		return
	}
	s.stQueue = append(s.stQueue, queuedSt{leave: leave, sp: ws.sp, slot: ws.slot})
}
