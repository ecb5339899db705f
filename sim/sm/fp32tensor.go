package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// FP32 beside a running wgmma (fp32_tensor_extra_cycles,
// fp32_tensor_rs_extra_cycles; helper flash, session 31,
// validation/timing/flash31.md).
//
// Family mufutc30 (gen30_mufu.py's kernel, H200): one dependent chain of 64
// FFMA a pass, one warp a sub-partition, takes 373.9 cycles a pass alone
// (mufutc30_ffma4), 446.9 beside m64n64k16 SS wgmma back to back
// (mufutc30_ss_ffma4: +1.14 cycles an FFMA) and 613.7 beside RS wgmma, A
// from registers (mufutc30_rs_ffma4: +3.75). A chain's step is its latency:
// an FP32-pipe instruction that starts while the SM's tensor pipe runs a
// wgmma gives its result fp32_tensor_extra_cycles later, and
// fp32_tensor_rs_extra_cycles later while the running wgmma is an RS one
// (the fractions carried per sub-partition, as regbank.go's debt). Float
// division sequences (fdiv.go) keep their latencies. Not modelled: with
// two chains a sub-partition (mufutc30_ss_ffma4_w3) each step loses +3.1
// and the wgmma loop 15% (validation/timing/flash31.md).
func (s *SM) fp32TensorExtra(sp *subPart, pipe ptx.Pipe, start engine.Cycle) engine.Cycle {
	if pipe != ptx.PipeFP32 || s.tensorFree <= start {
		return 0
	}
	x := s.cfg.Fp32TensorExtraCycles
	if s.tensorRSFrom <= start && start < s.tensorRSUntil {
		x = s.cfg.Fp32TensorRSExtraCycles
	}
	if x <= 0 {
		return 0
	}
	return chargeDebt(&sp.fp32Debt, x)
}

// tensorRS records an RS wgmma on the tensor pipe over [start, end):
// back-to-back RS wgmmas extend one span (fp32TensorExtra).
func (s *SM) tensorRS(start, end engine.Cycle) {
	if start <= s.tensorRSUntil && s.tensorRSUntil > 0 {
		s.tensorRSUntil = max(s.tensorRSUntil, end)
		return
	}
	s.tensorRSFrom, s.tensorRSUntil = start, end
}
