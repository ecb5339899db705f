package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// One warp's global memory instructions leave it no faster than its
// operands are read out to the LSU: a request's addresses (8 bytes a lane)
// and a store's data at lsu_warp_bytes_per_cycle. The warp's next global
// load or store waits for the last one's (StallLGThrottle). This is per
// warp, beside the sub-partition's port (lsu.go), which a warp's stores
// only back up into the LG queue: on the H200 one warp's coalesced
// st.global.u32 with nothing else in the loop (16 STG.E [R6.64+imm] back to
// back in SASS, gls2_st32_coal_w1) take 7.55 cycles a store and its v2
// stores 9.53 (gls2_st64_coal_w1), where two warps of one sub-partition
// pass 6.4 cycles a 32-bit store each (gls2_st32_coal_p04: the port) and a
// second warp on another sub-partition costs the first nothing
// (gls2_st32_coal_p01 7.56). Fitted with the port (group lsu_warp,
// validation/calibrate/groups12_gls.go): 84.5 bytes a cycle on the H200,
// the port 69; the warp's read-out adds to its store's issue, so one warp
// alone runs at neither rate.

// lsuWarpReady is the earliest issue of warp ws's next global memory
// instruction.
func (s *SM) lsuWarpReady(ws *warpState) engine.Cycle {
	// and no further ahead of its own lines than the LG queue (lsu.go)
	return max(engine.Cycle(math.Ceil(ws.lsuNext)), ws.linesFree-engine.Cycle(s.cfg.LGQueueCycles))
}

// lsuWarpNext is when warp ws's operand read-out of its last global
// memory instruction ends.
func (s *SM) lsuWarpNext(ws *warpState) engine.Cycle {
	return engine.Cycle(math.Ceil(ws.lsuNext))
}

// cpAsyncWarpReady is the earliest issue of warp ws's next cp.async
// (cp_async_lsu_lane_bytes; validation/timing/cpa34.md): after the
// read-out of its last global memory instruction. One warp's cp.async.cg
// of 16 B a lane leave it 4.6-4.9 cycles apart on the H200, from L2 or
// HBM alike (cpa33/cpa34's probe, one warp and no other work: 8 copies
// in 45 cycles, 32 in 156; two warps' 16 each in 80 from L2), where the
// model issued them 1.4 apart: the LDGSTS hands the LSU a global address
// (8 bytes) and a shared one (4 bytes) a lane, 384 bytes a warp, 4.84
// cycles at lsu_warp_bytes_per_cycle (79.27, fitted on the stores of
// gls2_*). 0: no wait, the model before.
func (s *SM) cpAsyncWarpReady(ws *warpState) engine.Cycle {
	if s.cfg.CpAsyncLSULaneBytes <= 0 {
		return 0
	}
	return s.lsuWarpNext(ws)
}

// lsuWarpTake books request e's operand read-out, issued at now.
func (s *SM) lsuWarpTake(ws *warpState, e *exec.Effect, now engine.Cycle) {
	t := 0.0
	if b := s.cfg.LSUWarpBytesPerCycle; b > 0 {
		n := 8 * e.GuardTrue
		if e.GlobalStore {
			n += e.GlobalBytes
		}
		if c := s.cfg.CpAsyncLSULaneBytes; c > 0 && e.Info != nil && e.Info.Async == exec.AsyncCopy {
			n = c * e.GuardTrue // cpAsyncWarpReady
		}
		t = float64(n) / b
	}
	if b := s.cfg.LSULoadBytesPerCycle; b > 0 && isL1Load(e) {
		t = max(t, float64(max(8*e.GuardTrue, e.GlobalBytes))/b)
	}
	if t > 0 {
		ws.lsuNext = max(ws.lsuNext, float64(now)) + t
		s.wideStoreHold(ws, e, t)
	}
}

// wideStoreHold holds warp ws after issuing e, a vector global store
// whose data tuple ptxas must refill by copies for the warp's next vector
// store (storerepack.go), for lsu_wide_store_hold_fraction of its operand
// read-out of t cycles, which ends at ws.lsuNext: the warp's next
// instruction of any kind waits, not only its next global memory
// instruction (lsuWarpReady). One warp's coalesced stores in gls.cu's
// loop ({v+k, v+k+1, ...}: the MOVs into aligned pairs and quads between
// the STGs, tools/microbench/gls_sass_stg.txt) take 15.66 cycles a
// st.global.v2 and 21.16 a .v4 on the H200 and the H100 alike
// (gls_st64_coal_w1, gls_st64_r8g8_w1, gls_st128_coal_w1), where the same
// stores of fixed tuples back to back take 9.53 and 15.55
// (gls2_st64_coal_w1, gls2_st128_coal_w1): the work between them does not
// hide under their read-out. The model overlapped it (10.41 and 15.48);
// held, +2.4% and -10.6% (the PTX has the address adds, not ptxas's
// copies, and the loop's last store, whose next store is the next
// iteration's, is not held).
// Independent adds between stores of a fixed pair do hide (the gls32
// probe, validation/timing/gls32.md): those stores are not held.
func (s *SM) wideStoreHold(ws *warpState, e *exec.Effect, t float64) {
	f := s.cfg.LSUWideStoreHoldFraction
	if f <= 0 || !e.GlobalStore || e.GlobalBytes <= 4*e.GuardTrue || e.Info == nil || s.code == nil || !s.code.low.storeRepack(e.Info) {
		return
	}
	ws.setReady(engine.Cycle(math.Ceil(ws.lsuNext-(1-f)*t-1e-9)), StallLGThrottle)
}

// isL1Load: e is a plain global load through L1 (LDG, not .cg/.cv, not
// an atomic or an async copy).
func isL1Load(e *exec.Effect) bool {
	inf := e.Info
	return !e.GlobalStore && inf != nil && inf.Op == ptx.OpLd && !inf.BypassL1 && inf.Async == exec.AsyncNone
}
