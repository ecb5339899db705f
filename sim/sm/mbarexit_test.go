package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The two loops of mbar_pingpong's PTX (validation/microbench/
// mbar_pingpong_m0/kernel.ptx, nvcc 13.0), condensed. Expected, by hand
// from its SASS (ptxas 13.0 -arch=sm_90a, cuobjdump on the H200):
// The loops are the two sides of `if (warp == 0)`.
//   - loop A (wait, then arrive): S2UR SR_CgaCtaId in each wait path, the
//     arrive at [R11+URZ+0x8] (R11 from the wait paths: no third read), the
//     arrive predicated (@P0 SYNCS.ARRIVE, no BRA);
//   - loop B (arrive, then wait): S2R SR_CgaCtaId at the loop's top for the
//     predicated arrive, and again in each wait path;
//   - every wait is YIELD, the wait, @!P2 BRA back: a wait loop; the
//     test_wait read through selp after the loops is none.
const pingpongPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 mbar[16];
.visible .entry k(.param .u32 n, .param .u32 mode)
{
	.reg .pred %p<16>;
	.reg .b32 %r<64>;
	ld.param.u32 %r16, [n];
	ld.param.u32 %r17, [mode];
	mov.u32 %r1, %tid.x;
	setp.eq.s32 %p1, %r1, 0;
	not.pred %p9, %p1;
	mov.u32 %r48, 0;
	mov.u32 %r44, 0;
	mov.u32 %r2, %tid.y;
	setp.eq.s32 %p6, %r2, 0;
	@%p6 bra BSTART;
A:
	setp.eq.s32 %p8, %r17, 2;
	@%p8 bra A_TEST;
	bra.uni A_TRY;
A_TEST:
	mov.u32 %r28, mbar;
	{.reg .pred p; W: mbarrier.test_wait.parity.shared::cta.b64 p, [%r28], %r48; @!p bra W;}
	bra.uni A_JOIN;
A_TRY:
	mov.u32 %r26, mbar;
	{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r26], %r48; @!p bra W;}
A_JOIN:
	@%p9 bra A_SKIP;
	mov.u32 %r31, mbar;
	add.s32 %r30, %r31, 8;
	{.reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%r30];}
A_SKIP:
	xor.b32 %r48, %r48, 1;
	add.s32 %r44, %r44, 1;
	setp.lt.s32 %p10, %r44, %r16;
	@%p10 bra A;
	bra.uni END;
BSTART:
	mov.u32 %r46, 0;
B:
	@%p9 bra B_SKIP;
	mov.u32 %r33, mbar;
	{.reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%r33];}
B_SKIP:
	setp.eq.s32 %p13, %r17, 2;
	@%p13 bra B_TEST;
	bra.uni B_TRY;
B_TEST:
	mov.u32 %r39, mbar;
	add.s32 %r37, %r39, 8;
	{.reg .pred p; W: mbarrier.test_wait.parity.shared::cta.b64 p, [%r37], %r48; @!p bra W;}
	bra.uni B_JOIN;
B_TRY:
	mov.u32 %r36, mbar;
	add.s32 %r34, %r36, 8;
	{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r34], %r48; @!p bra W;}
B_JOIN:
	xor.b32 %r48, %r48, 1;
	add.s32 %r46, %r46, 1;
	setp.lt.s32 %p14, %r46, %r16;
	@%p14 bra B;
