package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// formLatency refines a pipe's latency for the SASS forms whose dependent
// latency differs from the pipe's benchmark (the chain family, H200):
//
//   - conversions with a 64-bit operand (F2F.F64.F32, F2F.F32.F64,
//     I2F.U64, F2I.U64): conv_wide_latency_cycles (chain_cvt_f32_f64_pair
//     36.0 and c6cvt64_w1 36.5 cycles a pair, against F2I's 17.0);
//   - conversions from f16/bf16 to f32 (HADD2.F32): f16_conv_latency_cycles
//     (chain_cvt_f16_f32_pair 10.2 cycles a pair, of which F2FP is FFMA's
//     4.2);
//   - f32 to f16/bf16 (F2FP.F16.F32.PACK_AB) and max/min.f32 (FMNMX) issue
//     to the ALU but have FFMA's latency (fpalu_f2fp_lat, fpalu_max_lat:
//     4.7 cycles an op in 8 chains, the same as FFMA's);
//   - shfl.sync.idx (SHFL.IDX): shfl_idx_extra_cycles over the warp pipe's
//     latency (chain_shfl_idx 26.0 against chain_shfl_bfly 24.0).
func (s *SM) formLatency(info *exec.InstInfo, lat engine.Cycle) engine.Cycle {
	switch info.Form {
	case ptx.FormConvWide:
		if s.cfg.ConvWideLatencyCycles > 0 {
			return engine.Cycle(s.cfg.ConvWideLatencyCycles)
		}
	case ptx.FormF16Conv:
		if s.cfg.F16ConvLatencyCycles > 0 {
			return engine.Cycle(s.cfg.F16ConvLatencyCycles) // f16 and bf16
		}
	case ptx.FormALUFloat:
		return engine.Cycle(s.cfg.Pipes[ptx.PipeFP32].LatencyCycles) // FMNMX, F2FP: the ALU's rate, FFMA's latency
	case ptx.FormShflIdx:
		return lat + engine.Cycle(s.cfg.ShflIdxExtraCycles)
	}
	if i := info.Form.MmaIndex(); i >= 0 && s.cfg.MmaForms[i].LatencyCycles > 0 {
		return engine.Cycle(s.cfg.MmaForms[i].LatencyCycles) // mma.sync per form (mmaform.go)
	}
	return lat
}
