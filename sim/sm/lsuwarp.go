package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// One warp's global memory instructions leave it no faster than its
// operands are read out to the LSU: a request's addresses (8 bytes a lane)
// and a store's data at lsu_warp_bytes_per_cycle. After a load the warp's
// next global load or store waits for the read-out (StallLGThrottle);
// after a store the whole warp waits (below). This is per warp, beside the
// sub-partition's port (lsu.go), which a warp's stores only back up into
// the LG queue: on the H200 one warp's coalesced st.global.u32 with nothing
// else in the loop (16 STG.E [R6.64+imm] back to back in SASS,
// gls2_st32_coal_w1) take 7.55 cycles a store and its v2 stores 9.53
// (gls2_st64_coal_w1), where two warps of one sub-partition pass 6.4
// cycles a 32-bit store each (gls2_st32_coal_p04: the port) and a second
// warp on another sub-partition costs the first nothing
// (gls2_st32_coal_p01 7.56). Fitted with the port (group lsu_warp,
// validation/calibrate/groups12_gls.go).
//
// A store holds its whole warp for the read-out (session 17): gls.cu's
// stores have 4, 5 and 7 other SASS instructions a store (64-bit address
// adds, rematerialized offsets, copies into aligned data registers:
// tools/microbench/gls_sass_stg.txt) and take 10.44, 15.66 and 21.16
// cycles a 4-, 8- and 16-byte store on the H200, where gls2.cu's bare
// STGs take 7.55, 9.53 and 15.55: the other instructions add to the
// stores' time, they do not overlap it. A replay of the SASS listings
// (tools/microbench/gls_sass_replay.py: one issue a cycle, results 4
// cycles after issue) gives, if only the next STG waits for the last
// one's read-out (7.5 / 9.5 / 15.5 cycles: the model before), 8.4 / 10.1 /
// 15.8 cycles a store for gls.cu (-20 / -35 / -25%; the model in PTX
// order had -34 / -25% on the 8- and 16-byte stores, the 4-byte ones
// right only by the address adds' latency); with each STG holding the warp 6.5 / 9.5 / 14 cycles, 10.6 /
// 15.2 / 21.5 and gls2_st32 7.1 (all within 5.6%; 4.8% at 5-cycle
// ALU results). The fitted read-out is shorter than those holds (72 bytes a
// cycle: 5.3 / 7.1 / 10.7, beside the port), and the PTX has no
// rematerialized offset (one IMAD a store in SASS), so one warp's 8- and
// 16-byte stores stay ~13% fast. In PTX order the hold would also wait
// for each store's address add; ptxas computes later stores'
// addresses ahead of earlier STGs, which the issue schedule now does too
// (schedrun.go runStore).

// lsuWarpReady is the earliest issue of warp ws's next global memory
// instruction.
func (s *SM) lsuWarpReady(ws *warpState) engine.Cycle {
	// and no further ahead of its own lines than the LG queue (lsu.go)
	return max(engine.Cycle(math.Ceil(ws.lsuNext)), ws.linesFree-engine.Cycle(s.cfg.LGQueueCycles))
}

// lsuWarpTake books request e's operand read-out, issued at now.
func (s *SM) lsuWarpTake(ws *warpState, e *exec.Effect, now engine.Cycle) {
	t := 0.0
	if b := s.cfg.LSUWarpBytesPerCycle; b > 0 {
		n := 8 * e.GuardTrue
		if e.GlobalStore {
			n += e.GlobalBytes
		}
		t = float64(n) / b
	}
	if b := s.cfg.LSULoadBytesPerCycle; b > 0 && isL1Load(e) {
		t = max(t, float64(max(8*e.GuardTrue, e.GlobalBytes))/b)
	}
	if t > 0 {
		ws.lsuNext = max(ws.lsuNext, float64(now)) + t
		if e.GlobalStore {
			// a store holds the whole warp, not only its next global
			// instruction (see above)
			ws.setReady(engine.Cycle(math.Ceil(ws.lsuNext)), StallLGThrottle)
		}
	}
}

// isL1Load: e is a plain global load through L1 (LDG, not .cg/.cv, not
// an atomic or an async copy).
func isL1Load(e *exec.Effect) bool {
	inf := e.Info
	return !e.GlobalStore && inf != nil && inf.Op == ptx.OpLd && !inf.BypassL1 && inf.Async == exec.AsyncNone
}
