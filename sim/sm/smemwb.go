package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The write-back of a wide shared load. On the GPU a 64- or 128-bit
// ld.shared takes longer than a 32-bit one of the same wavefront count:
// the H200's dependent chases (tools/microbench/smem_ld.cu, each load
// issued right behind the one it depends on: schedsmem.go) take
// 26.79 / 30.79 / 38.78 / 54.78 / 86.78 cycles a LDS.64 at 2 to 32
// wavefronts against 25.36 / 29.34 / 37.31 / 53.25 / 85.1 for LDS.32, and
// 32.88 / 40.88 / 56.88 / 88.88 a LDS.128 at 4 to 32 wavefronts, 2.10
// more than the LDS.64 of the same wavefronts at every count (both with
// their xor folds): about one cycle per 32-bit register written beyond
// the first, whatever the wavefronts. ldmatrix writes a register per
// matrix and shows nothing of it (ldsm_x2_lat, ldsm_x4_lat equal the
// 32-bit loads of two and four wavefronts), so only ld.shared pays.
// The parameter smem_writeback_cycles_per_reg is fitted in closed form
// (validation/calibrate/groups12_smemld.go).

// smemRegs is the number of 32-bit registers a load writes per lane.
func smemRegs(info *exec.InstInfo) int {
	words := (int(info.Bits) + 31) / 32
	if words < 1 {
		words = 1
	}
	return words * len(info.Defs)
}

// smemWriteback is the extra latency of a shared load's result: 0 for
// anything but a weak ld.shared of the CTA's shared memory.
func (s *SM) smemWriteback(info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpLd || info.DSMEM || s.cfg.SmemWritebackCyclesPerReg <= 0 {
		return 0
	}
	n := smemRegs(info)
	if n <= 1 {
		return 0
	}
	return engine.Cycle(math.Round(s.cfg.SmemWritebackCyclesPerReg * float64(n-1)))
}
