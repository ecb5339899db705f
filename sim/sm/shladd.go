package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A shift left by an immediate whose only reader is a 32-bit add (timing
// only): ptxas makes the pair one IMAD (x * 2^imm + base) or LEA. The
// grid-stride loops of the TMA-load evidence kernels index shared memory as
// `shl.b32 %r17, %r668, 2; add.s32 %r19, %r18, %r17`; their SASS
// (cuobjdump, ptxas 13.0 sm_90a, microbench tphl_*) is
//
//	IMAD R4, R5.reuse, 0x4, R0 ;   LOP3.LUT R7, R5, 0xeeee0000, ... ;
//	IMAD.IADD R5, R6, 0x1, R5 ;    STS [R4], R7 ;
//
// one instruction where the PTX has two dependent ones. lowerFunc marks the
// shift lowFused (no issue slot, its value ready when its input is) and
// the add keeps its lowFlex pipe choice; the same producer rules as the
// add-into-IADD3 fusion apply (one stretch, the add the only reader).

// isShlImm: an unguarded shl.b32 by an immediate.
func isShlImm(inf *exec.InstInfo, in *ptx.Inst) bool {
	return inf.Op == ptx.OpShl && inf.Bits == 32 && in.Guard < 0 && inf.Slots > 0 && len(in.Ops) == 3 &&
		in.Ops[2].Kind == ptx.OpdImm
}
