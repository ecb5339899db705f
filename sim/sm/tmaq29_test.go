package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// tmaq / tmaqx's prologue shape (validation/microbench/tmaqx_s3/kernel.ptx,
// trimmed): `if (mc) rank = %cluster_ctarank` is a forward branch over one
// mov of a uniform special register, and thread 0's block tests the
// prefetch flag and branches over the prefetches to the join where the
// shared window's address is read. The SASS (tools/microbench/
// tmaq29_sass.txt): `@UP0 S2UR UR4, SR_CgaCtaId` with no BRA, and `S2UR UR6,
// SR_CgaCtaId` at the top of thread 0's block, above the flag's branch. A
// %clock read over the same shape stays a branch, and a join reached only
// by jumps hoists nothing.
const tmaq29PTX = `
.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 smem_raw[];
.visible .entry k(.param .u32 pf, .param .u64 tm)
{
	.reg .pred %p<8>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	ld.param.u32 %r1, [pf];
	mov.u64 %rd1, tm;
	and.b32 %r2, %r1, 4;
	setp.eq.s32 %p1, %r2, 0;
	mov.u32 %r3, 0;
	@%p1 bra L2;
	mov.u32 %r3, %cluster_ctarank;
L2:
	mov.u32 %r4, %tid.x;
	setp.ne.s32 %p2, %r4, 0;
	@%p2 bra L6;
	and.b32 %r5, %r1, 1;
	setp.eq.b32 %p3, %r5, 1;
	not.pred %p4, %p3;
	@%p4 bra L5;
	cvta.param.u64 %rd2, %rd1;
	prefetch.tensormap [%rd2];
L5:
	mov.u32 %r6, smem_raw;
	add.s32 %r7, %r6, 1023;
	@%p1 bra L6;
	mov.u64 %rd3, %clock64;
L6:
	ret;
}
`

func TestTmaqPrologueShapes(t *testing.T) {
	prog, k, l := lowered(t, tmaq29PTX)
	var bras, movs []*exec.InstInfo
	for _, inf := range k.Infos() {
		switch inf.Op {
		case ptx.OpBra:
			bras = append(bras, inf)
		case ptx.OpMov:
			movs = append(movs, inf)
		}
	}
	require.Len(t, bras, 4)
	assert.Equal(t, brIfConv, l.at(bras[0]).shape, "over the %cluster_ctarank mov: a predicated S2UR, no BRA")
	assert.Equal(t, brPlain, l.at(bras[3]).shape, "over a %clock read: kept")
	f := prog.Funcs[bras[0].Func]
	var smem *exec.InstInfo
	for _, m := range movs {
		if sharedSym(prog, f, &f.Insts[m.PC]) {
			smem = m
		}
	}
	require.NotNil(t, smem)
	assert.True(t, l.sharedBase(smem), "outside loops: the read stays (sharedBaseMovs)")
	assert.True(t, l.sbHoisted[[2]int32{smem.Func, smem.PC}], "at the join of the prefetch's if-then: hoisted")
	// the block top it goes to: the first instruction after the tid branch
	top := int(bras[1].PC) + 1
	require.Less(t, top, len(l.sbLead))
	assert.True(t, l.sbLead[top], "thread 0's block top")
	for pc, b := range l.sbLead {
		if pc != top {
			assert.False(t, b, "no other block top (pc %d)", pc)
		}
	}
}
