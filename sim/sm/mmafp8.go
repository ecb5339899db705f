package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// An fp8 mma.sync (e4m3 / e5m2, m16n8k32) is ptxas's emulation
// (exec.MmaFP8Emulation: sm_90 has no FP8 HMMA), timed as its SASS in
// order, from the profile's own pipe timings: the F2FP unpacks on the ALU
// (its interval, FFMA's latency: FormALUFloat), after the last of them
// the two HMMA.16816.F32 on the tensor pipe (the f16_m16n8k16 form's
// interval and latency), after the second's result the adds into the
// accumulator on the FP32 pipe. Its issue slots are the emulation's
// instruction count (InstInfo.Slots). The accumulator is ready the FP32
// latency after the last add: 22 + 4 + 6 + 24 + 3 + 4 = 63 cycles with
// the H200's pipes (microbench mma28_e4m3_lat, one warp, dependent: 62.2).
// The warp issues the adds in order after the HMMAs' result: its next fp8
// mma.sync (whose unpacks follow them in SASS) no sooner than after the
// last add (mmaWarpFree); other instructions may issue before, as ptxas
// moves independent work into the wait (mma28_e4m3_lat: the next A and B's
// LOP3s are hidden). Before session 32 the emulation was one
// tensor-pipe instruction of a fitted 44-cycle interval and 62-cycle
// latency (mma_fp8_m16n8k32_*, removed): one warp a sub-partition
// (mma28_e4m3_w1, w2, w4: 70.3 cycles an mma) was -37%.

// mmaFP8 charges warp ws's fp8 mma.sync (SASS mix m) issued at now to the
// ALU, tensor and FP32 pipes of its sub-partition, sets when the warp's
// next one may issue, and returns its result latency. hold is its HMMAs'
// issue hold (mmaDispatch): cycles in which the sub-partition issues
// nothing, so its ALU, the pipe the emulation and its neighbours keep
// busiest, receives nothing either; charged here as ALU time after the
// unpacks (with 4 warps a sub-partition, mma28_e4m3_w16: 43.9 cycles an
// mma, the ALU's 12 unpacks and the kernel's 7 LOP3s at 2 cycles are 38,
// the two holds 2 x 3 more).
func (s *SM) mmaFP8(sp *subPart, ws *warpState, m exec.MmaFP8Mix, hold, now engine.Cycle) engine.Cycle {
	c := s.cfg
	alu, fp32 := c.Pipes[ptx.PipeALU], c.Pipes[ptx.PipeFP32]
	hmma := s.mmaF16Timing()
	// the unpacks, back to back on the ALU
	a0 := max(now, sp.pipeFree[ptx.PipeALU])
	ab := engine.Cycle(int(m.Unpack) * alu.IntervalCycles)
	sp.pipeFree[ptx.PipeALU] = a0 + ab + hold
	s.Stats.PipeBusy[ptx.PipeALU] += int64(ab)
	// the HMMAs after the last unpack's result
	h0 := max(a0+ab-engine.Cycle(alu.IntervalCycles)+engine.Cycle(fp32.LatencyCycles), sp.pipeFree[ptx.PipeTensor])
	hb := engine.Cycle(int(m.HMMA) * hmma.IntervalCycles)
	sp.pipeFree[ptx.PipeTensor] = h0 + hb
	s.Stats.PipeBusy[ptx.PipeTensor] += int64(hb)
	hDone := h0 + hb - engine.Cycle(hmma.IntervalCycles) + engine.Cycle(hmma.LatencyCycles)
	// the adds after the HMMAs' result (the FP32 pipe charged at issue:
	// a reservation in the future would stop other warps' FP32 work)
	fb := engine.Cycle(int(m.Add) * fp32.IntervalCycles)
	sp.pipeFree[ptx.PipeFP32] = max(now, sp.pipeFree[ptx.PipeFP32]) + fb
	s.Stats.PipeBusy[ptx.PipeFP32] += int64(fb)
	ws.mmaFree = hDone + fb // the warp's next emulation follows its adds
	return hDone + fb - engine.Cycle(fp32.IntervalCycles) + engine.Cycle(fp32.LatencyCycles) - now
}

// mmaF16Timing is HMMA.16816's latency and interval: the f16_m16n8k16
// form's, else the tensor pipe's.
func (s *SM) mmaF16Timing() PipeTiming {
	t := s.cfg.Pipes[ptx.PipeTensor]
	f := s.cfg.MmaForms[ptx.FormMmaF16K16.MmaIndex()]
	if f.IntervalCycles > 0 {
		t.IntervalCycles = f.IntervalCycles
	}
	if f.LatencyCycles > 0 {
		t.LatencyCycles = f.LatencyCycles
	}
	return t
}