END:
	{.reg .pred p; .reg .b32 z;
	mbarrier.test_wait.parity.shared::cta.b64 p, [%r28], 0;
	selp.b32 z, 1, 0, p;
	add.u32 %r40, %r40, z;}
	ret;
}
`

func TestPingpongLowering(t *testing.T) {
	_, k, l := lowered(t, pingpongPTX)
	var movs, waits, bras []*exec.InstInfo
	for _, inf := range k.Infos() {
		switch inf.Op {
		case ptx.OpMov:
			if k.Entry().Insts[inf.PC].Ops[1].Kind == ptx.OpdSym {
				movs = append(movs, inf)
			}
		case ptx.OpMbarrier:
			if inf.Async == exec.AsyncMbarWait {
				waits = append(waits, inf)
			}
		case ptx.OpBra:
			bras = append(bras, inf)
		}
	}
	require.Len(t, movs, 6)
	// loop A: both wait paths read SR_CgaCtaId, the arrive reuses it
	assert.True(t, l.sharedBase(movs[0]), "A's test_wait path: S2UR")
	assert.True(t, l.sharedBase(movs[1]), "A's try_wait path: S2UR")
	assert.False(t, l.sharedBase(movs[2]), "A's arrive: [R11+URZ+0x8], no read")
	// loop B: the arrive's read at the top, then each wait path's
	assert.True(t, l.sharedBase(movs[3]), "B's arrive: S2R at the loop's top")
	assert.True(t, l.sharedBase(movs[4]), "B's test_wait path: S2R")
	assert.True(t, l.sharedBase(movs[5]), "B's try_wait path: S2R")

	require.Len(t, waits, 5)
	for i, w := range waits[:4] {
		assert.NotZero(t, l.at(w).flags&schedWaitLoop, "wait %d closes its loop", i)
		// the SASS: each wait loop ends in a BSYNC (a join: A_JOIN, B_JOIN
		// or the arm's bra.uni)
		assert.NotZero(t, l.at(w).flags&schedWaitJoin, "wait %d exits into a join", i)
	}
	assert.Zero(t, l.at(waits[4]).flags&schedWaitLoop, "a test_wait read through selp: no loop")

	// the guarded arrives: predicated, no BRA
	var ifConv int
	for _, b := range bras {
		if l.at(b).shape == brIfConv {
			ifConv++
			lo, hi := l.sched.skipLo[b.PC], l.sched.skipHi[b.PC]
			assert.Equal(t, ptx.OpMbarrier, k.Entry().Insts[hi-1].Op, "the skipped block ends with the arrive")
			assert.LessOrEqual(t, hi-lo, int32(3))
		}
	}
	assert.Equal(t, 2, ifConv, "both guarded arrives")
}

// tmai_sep_n2's two waits (validation/microbench/tmai_sep_n2_1k_none/
// kernel.ptx, condensed): straight-line waits inside `if (tid == 0)`, each
// followed by a clock read. Their SASS (tools/microbench/
// tmai_sass_sep_n2.txt) is ptxas's fast path, `TRYWAIT P0; @!P0 BRA
// retry; CS2R`, no BSSY/BSYNC: wait loops, no joins.
const tmaiWaitsPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 mbar[16];
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra DONE;
	mov.u32 %r2, mbar;
	add.s32 %r3, %r2, 8;
	mov.u32 %r4, 0;
	mov.u64 %rd2, %clock64;
	{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r2], %r4; @!p bra W;}
	mov.u64 %rd3, %clock64;
	{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r3], %r4; @!p bra W;}
	mov.u64 %rd4, %clock64;
	st.global.v2.u64 [%rd1], {%rd3, %rd4};
DONE:
	bar.sync 0;
	ret;
}
`

func TestTmaiWaitsAreFastPaths(t *testing.T) {
	_, k, l := lowered(t, tmaiWaitsPTX)
	var waits []*exec.InstInfo
	for _, inf := range k.Infos() {
		if inf.Op == ptx.OpMbarrier && inf.Async == exec.AsyncMbarWait {
			waits = append(waits, inf)
		}
	}
	require.Len(t, waits, 2)
	for i, w := range waits {
		assert.NotZero(t, l.at(w).flags&schedWaitLoop, "wait %d closes its loop", i)
		assert.Zero(t, l.at(w).flags&schedWaitJoin, "wait %d: no join after it (no BSYNC in SASS)", i)
	}
}
