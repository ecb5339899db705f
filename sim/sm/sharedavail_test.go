package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A loop with two switch-like paths that each compute the shared window's
// address, then two guarded uses after the join (blocks a forward branch
// of the loop jumps over: without the reuse, each keeps its read,
// sharedbase.go): an mbarrier arrive (a regular
// register address: reused, as in mbar_pingpong's SASS) and a bulk store
// (a uniform operand: reused too, as in t6st_bulk_p4's SASS, where the
// second to fourth UBLKCP / UTMASTG of an iteration read the UR8 the
// first operation's three paths each set: validation/timing/tailbulk21.md).
const sharedAvailPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 buf[1024];
.visible .entry k(.param .u64 out, .param .u32 n, .param .u32 sel)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [n];
	ld.param.u32 %r2, [sel];
	mov.u32 %r3, 0;
L:
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra P0;
	mov.u32 %r4, buf;
	st.shared.u32 [%r4], %r3;
	bra.uni J;
P0:
	mov.u32 %r5, buf;
	st.shared.u32 [%r5+4], %r3;
J:
	setp.ne.s32 %p3, %r3, 5;
	@%p3 bra S1;
	mov.u32 %r6, buf;
	add.s32 %r7, %r6, 8;
	{.reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%r7];}
S1:
	@%p3 bra S2;
	mov.u32 %r8, buf;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r8], 256;
S2:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra L;
	ret;
}
`

func TestSharedAddressReuse(t *testing.T) {
	_, k, l := lowered(t, sharedAvailPTX)
	var movs []*exec.InstInfo
	for _, inf := range k.Infos() {
		if inf.Op == ptx.OpMov && k.Entry().Insts[inf.PC].Ops[1].Kind == ptx.OpdSym {
			movs = append(movs, inf)
		}
	}
	require.Len(t, movs, 4)
	assert.True(t, l.sharedBase(movs[0]), "first path: its own read")
	assert.True(t, l.sharedBase(movs[1]), "second path: its own read")
	assert.False(t, l.sharedBase(movs[2]), "after the join, for the arrive: the paths' register")
	assert.False(t, l.sharedBase(movs[3]), "for the bulk store (uniform operand): the paths' register too")
}

// tmai_sep_n1's loop (tools/microbench/tmai.cu, N = 1): the body, under
// `if (tid == 0)`, computes the mbarrier's address, arrives on it, stamps
// t0 and then computes the destination's (another shared symbol) for the
// load. ptxas issues the second SR_CgaCtaId read next to the first, both
// before t0 (its SASS, validation/timing/tma24.md): the GPU issues the
// load 55 cycles after t0, as tmai_sep_n2 issues its first 50 after with
// the destination hoisted; the model with a second charged read: 88. A third symbol
// (`pre`) computed before the loop, as tmai_sep_n2's dsm: its loop reads
// SR_CgaCtaId again (SASS: S2R R5 before the arrives), so the window read
// does not cross the loop's entry.
const sharedWindowPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bars[64];
.shared .align 8 .b8 dsm[1024];
.shared .align 8 .b8 pre[64];
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	setp.ne.s32 %p1, %r2, 0;
	mov.u32 %r3, 0;
	mov.u32 %r10, pre;
L:
	@%p1 bra S;
	mov.u32 %r4, bars;
	mbarrier.arrive.shared::cta.b64 %rd1, [%r4];
	mov.u32 %r5, dsm;
	st.shared.u32 [%r5], %r3;
	st.shared.u32 [%r10+4], %r3;
S:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra L;
	ret;
}
`

func TestSharedWindowReuse(t *testing.T) {
	_, k, l := lowered(t, sharedWindowPTX)
	var movs []*exec.InstInfo
	for _, inf := range k.Infos() {
		if inf.Op == ptx.OpMov && k.Entry().Insts[inf.PC].Ops[1].Kind == ptx.OpdSym {
			movs = append(movs, inf)
		}
	}
	require.Len(t, movs, 3)
	assert.True(t, l.sharedBase(movs[0]), "pre before the loop: outside any loop, its own read")
	assert.True(t, l.sharedBase(movs[1]), "bars in the skipped body: the preheader's read does not cross the loop's entry")
	assert.False(t, l.sharedBase(movs[2]), "dsm after bars in the same iteration: bars' read")
	win := func(inf *exec.InstInfo) bool { return l.sbWindow[[2]int32{inf.Func, inf.PC}] }
	assert.False(t, win(movs[0]) || win(movs[1]), "their own reads: no ULEA of another's window")
	assert.True(t, win(movs[2]), "dsm formed from bars' live window: a ULEA (tmai_sep_n1's SASS)")
}
