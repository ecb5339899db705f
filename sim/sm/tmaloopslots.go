package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// ptxas's ELECT loop around a thread's UTMALDG (tma_hold.go: PLOP3, ELECT,
// UMOVs, with many loads in a block MOV x3, R2UR x3 and a ULDC as well
// (tmaurspill.go), UTMALDG, PLOP3 x2, BRA.U.ANY) is a chain of ~10-15
// dependent SASS instructions, each issued in a slot of its sub-partition.
// The model holds the warp for the loop's cycles (TMALoadIssueCycles, plus
// TMALoadURSpillCycles) without taking those slots; alone on its
// sub-partition that is what the GPU shows (tmah_blk_n32_1k: 58.5 cycles a
// load). Beside a warp that is ready every cycle or two the loop's
// instructions lose slots to it and the loop is late by what it lost
// (microbench tmah_ovl_n32_1k, H200 and H100: the same 32 loads of thread
// 0 take 3438 cycles, 107 a load, while warp 4 of the same sub-partition
// runs four FFMA chains; tmah_blk_n32_1k 1873 alone). The rule: when the
// hold ends, it is extended by TMALoadLoopSlotPct percent of the issue
// slots the sub-partition gave other warps during it (counted once, not
// over the extension). Elected loads (no ELECT loop: tmaelect.go) are not
// extended. 0: off.

// tmaLoopStart notes that warp ws's ELECT-loop TMA load issued at now
// (tma_hold.go): its hold's end counts the sub-partition's slots from here.
func (s *SM) tmaLoopStart(ws *warpState, now engine.Cycle) {
	if s.cfg.Hold.TMALoadLoopSlotPct <= 0 {
		return
	}
	ws.tmaLoopSlots = 1 + s.sps[ws.sp].slotsIssued
}

// tmaLoopReady is the warp's ready cycle and state (ws.readyAt,
// ws.readyWhy) for prefix at cycle now: once an ELECT-loop load's hold
// has ended, extended by its share of the other warps' slots during it.
func (s *SM) tmaLoopReady(sp *subPart, ws *warpState, now engine.Cycle) (engine.Cycle, Stall) {
	if ws.tmaLoopSlots != 0 && ws.readyAt <= now {
		others := sp.slotsIssued - (ws.tmaLoopSlots - 1)
		ws.tmaLoopSlots = 0
		if d := others * int64(s.cfg.Hold.TMALoadLoopSlotPct) / 100; d > 0 {
			ws.setReady(ws.readyAt+engine.Cycle(d), StallMIOThrottle)
		}
	}
	return ws.readyAt, ws.readyWhy
}
