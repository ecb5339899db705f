package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// mma.sync per form (ptx.FormMma*, microbench family mma28, H200,
// validation/timing/mma28.md): ptxas turns each recorded shape and type
// into its own SASS, with its own dependent latency and sub-partition
// interval:
//
//	form           SASS                         latency  interval (cycles)
//	f16_m16n8k16   HMMA.16816.F32/.F16/.BF16    24.1     6.1
//	f16_m16n8k8    HMMA.1688.F32                17.0     4.2
//	tf32_m16n8k8   HMMA.1688.F32.TF32           24.1     6.1
//	s8_m16n8k32    IMMA.16832.S8.S8             24.1     6.1
//	f64_m8n8k4     DMMA.8x8x4                   27.0     16.0
//	(e4m3 m16n8k32: 12 F2FP + 2 HMMA + 4 FADD, 62.2 and 43.9: mmafp8.go)
//
// The latency is formLatency's (forms.go); the interval, the cycles an mma
// holds its sub-partition's tensor pipe, is mmaBusy's. A form without a
// value (0), and every other mma.sync, keeps the tensor pipe's. The FP8
// form is ptxas's emulation, timed as its parts (mmafp8.go).

// mmaBusy is how long an mma.sync of info's form holds the tensor pipe
// (busy: the pipe's own interval, kept for other instructions).
func (s *SM) mmaBusy(info *exec.InstInfo, busy engine.Cycle) engine.Cycle {
	if info.Form == ptx.FormMmaFP8K32 {
		return 0 // its parts' pipes (mmafp8.go)
	}
	if i := info.Form.MmaIndex(); i >= 0 && s.cfg.MmaForms[i].IntervalCycles > 0 {
		return engine.Cycle(s.cfg.MmaForms[i].IntervalCycles)
	}
	return busy
}

// mmaPipe is the pipe an mma.sync occupies: DMMA.8x8x4 runs on the
// sub-partition's FP64 unit, which DFMA shares (microbench
// mma28_f64_dmix_w4, one warp a sub-partition, 4 independent DFMA after
// each DMMA: 26.5 cycles a DMMA against 17.3 without them, about the sum
// 16 + 4 x fp64_interval_cycles 2; mma28.md). HMMA and IMMA keep the
// tensor pipe (FFMA beside HMMA: mma28_f16f32_fmix_w4, not modelled).
func mmaPipe(info *exec.InstInfo, pipe ptx.Pipe) ptx.Pipe {
	switch info.Form {
	case ptx.FormMmaF64K4:
		return ptx.PipeFP64
	case ptx.FormMmaFP8K32:
		return ptx.PipeALU // the emulation's first SASS: F2FP (mmafp8.go)
	}
	return pipe
}

// One warp's mma.sync of a form follow one another more slowly than the
// sub-partition's pipe takes them from several warps (microbench mma28,
// H200, 8 independent accumulators a warp: one warp a sub-partition 6.62
// cycles an HMMA.16816, 4.44 an HMMA.1688, 17.3 a DMMA.8x8x4; two or four
// warps a sub-partition 6.06-6.18, 4.06-4.17, 16.04-16.05: 8-9% of the
// interval, the same for the three SASS forms and for IMMA, absent from
// the dependent chains, and not a cost of the loop's back edge, which
// would not grow with the interval; validation/timing/mma32.md). So a
// warp's next mma.sync of a form issues no sooner than
// mma_warp_interval_ratio times the form's interval (mmaBusy) after its
// last one began on the pipe, the fraction carried per warp (chargeDebt).

// mmaWarpFree is when warp ws may issue its next mma.sync (0 for other
// instructions, or with no ratio; an fp8 one: mmafp8.go).
func (s *SM) mmaWarpFree(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Form == ptx.FormMmaFP8K32 {
		return ws.mmaFree // after the last emulation's adds (mmafp8.go)
	}
	if s.cfg.MmaWarpIntervalRatio <= 0 || info.Form.MmaIndex() < 0 {
		return 0
	}
	return ws.mmaFree
}

// mmaWarpIssued records warp ws's mma.sync that began on its pipe at
// start and holds it busy cycles.
func (s *SM) mmaWarpIssued(ws *warpState, info *exec.InstInfo, start, busy engine.Cycle) {
	if s.cfg.MmaWarpIntervalRatio <= 0 || info.Form.MmaIndex() < 0 {
		return
	}
	ws.mmaFree = start + chargeDebt(&ws.mmaDebt, s.cfg.MmaWarpIntervalRatio*float64(busy))
}

// mmaWarpGated: instructions mmaWarpFree may hold (Lowering.quietChecks).
func mmaWarpGated(info *exec.InstInfo) bool {
	return info.Form.MmaIndex() >= 0 || info.Form == ptx.FormMmaFP8K32
}

// An HMMA or IMMA holds its sub-partition's issue for mma_dispatch_cycles
// (microbench mma28_f16f32_fmix_w4, H200, one warp a sub-partition, 8
// independent FFMA after each HMMA.16816: 12.25 cycles an HMMA, against
// the 8 of the FFMAs' own issue if the HMMA took one issue cycle, and the
// 6.62 of the HMMAs alone: the HMMA takes about 4 cycles of issue the
// FFMAs cannot use, reading its ten operand registers (A 4, B 2, C 4);
// validation/timing/mma32.md). Without other instructions beside it the
// hold is within the tensor pipe's interval and changes nothing. The
// fraction is carried per sub-partition (chargeDebt). The forms of ten
// operand registers are held (HMMA.16816, HMMA.1688.F32.TF32,
// IMMA.16832); HMMA.1688 f16 (seven: A 2, B 1, C 4) and DMMA (the FP64
// unit, mma28_f64_dmix_w4) are not: not measured apart.

// mmaDispatch is the issue cycles an mma.sync issued on sp holds beyond
// its issue slots (0 for other instructions, or with no hold).
func (s *SM) mmaDispatch(sp *subPart, info *exec.InstInfo) engine.Cycle {
	x := s.cfg.MmaDispatchCycles - 1
	if x <= 0 {
		return 0
	}
	n := 0
	switch info.Form {
	case ptx.FormMmaF16K16, ptx.FormMmaTF32K8, ptx.FormMmaS8K32:
		n = 1 // ten operand registers, as the measured HMMA.16816
	case ptx.FormMmaFP8K32:
		if m, ok := exec.MmaFP8Emulation(info); ok {
			n = int(m.HMMA)
		}
	}
	if n == 0 {
		return 0
	}
	return chargeDebt(&sp.mmaDebt, float64(n)*x)
}
