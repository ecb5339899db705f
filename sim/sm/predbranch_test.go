package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// The shapes of tmast9.cu's loops (tools/microbench/gen8_tmast.py) and
// what ptxas 13.0 made of them (sm_90a, cuobjdump of the recorded PTX):
//   - loop A (tmast9_skip): `setp.ne %p1, sel, 1; @%p1 bra` on a kernel
//     parameter, the loop's only invariant compare: ptxas hoists the
//     ISETP (the branch reads an old predicate), and the mov of the shared
//     variable's address inside the skipped block keeps its S2UR there;
//   - loop B (tmast9_sw8's leaf): two equality tests of the same
//     parameter with a branch each: a jump table (jumptable.go), no
//     candidate for hoisting; the first compare stands for the table's
//     index, the second has no SASS;
//   - loop C (tmast9_red): the mov in the loop's straight-line body:
//     ptxas hoists the S2UR out of the loop;
//   - outside any loop the mov stays where it is (here in a block of its
//     own: a mov on every path to the loops would give them the address,
//     sharedavail.go).
const predBranchPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u32 psel)
{
	.reg .pred %p<8>;
	.reg .b32 %r<24>;
	.shared .align 4 .b8 sm[64];
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [psel];
	mov.u32 %r3, 0;
	setp.eq.s32 %p7, %r2, 0;
	@%p7 bra A;
	mov.u32 %r20, sm;
A:
	add.s32 %r4, %r4, %r3;
	setp.ne.s32 %p1, %r2, 1;
	@%p1 bra A_SKIP;
	mov.u32 %r5, sm;
	st.shared.u32 [%r5], %r4;
A_SKIP:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra A;
	mov.u32 %r6, 0;
B:
	setp.eq.s32 %p3, %r2, 0;
	@%p3 bra B0;
	setp.eq.s32 %p4, %r2, 1;
	@%p4 bra B1;
	xor.b32 %r7, %r7, %r6;
	bra.uni B_END;
B0:
	add.s32 %r7, %r7, %r6;
	bra.uni B_END;
B1:
	sub.s32 %r7, %r7, %r6;
B_END:
	add.s32 %r6, %r6, 1;
	setp.lt.s32 %p5, %r6, %r1;
	@%p5 bra B;
	mov.u32 %r8, 0;
C:
	mov.u32 %r9, sm;
	st.shared.u32 [%r9], %r8;
	add.s32 %r8, %r8, 1;
	setp.lt.s32 %p6, %r8, %r1;
	@%p6 bra C;
	ret;
}
`

func TestPredBranchAndSharedBase(t *testing.T) {
	p, k, l := lowered(t, predBranchPTX)
	f := p.Funcs[0]
	name := func(in *ptx.Inst) string {
		for _, o := range in.Ops {
			if o.Kind == ptx.OpdReg {
				return in.Text + " " + f.Regs[o.Reg].Name
			}
		}
		return in.Text
	}
	fused, sbase := map[string]bool{}, map[string]bool{}
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		switch {
		case in.Op == ptx.OpSetp:
			fused[name(in)] = l.kind(info) == lowFused
		case in.Op == ptx.OpMov && sharedSym(p, f, in):
			sbase[name(in)] = l.sharedBase(info)
		}
	}
	assert.Equal(t, map[string]bool{
		"setp.ne.s32 %p1": true,  // loop A's only invariant compare: hoisted, no SASS in the loop
		"setp.lt.s32 %p2": false, // the loop counter's compare
		"setp.eq.s32 %p3": false, // loop B: a jump table's index
		"setp.eq.s32 %p4": true,  // and its second test
		"setp.lt.s32 %p5": false,
		"setp.lt.s32 %p6": false,
		"setp.eq.s32 %p7": false, // outside any loop
	}, fused)
	assert.Equal(t, map[string]bool{
		"mov.u32 %r20": true,  // outside any loop
		"mov.u32 %r5":  true,  // in loop A's skipped block
		"mov.u32 %r9":  false, // loop C's body: hoisted
	}, sbase)
}
