package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The L1 request path of a global/local load or store (microbench gld_*,
// gst_*, gls_*; H200). Two stages:
//
//   - the sub-partition's port into the L1 passes a warp's request's
//     128-byte lines one per l1_port_cycles_per_line (2), the warp's
//     requests one after another: one warp's loads of 8, 16, 32 lines take
//     24.8, 41.0, 73.5 cycles each (gls_ld32_l8..l32_w1), a dependent
//     load's latency grows 2.2 cycles per line (gls_lddep_*) and one warp's
//     st.global.v2 of 8 rows takes 15.6 cycles (gls2_st64_epi_w1). The pace
//     is the warp's, not the port's: two warps of one sub-partition loading
//     32 lines each take 71 and 81 cycles a load in the L1-warm rep
//     (gls2_ld32_l32_p04's clk of warps 0 and 4; 70.3 alone, _w1), where a
//     shared pace would take 140. The port carries the lanes' addresses (8 bytes each) and a store's
//     data at l1_port_bytes_per_cycle (64): one warp's coalesced stores of
//     4, 8, 16 bytes a lane with nothing else in the loop take 7.6, 9.5,
//     15.6 cycles each (gls2_st*_coal_w1; 6, 8, 12 on the port, the last
//     L1-bound), two warps of one sub-partition 12.9 cycles a st.global.u32
//     each (gls2_st32_coal_p04) against 7.6 on two (_p01).
//   - the SM's L1 (shared by the four sub-partitions): a load takes
//     l1_request_cycles plus l1_cycles_per_line per line (4 warps of 32-line
//     loads: 33.6 cycles a load, gld_line_w4; 16 warps of coalesced
//     one-line loads 1.44, gls2_ld32_coal_w16; both counted from the
//     barrier that starts the L1-warm rep, calibrate's rep1FromRelease;
//     one SM's 4-line ld.cg 4.6 cycles a request, l2bw_ld_c1: 0.21 and 1
//     on the H200, 0.31 and 1 on the H100 in the full refit); a store takes
//     l1_store_cycles_per_sector per 32-byte sector plus
//     l1_store_partial_cycles per line with a partly written sector: 4
//     warps storing coalesced lines take 3.9 cycles a line (gls_st32_coal_w4),
//     8 rows of 32 bytes (the wgmma accumulator epilogue's st.global.v2)
//     8.6 (gls_st64_epi_w4), a line per lane of 4 or 16 bytes 2 cycles a
//     line (gls_st32_r32g1_w4, _r8g4_w4), 8 lines of 4 partial sectors 5
//     (gst_sector_w4). ncu counts one data-stage wavefront per line for
//     both (l1tex__data_pipe_lsu_wavefronts).
//
// Never faster than the data path (l1_sectors_per_cycle). A load's
// latency grows with its lines beyond the first; a store's result (its
// scoreboard release) does not wait for the L1 at all, only its drain.

// l1Request queues a request of e issued at now by warp ws on
// sub-partition sp: it returns when the L1 starts it and what the request
// adds to its latency.
func (s *SM) l1Request(sp *subPart, ws *warpState, e *exec.Effect, now engine.Cycle) (st, lat engine.Cycle) {
	s.l1Now = now
	d, lat := s.l1Cycles(ws, e)
	at := now
	if c := s.cfg.L1PortCyclesPerLine; c > 0 {
		// the warp's lines, one after another and after its last request's
		w := engine.Cycle(e.NumLines * c)
		if e.GlobalStore {
			w = s.storePortCycles(e.NumLines, w)
		}
		lat = max(lat, w-engine.Cycle(c))
		queued := e.Info != nil && s.queuedStore(e.Info)
		if !queued {
			at = max(at, ws.linesFree)
			ws.linesFree = at + w
		}
		if b := s.cfg.L1PortBytesPerCycle; b > 0 {
			// the port carries the lanes' 8-byte addresses and a store's data
			// of its warps' requests one after another
			n := 8 * e.GuardTrue
			if e.GlobalStore {
				n += e.GlobalBytes
			}
			at = max(at, sp.lsuFree)
			sp.lsuFree = at + engine.Cycle((n+b-1)/b)
		}
		if queued {
			// a queued store passes the port at issue and waits in the
			// store queue for its lines' turn (storequeue.go)
			at = max(at, ws.linesFree)
			ws.linesFree = at + w
		}
	}
	// the L1's time in fractions of a cycle (the address stage, l1Cycles);
	// a request starts at a whole cycle, no sooner than the L1 is free
	// a load (or any request the store queue does not hold) passes the
	// queued stores that have not started: it starts once the L1's other
	// such requests are done (l1LoadAt), and the queued stores' sector
	// writes wait its time (copy26.md)
	var at1 float64
	if e.Info != nil && s.queuedStore(e.Info) {
		at1 = max(float64(at), s.l1At)
		s.l1At = at1 + d
	} else {
		at1 = max(float64(at), s.l1LoadAt)
		s.l1LoadAt = at1 + d
		s.l1At = max(s.l1At, at1) + d
		sp.l1Done = engine.Cycle(math.Ceil(s.l1LoadAt - 1e-9))
	}
	st = engine.Cycle(math.Ceil(at1 - 1e-9))
	s.l1Free = engine.Cycle(math.Ceil(s.l1At - 1e-9))
	s.l1Busy += d
	s.Stats.L1Busy = int64(math.Round(s.l1Busy))
	return st, lat
}

// lgThrottle is the cycle until which a global/local memory instruction
// of sub-partition sp waits (LG throttle): while its own requests reach
// more than lg_queue_cycles into the future of the L1. Per sub-partition,
// so the four take turns at a busy L1 (4 and 8 warps storing finish
// together on the GPU, gls_st64_epi_w8's clk), where an SM-wide backlog
// would let whichever sub-partition looks first take every free slot.
func (s *SM) lgThrottle(sp *subPart) engine.Cycle {
	return max(sp.l1Done, sp.lsuFree) - engine.Cycle(s.cfg.LGQueueCycles)
}

// l1Cycles is how long the SM's L1 is busy with a request (d) and what
// that adds to the request's latency.
func (s *SM) l1Cycles(ws *warpState, e *exec.Effect) (d float64, lat engine.Cycle) {
	c := s.cfg
	floor := (e.NumSectors + c.L1SectorsPerCycle - 1) / c.L1SectorsPerCycle
	if e.GlobalStore {
		p, pay := s.storePartialLines(ws, e)
		p -= s.storeMerges(ws, e, pay, s.l1Now) // storemerge.go
		n := max(floor, e.NumSectors*c.L1StoreCyclesPerSector+p*c.L1StorePartialCycles)
		if k := c.L1StoreLinePairCycles; k > 0 && e.NumLines > 1 {
			// a line a cycle, and a line that finds its L2 slice taken by
			// an earlier line of the same request waits a cycle: the
			// expected number of such pairs, k a pair (storeLineTime)
			if v := storeLineTime(e.NumLines, k); v > float64(n) {
				return v, engine.Cycle(math.Ceil(v-1e-9)) - 1
			}
		}
		return float64(n), engine.Cycle(n - 1)
	}
	lines := e.NumLines * c.L1CyclesPerLine
	return max(float64(floor), c.L1RequestCycles+float64(lines)), engine.Cycle(max(0, max(floor, lines)-1))
}

// storeLineTime is the L1's time for a store request of n lines at one
// line a cycle, where each of its n(n-1)/2 pairs of lines adds k cycles:
// the chance that the two go to the same L2 slice (one of about 1/k that
// the address hash spreads lines over; gls30.md), where the second waits
// a cycle for the first. Only stores: they all go on to the L2 (loads
// that hit in the L1 do not). On the H200 and the H100, 4 to 16 warps'
// stores of one sector a line take 8.1-8.7 cycles for 8 lines (64-bit
// lanes, 4 a row: gls_st64_epi_w4..w16, gls8_st64_epi_r128/r1024/r2048)
// and 17.4-18.6 for 16 lines (128-bit lanes, 2 a row:
// gls_st128_r16g2_w4, gls2_, gls8_st128_r16g2_r1024_w4), 1.06 and 1.14
// cycles a line, where a cycle a sector (l1_store_cycles_per_sector)
// gives 8 and 16; a coalesced 4-line store (16 sectors) stays at 15.9.
// Rows at strides such as 640 or 4224 bytes take 11.7-11.9 and 28.2
// (gls8_*_r640/r4224): those addresses find the same slices more often
// than the expected share; the hash is not modelled.
func storeLineTime(n int, k float64) float64 {
	nl := float64(n)
	return nl + k*nl*(nl-1)/2
}

// storePortCycles is the port time of a global store of n lines, w the
// load's (n x l1_port_cycles_per_line): no more than
// l1_store_port_request_cycles + n x l1_store_port_line_cycles, rounded.
// One warp's stores of one whole sector a line take 15.6-16.1 cycles a
// store for 8 lines (gls_st64_epi_w1, gls2_, gls8_st64_epi_r1024_w1 /
// r4224_w1) but 27.7 for 16 (gls_st128_r16g2_w1, gls2_), 1.73 cycles a
// line where the port's 2 a line gives 32, on the H200 and the H100
// alike; a load's lines keep 2 a line at 8, 16 and 32 lines
// (gls_ld32_l8..l32_w1: 2.03 a line). 0 and 0: w.
func (s *SM) storePortCycles(n int, w engine.Cycle) engine.Cycle {
	a, b := s.cfg.L1StorePortRequestCycles, s.cfg.L1StorePortLineCycles
	if a <= 0 && b <= 0 {
		return w
	}
	return min(w, engine.Cycle(math.Round(a+b*float64(n))))
}

// bypassLoadStart is when a warp's load that bypasses L1 (ld.cg: SASS
// LDG.E.STRONG.GPU), ready at the L1 at st, leaves for L2: no sooner than
// ld_bypass_interval_cycles after the warp's previous one. One warp's 16
// independent coalesced ld.cg of one line each take 48.4 cycles a load on
// the H200 (gls_ldcg_coal_w1: the L2 latency plus ~31 cycles a load), the
// same loads through L1 15.4 (gls_ld32_coal_w1; ptxas keeps about six in
// flight: schedload.go, blockPressure), 32-line ld.cg 79.8
// (gls_ldcg_l32_w1, bandwidth-bound), and 16 warps' 4.6 cycles a load on
// the SM (gls_ldcg_coal_w16): a spacing per warp, not per SM.
func (s *SM) bypassLoadStart(ws *warpState, st engine.Cycle) engine.Cycle {
	c := engine.Cycle(s.cfg.LdBypassIntervalCycles)
	if c <= 0 {
		return st
	}
	st = max(st, ws.bypassNext)
	ws.bypassNext = st + c
	return st
}

// loadLineHold holds warp ws after issuing e, a plain load through L1 of
// two or more lines, until l1_load_hold_cycles before its lines have all
// passed the sub-partition's port (ws.linesFree, set by l1Request): the
// warp's next instruction of any kind waits (as if the LSU replayed the
// instruction once per line), so the ALU work between one warp's
// multi-line loads does not hide under their port time. Both GPUs, one
// warp, cycles a load: gls.cu's loop (about 100 SASS instructions an
// iteration, the loads interleaved with address arithmetic ptxas
// recomputes) and gls2.cu's (the same 16 loads nearly back to back) differ
// by 4.5 for one-line loads on the GPU and in the model (15.41/10.88 on
// the H200), but with 8 and 32 lines a load the GPU's gls loop is still
// 2.8 and 3.2 slower (24.78/21.94, 73.47/70.31) where the model overlapped
// the ALU work with the port and had the two equal (20.84/20.97,
// 68.84/68.97). Fitted (group l1_load_hold, validation/calibrate/
// groups22_gload.go): 4 cycles on the H200, 5 on the H100. 0: no hold.
func (s *SM) loadLineHold(ws *warpState, e *exec.Effect) {
	k := s.cfg.L1LoadHoldCycles
	c := s.cfg.L1PortCyclesPerLine
	if k <= 0 || c <= 0 || e.NumLines < 2 || !isL1Load(e) {
		return
	}
	ws.setReady(ws.linesFree-engine.Cycle(k), StallLGThrottle)
}
