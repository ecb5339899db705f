package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// SetmaxnregRegisters is the registers per thread a kernel that
// reallocates registers with setmaxnreg (warp-specialized CUTLASS kernels)
// holds at launch, or 0 when it has no setmaxnreg or no .maxntid: ptxas
// gives such a kernel the register file's share of its CTAs, rounded down
// to the allocation granule (8 per thread: unit / 32), at most 255 (with
// .maxntid 384 and .minnctapersm 1 ptxas 13.0 reports 168 registers for
// both CUTLASS warp-specialized kernels of the corpus,
// validation/timing/async/ptxas_c7515.txt's call). setmaxnreg itself moves
// registers between the CTA's warpgroups and never changes the CTA's total.
func SetmaxnregRegisters(k *exec.Kernel, registers, unit int) int {
	uses := false
	for _, in := range k.Infos() {
		if in.Op == ptx.OpSetmaxnreg {
			uses = true
			break
		}
	}
	perf := k.Entry().Perf
	if !uses || len(perf.MaxNTid) == 0 {
		return 0
	}
	thr := 1
	for _, d := range perf.MaxNTid {
		thr *= max(d, 1)
	}
	ctas := max(perf.MinNCTAPerSM, 1)
	g := max(unit/32, 1)
	return min(registers/(thr*ctas)/g*g, 255)
}
