package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// The grid-stride loops of the tphl_* microbenchmarks (nvcc 13.0 -O3 PTX,
// abridged): F fills shared memory, C copies it out to global memory,
// i += %ntid.x. Their SASS (ptxas 13.0 sm_90a, cuobjdump on the H200):
//
//	F: IMAD R4, R5, 0x4, R0; LOP3.LUT R7 ..; IMAD.IADD R5, R6, 0x1, R5; STS [R4], R7;
//	   ISETP.GE P0, R5, 0x1000 (stall 13); @!P0 BRA (stall 5)
//	C: IMAD R0, R13, 0x4, R16; IMAD.WIDE R8 ..; LDS R15, [R0]; IMAD.IADD R13, R14, 0x1, R13;
//	   ISETP.GE P0, R13, 0x1000; STG [R8], R15 (stall 12); @!P0 BRA
//
// shl + add is one IMAD (shladd.go), and the counter's add and compare sit
// above the STS / STG (loophoist.go: counter and compare marked; the
// branch keeps its wait on the compare).
const gridLoopPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pimg)
{
	.reg .pred %p<8>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b8 sm[16384];
	ld.param.u64 %rd1, [pimg];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, sm;
	mov.u32 %r4, %r1;
F:
	shl.b32 %r5, %r4, 2;
	add.s32 %r6, %r3, %r5;
	or.b32 %r7, %r4, -286392320;
	st.shared.u32 [%r6], %r7;
	add.s32 %r4, %r4, %r2;
	setp.lt.s32 %p1, %r4, 4096;
	@%p1 bra F;
	bar.sync 0;
	mov.u32 %r8, %r1;
C:
	shl.b32 %r9, %r8, 2;
	add.s32 %r10, %r3, %r9;
	ld.shared.u32 %r11, [%r10];
	mul.wide.s32 %rd3, %r8, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.u32 [%rd4], %r11;
	add.s32 %r8, %r8, %r2;
	setp.lt.s32 %p2, %r8, 4096;
	@%p2 bra C;
	mov.u32 %r12, %r1;
W:
	shl.b32 %r13, %r12, 2;
	add.s32 %r14, %r3, %r13;
	st.shared.u32 [%r14], %r12;
	add.s32 %r12, %r12, %r13;
	setp.lt.s32 %p3, %r12, 4096;
	@%p3 bra W;
	ret;
}
`

func TestGridStrideLoops(t *testing.T) {
	p, k, l := lowered(t, gridLoopPTX)
	f := p.Funcs[0]
	kinds := map[string]uint8{}
	member := map[string]bool{}
	branch := map[string]bool{}
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		en := l.at(info)
		if in.Op == ptx.OpBra && in.Guard >= 0 {
			name := f.Regs[in.Guard].Name
			branch[name] = en.flags&(schedLoopBranch|schedLoopMember) != 0
			continue
		}
		if len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdReg {
			continue
		}
		key := in.Text + " " + f.Regs[in.Ops[0].Reg].Name
		kinds[key] = en.kind
		member[key] = en.flags&schedLoopMember != 0
	}
	// shl feeding one 32-bit add: fused (one IMAD); a shl read twice is not
	assert.Equal(t, lowFused, kinds["shl.b32 %r5"])
	assert.Equal(t, lowFlex, kinds["add.s32 %r6"])
	assert.Equal(t, lowFused, kinds["shl.b32 %r9"])
	assert.Equal(t, lowFlex, kinds["shl.b32 %r13"])
	// F and C: counter (i += %ntid.x, loop-invariant) and compare hoisted,
	// the branch not; W steps by a register written in the loop: not marked
	for _, key := range []string{"add.s32 %r4", "setp.lt.s32 %p1", "add.s32 %r8", "setp.lt.s32 %p2"} {
		assert.True(t, member[key], key)
	}
	assert.False(t, member["add.s32 %r12"])
	assert.False(t, member["setp.lt.s32 %p3"])
	assert.Equal(t, map[string]bool{"%p1": false, "%p2": false, "%p3": false}, branch)
}
