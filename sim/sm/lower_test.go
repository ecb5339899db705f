package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// The expectations are ptxas 13.0's SASS for the same shapes (sm_90a):
// int_hash's `(x & y) | (~x & lo)` is one LOP3.LUT (0xb8) of three
// registers; three xors of four inputs are two LOP3s; `a + b + c` is one
// IADD3 (itput_add: 64 IADD3 for 128 add.u32); a value read twice, or
// written under a guard, stays (a guarded add still goes to either pipe:
// @P IADD3 and @P VIADD in brnt8_nb64); a two-input add and a shift by an
// immediate may go to the ALU or the IMAD forms (chain_add_s32: IADD3 and
// IMAD.IADD alternate).
const lowerPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 pa, .param .u32 pb)
{
	.reg .pred %p<2>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [pa];
	ld.param.u32 %r2, [pb];
	mov.u32 %r3, %tid.x;
	not.b32 %r4, %r1;
	and.b32 %r5, %r3, %r4;
	and.b32 %r6, %r2, %r1;
	or.b32 %r7, %r6, %r5;
	add.s32 %r8, %r1, %r2;
	add.s32 %r9, %r8, %r3;
	add.s32 %r10, %r9, %r7;
	shl.b32 %r11, %r10, 3;
	xor.b32 %r12, %r11, %r1;
	xor.b32 %r13, %r12, %r2;
	xor.b32 %r14, %r13, %r3;
	add.s32 %r15, %r14, %r1;
	add.s32 %r16, %r15, %r2;
	add.s32 %r17, %r15, %r3;
	setp.eq.s32 %p1, %r17, 0;
	@%p1 add.s32 %r18, %r16, %r17;
	st.global.u32 [%rd1], %r16;
	st.global.u32 [%rd1+4], %r18;
	ret;
}
`

func TestLowering(t *testing.T) {
	p, k, l := lowered(t, lowerPTX)
	want := map[string]uint8{
		"not.b32 %r4":  lowFused, // ~x
		"and.b32 %r5":  lowFused, // ~x & lo
		"and.b32 %r6":  lowFused, // x & y
		"or.b32 %r7":   lowNone,  // the LOP3 of r1, r2, r3
		"add.s32 %r8":  lowFused, // a + b
		"add.s32 %r9":  lowAbsorb,
		"add.s32 %r10": lowFlex, // r9 already has three inputs
		"shl.b32 %r11": lowFlex,
		"xor.b32 %r12": lowFused, // r11 ^ r1 ^ r2: one LOP3
		"xor.b32 %r13": lowNone,  // a fourth input: a second LOP3
		"xor.b32 %r14": lowNone,
		"add.s32 %r15": lowFlex, // read twice
		"add.s32 %r16": lowFlex,
		"add.s32 %r17": lowFlex,
		"add.s32 %r18": lowFlex, // guarded: not fused, either pipe (brnt8_nb64: @P IADD3 and @P VIADD)
	}
	got := map[string]uint8{}
	for pc, info := range k.Infos() {
		in := &p.Funcs[info.Func].Insts[pc]
		if len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdReg {
			continue
		}
		key := in.Text + " " + p.Funcs[info.Func].Regs[in.Ops[0].Reg].Name
		if _, ok := want[key]; ok {
			got[key] = l.kind(info)
		}
	}
	assert.Equal(t, want, got)
}
