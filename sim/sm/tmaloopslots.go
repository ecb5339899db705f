package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// The model holds a warp for a TMA tensor load's issue (tma_hold.go:
// TMALoadIssueCycles, plus TMALoadURSpillCycles, for ptxas's ELECT loop
// around a thread's UTMALDG; TMALoadElectedCycles for an elect.sync lane's
// load, tmaelect.go) without taking issue slots. On the GPU that code is
// SASS issued one instruction a slot: the ELECT loop a chain of ~10-15
// dependent instructions (PLOP3, ELECT, UMOVs, with many loads in a block
// MOV x3, R2UR x3 and a ULDC (tmaurspill.go), UTMALDG, PLOP3 x2,
// BRA.U.ANY), an elected load its UTMALDG and the moves around it. Alone
// on its sub-partition the hold is what the GPU shows; beside a warp that
// is ready every cycle or two the code loses slots to it and is late by
// what it lost (microbench tmah_ovl_n32_1k / _elect, H200 and H100: the 32
// loads of thread 0 take 3438 cycles, 107 a load, while warp 4 of the same
// sub-partition runs four FFMA chains, against tmah_blk_n32_1k's 1873
// alone; the elected ones 465 against tmah_blk_n32_1k_elect's 357). A slot
// another warp takes costs the held warp's code a cycle only where its own
// next instruction wanted that slot, which grows with how busy the
// neighbour is: a neighbour ready every cycle or two takes most of them, a
// sparse one (wgmma warps: wgov14) few. The rule: when the hold ends it is
// extended by pct/100 x n x n / T cycles, n the issue slots the
// sub-partition gave other warps during the hold and T the hold's length
// (n / T the neighbours' density; counted once, not over the extension;
// fractions carried with chargeDebt): pct TMALoadLoopSlotPct for an
// ELECT-loop load, TMALoadElectedSlotPct for an elected one (its operands'
// R2URs sit ahead of the loads, off the chain). 0: off. A rule linear in n
// (135% and 75%) fitted tmah as well but took the wgmma warps' sparse
// slots for a cost too: wgov14_c2's queue-off control (validation/calibrate
// TestWGOV14TwoCTAsShareThePipeOutOfPhase) fell from 1454 to 1363.

// tmaLoopStart notes that warp ws's TMA load issued now (tma_hold.go): its
// hold's end counts the sub-partition's slots from here, at pct percent.
func (s *SM) tmaLoopStart(ws *warpState, pct int, now engine.Cycle) {
	ws.tmaLoop = pct > 0
	if pct > 0 {
		ws.tmaLoopSlots, ws.tmaLoopPct, ws.tmaLoopAt = s.sps[ws.sp].slotsIssued, int32(pct), now
	}
}

// tmaLoopReady is the warp's ready cycle and state (ws.readyAt,
// ws.readyWhy) for prefix at cycle now: once a TMA load's hold has ended,
// extended by its share of the other warps' slots during it.
func (s *SM) tmaLoopReady(sp *subPart, ws *warpState, now engine.Cycle) (engine.Cycle, Stall) {
	if ws.tmaLoop && ws.readyAt <= now {
		others := sp.slotsIssued - ws.tmaLoopSlots
		ws.tmaLoop = false
		span := float64(max(ws.readyAt-ws.tmaLoopAt, 1))
		x := float64(others) * float64(others) / span * float64(ws.tmaLoopPct) / 100
		if d := chargeDebt(&ws.tmaLoopDebt, x); d > 0 { // debt.go
			ws.setReady(ws.readyAt+engine.Cycle(d), StallMIOThrottle)
		}
	}
	return ws.readyAt, ws.readyWhy
}
