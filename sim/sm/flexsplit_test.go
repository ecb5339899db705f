package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// ptxas balances a straight-line stretch's ALU and FMA-pipe instruction
// counts with the flexible adds (cuobjdump, sm_90a): beside as many LOP3s
// as adds, every add becomes IMAD.IADD (ihash9_div_alu32: 118 IMAD.IADD
// and 21 IADD3 beside 136 LOP3); with nothing else, half of them
// (chain_add_s32: 33 IMAD.IADD, 31 IADD3), every other one.
const flexSplitPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	xor.b32 %r3, %r1, 7;
	xor.b32 %r4, %r1, 9;
	xor.b32 %r5, %r1, 11;
	xor.b32 %r6, %r1, 13;
	add.s32 %r7, %r3, %r2;
	add.s32 %r8, %r4, %r2;
	add.s32 %r9, %r5, %r2;
	add.s32 %r10, %r6, %r2;
	st.global.u32 [%rd1], %r7;
	st.global.u32 [%rd1+4], %r8;
	st.global.u32 [%rd1+8], %r9;
	st.global.u32 [%rd1+12], %r10;
	setp.eq.s32 %p1, %r1, 0;
	@%p1 bra DONE;
	add.s32 %r11, %r1, %r2;
	add.s32 %r12, %r1, 5;
	add.s32 %r13, %r2, 6;
	add.s32 %r14, %r1, 3;
	st.global.u32 [%rd1+16], %r11;
	st.global.u32 [%rd1+20], %r12;
	st.global.u32 [%rd1+24], %r13;
	st.global.u32 [%rd1+28], %r14;
DONE:
	ret;
}
`

func TestFlexSplit(t *testing.T) {
	p, k, l := lowered(t, flexSplitPTX)
	got := map[string]bool{}
	for pc, info := range k.Infos() {
		in := &p.Funcs[info.Func].Insts[pc]
		if in.Op != ptx.OpAdd {
			continue
		}
		require.Equal(t, lowFlex, l.kind(info), in.Text)
		got[p.Funcs[info.Func].Regs[in.Ops[0].Reg].Name] = l.flexOnIMAD(info)
	}
	assert.Equal(t, map[string]bool{
		// beside four xors (LOP3): all four on the FMA pipe
		"%r7": true, "%r8": true, "%r9": true, "%r10": true,
		// alone after the branch: every other one
		"%r11": false, "%r12": true, "%r13": false, "%r14": true,
	}, got)
}
