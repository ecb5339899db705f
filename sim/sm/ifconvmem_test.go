package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// gmem_chase_hist_16k's timed loop (its PTX, gmem.cu hist = 1), then two
// guarded blocks outside it: address arithmetic and a st.shared of 7
// instructions (ptxas keeps most such BRAs, m1434.md) and an
// mbarrier.init (kept: its SASS has a BRA in every clear case of the
// corpus).
const ifConvMemPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 k_p0, .param .u32 k_p1)
{
	.reg .pred %p<20>;
	.reg .b32 %r<40>;
	.reg .b64 %rd<100>;
	.shared .align 8 .b64 bar;
	.shared .align 4 .b8 sm[256];
	ld.param.u64 %rd1, [k_p0];
	ld.param.u32 %r9, [k_p1];
	cvta.to.global.u64 %rd81, %rd1;
	mov.u64 %rd83, %rd81;
	mov.u32 %r27, 0;
L18:
	ld.global.u64 %rd83, [%rd83];
	mov.u64 %rd53, %clock64;
	setp.gt.u32 %p12, %r27, 1023;
	@%p12 bra L20;
	st.global.u32 [%rd81], %rd53;
L20:
	add.s32 %r27, %r27, 1;
	add.s64 %rd81, %rd81, 4;
	setp.lt.s32 %p13, %r27, %r9;
	@%p13 bra L18;
	mov.u32 %r1, %tid.x;
	setp.ne.s32 %p2, %r1, 1;
	@%p2 bra L31;
	shl.b32 %r5, %r1, 2;
	and.b32 %r6, %r5, 60;
	add.s32 %r7, %r6, 4;
	xor.b32 %r8, %r7, 1;
	mov.u32 %r10, sm;
	add.s32 %r11, %r10, %r8;
	st.shared.u32 [%r11], %r1;
L31:
	setp.ne.s32 %p3, %r1, 2;
	@%p3 bra L32;
	mov.u32 %r12, bar;
	mbarrier.init.shared::cta.b64 [%r12], 1;
L32:
	ret;
}
`

func TestIfConvMemBlocks(t *testing.T) {
	_, k, low := lowered(t, ifConvMemPTX)
	f, infos := k.Entry(), k.Infos()
	var bras, stores []int
	for pc := range f.Insts {
		switch f.Insts[pc].Op {
		case ptx.OpBra:
			if branchTarget(&f.Insts[pc], len(infos)+1) > pc {
				bras = append(bras, pc)
			}
		case ptx.OpSt:
			stores = append(stores, pc)
		}
	}
	require.Len(t, bras, 3)
	require.Len(t, stores, 2)
	brs := brShapes(f, infos)
	// the hist loop's lone store: predicated, its guard %p12, and the
	// counter's and address's adds after the block fill the guard's wait
	assert.Equal(t, brIfConv, brs.shape[bras[0]], "`@!P0 STG` in gmem_chase_hist_16k's SASS")
	require.NotNil(t, brs.guard)
	assert.Equal(t, f.Insts[bras[0]].Guard+1, brs.guard[stores[0]])
	add32, add64 := stores[0]+1, stores[0]+2
	assert.Equal(t, uint8(infos[add32].Slots+infos[add64].Slots), brs.fill[stores[0]], "add.s32 and add.s64, not the setp")
	assert.Equal(t, brPlain, brs.shape[bras[1]], "7 instructions: a BRA")
	assert.Equal(t, int32(0), brs.guard[stores[1]])
	assert.Equal(t, brPlain, brs.shape[bras[2]], "mbarrier.init: a BRA")

	// the loop is straight-line in SASS: its counter and compare are marked
	// (loophoist.go) through the if-converted branch and its label
	ent := low.sched.ent[low.sched.entry]
	assert.NotZero(t, ent[add32].flags&schedLoopMember, "the counter's add")

	// hand-derived: the guard ready at 100 (the compare's ALU latency
	// after its issue), branch_predicate_cycles 9: the STG at 109 less the
	// fill's slots
	s := &SM{cfg: &Config{BranchPredicateCycles: 9}}
	ws := &warpState{}
	ws.setReg(f.Insts[bras[0]].Guard, 100, StallWait)
	en := ent[stores[0]]
	assert.Equal(t, engine.Cycle(109-int(en.ifFill)), s.ifGuardReady(ws, &en))
	assert.Equal(t, engine.Cycle(0), s.ifGuardReady(ws, &ent[add32]), "no guard")
}
