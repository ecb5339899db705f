package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// MUFU beside a running wgmma (mufu_tensor_extra_cycles; helper flash,
// session 30, validation/timing/flash30.md).
//
// The gen27_tclk.py probe (H200, validation/timing/flash/fa27_tclk.json.gz)
// runs one warpgroup's wgmma loop (m64n64k16 SS, back to back) beside a
// second warpgroup's MUFU-bound loop (8 chains of FFMA -> MUFU.EX2, one
// warp a sub-partition). Alone the MUFU loop takes 1208-1211 cycles a pass
// of 128 EX2 (tclk27_mix); beside the wgmma (tclk27_wg_mix, _wg_mix_s) it
// takes ~1.6 times as long while the tensor pipe runs, and the wgmma loop
// is not slowed (its span is tclk27_wg's within 0.2%). A MUFU instruction
// that starts while the SM's tensor pipe is busy (s.tensorFree after its
// start) therefore holds its sub-partition's MUFU mufu_tensor_extra_cycles
// longer. A full-rate FP32 loop beside the same wgmma (tclk27_wg_ffma) is
// not concerned: the model's issue already gives its figures. Division
// sequences' MUFU.RCP (fdiv.go, seq.go) keep their intervals.
func (s *SM) mufuTensorExtra(sp *subPart, pipe ptx.Pipe, start engine.Cycle) engine.Cycle {
	if pipe != ptx.PipeMUFU || s.cfg.MufuTensorExtraCycles <= 0 || s.tensorFree <= start {
		return 0
	}
	return chargeDebt(&sp.mufuDebt, s.cfg.MufuTensorExtraCycles)
}
