package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A hand-written loop in the shape of brnt8_nt*'s PTX (nvcc's code for
// `if (v != 0) goto fail;` repeated in a rep loop, tools/microbench/gen8_brnt.py):
// each pair is setp; mov of the pair's index; @p bra FAIL, the checked
// values come from before the loop and the loop stores 0 into them for the
// next pass. ptxas 13.0 (cuobjdump of brnt8_nt16, H200) computes such
// compares before the loop into free predicate registers. Expected by hand:
//   - chain 1 (three pairs to FAIL on %r1..%r3, invariant but for the
//     latch's stores of a constant): ranks 1, 2, 3 in PC order;
//   - the fourth pair reads %r9, which the loop increments: no rank, and it
//     ends nothing (its branch still goes to FAIL, so the chain goes on):
//     the fifth pair (%r4, copied from %r5 by a mov in the loop) gets rank 4;
//   - a lone pair to another label (OTHER): no chain, no rank.
const chainHoistPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u64 pout)
{
	.reg .pred %p<12>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<4>;
	ld.param.u32 %r10, [pn];
	ld.param.u64 %rd1, [pout];
	ld.global.u32 %r1, [%rd1];
	ld.global.u32 %r2, [%rd1+4];
	ld.global.u32 %r3, [%rd1+8];
	ld.global.u32 %r5, [%rd1+12];
	mov.u32 %r9, 0;
	mov.u32 %r11, 0;
LOOP:
	mov.u32 %r4, %r5;
	setp.ne.s32 %p1, %r1, 0;
	mov.u32 %r12, 1;
	@%p1 bra FAIL;
	setp.ne.s32 %p2, %r2, 0;
	mov.u32 %r12, 2;
	@%p2 bra FAIL;
	setp.ne.s32 %p3, %r3, 0;
	mov.u32 %r12, 3;
	@%p3 bra FAIL;
	setp.ne.s32 %p4, %r9, 7;
	mov.u32 %r12, 4;
	@%p4 bra FAIL;
	setp.ne.s32 %p5, %r4, 0;
	mov.u32 %r12, 5;
	@%p5 bra FAIL;
	setp.eq.s32 %p6, %r2, 3;
	@%p6 bra OTHER;
	add.s32 %r9, %r9, 1;
OTHER:
	mov.u32 %r13, 0;
	mov.u32 %r1, %r13;
	mov.u32 %r2, %r13;
	mov.u32 %r3, %r13;
	add.s32 %r11, %r11, 1;
	setp.lt.s32 %p7, %r11, %r10;
	@%p7 bra LOOP;
	st.global.u32 [%rd1], %r12;
	ret;
FAIL:
	st.global.u32 [%rd1+4], %r12;
	ret;
}
`

func TestChainHoists(t *testing.T) {
	p, k, l := lowered(t, chainHoistPTX)
	f := p.Funcs[0]
	got := map[string]uint8{}
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		if in.Guard >= 0 && in.Text != "" && l.at(info).hoist > 0 {
			got[f.Regs[in.Guard].Name] = l.at(info).hoist
		}
	}
	assert.Equal(t, map[string]uint8{"%p1": 1, "%p2": 2, "%p3": 3, "%p5": 4}, got)
}
