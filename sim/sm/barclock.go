package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// A CTA barrier is BAR.SYNC.DEFER_BLOCKING in SASS: the warp arrives and
// blocks only at its next instruction, which still reads its operands at
// arrival. A %clock64 read right after bar.sync (CS2R SR_CLOCKLO, the
// microbenchmarks' `__syncthreads(); t0 = clock64()`) therefore reads the
// cycle the warp arrived, not the release: in every multi-warp load
// recording of families gls, gls2 and gld (H200 and H100) the warps'
// region times of rep 0 and rep 1 add up to the same total within 1% while
// each varies by up to 2x (gls2_ld32_coal_w4: 1016+697, 1158+549, 1354+353,
// 1348+355 cycles), i.e. every warp ends rep 1 together, and the early
// warp's rep 1 counts its wait at the barrier. barClock is that rule: the
// warp's arrival is kept until its next instruction issues, and a clock
// read in that instruction reads the cycle after the arrival.

// barArrived records that warp ws arrived at a CTA barrier at cycle at.
func (ws *warpState) barArrived(at engine.Cycle) {
	ws.barAt, ws.barPending = at, true
}

// clockFor sets the cycle a %clock read of ws's next instruction reads
// (the SM's clock hook, Launch), and forgets the arrival.
func (s *SM) clockFor(ws *warpState) {
	s.clockAt = 0
	if ws.barPending {
		s.clockAt, ws.barPending = ws.barAt+1, false
	}
}

// clockNow is what a %clock read returns now.
func (s *SM) clockNow() int64 {
	if s.clockAt > 0 {
		return int64(s.clockAt)
	}
	return int64(s.eng.Now())
}
