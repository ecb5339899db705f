package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Reads of a thread-invariant special register inside a loop (session 23,
// i64 lane; validation/timing/i64_23.md). ptxas hoists them: atom15_mixs
// reads %laneid four times an iteration (an inline-asm mov, once per x[j])
// and its SASS (ptxas 13.0 -arch=sm_90a, cuobjdump of the recorded PTX) has
// one S2R R10, SR_LANEID before the loop and four IMAD.IADD R, R10, 0x1, R
// inside it, no S2R: the loop is 32 ATOMS, 4 IMAD.IADD, UIADD3, ISETP and
// BRA. The model issued an S2R for each read, in the loop (atom15_mixs_w1
// +24% slow on the H200). A hoisted read has no SASS in the loop: the
// schedule marks it lowFused, its value ready with its (no) inputs.
//
// Thread-invariant: %laneid and %tid (the lane's and the thread's index;
// %ntid/%nctaid are constant-bank reads, constcache.go, and %warpid, %smid
// and the clocks are not invariant to ptxas). Only unguarded moves inside
// a loop (a backward branch around them) qualify.

// sregHoists marks, per PC of function f, the moves from %laneid or %tid
// inside a loop.
func sregHoists(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	var out []bool
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || in.Guard >= 0 || len(in.Ops) != 2 || in.Ops[1].Kind != ptx.OpdSpecial {
			continue
		}
		if s := in.Ops[1].Special; s != ptx.SpecLaneid && s != ptx.SpecTid {
			continue
		}
		if lo, _ := innerLoop(f, pc, n); lo < 0 {
			continue
		}
		if out == nil {
			out = make([]bool, n)
		}
		out[pc] = true
	}
	return out
}
