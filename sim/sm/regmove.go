package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// regMove reports a register-to-register mov with no SASS instruction
// (exec's free move: ptxas coalesces the two registers). It does not wait
// for its source: its destination becomes ready when the source does
// (the free path of issue), and the instruction that reads it waits then.
// nvcc writes such moves around inline-asm mma.sync whose float
// accumulators it keeps in .b32 registers (mov.b32 %f, %r before each mma,
// mov.b32 %r, %f after the loop body's last ones); waiting on them at
// issue held the warp for a whole mma latency per accumulator, which the
// GPU does not (microbench mma28_f16f32_w1: 6.6 cycles an HMMA.16816, the
// same as mma28_f16f16_w1, whose accumulators need no move).
func regMove(info *exec.InstInfo) bool {
	return info.Op == ptx.OpMov && info.Slots == 0
}
