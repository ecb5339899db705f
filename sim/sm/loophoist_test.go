package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// Loop shapes and what ptxas 13.0 (sm_90a, cuobjdump on the H200) made of
// them: loop S is stsm_x1's (stores, then the counter and its compare;
// SASS: STSM; UIADD3; STSM; ISETP; STSM ...; BRA: the compare at the top);
// loop R is register arithmetic only (sched.go's run hoists it: not
// marked); loop D has a branch in its body (not straight-line: not
// marked); loop V compares two counters (not one counter: not marked).
// Session 10, from the SASS of every microbenchmark: loop T stores a TMA
// tile and commits it (tmast7_st_*: UIADD3; ISETP; UTMASTG; ...; BRA:
// marked); loop B reduces in bulk (tmast9_red: ELECT; UBLKRED; BRA.U.ANY;
// UIADD3; ISETP: the ELECT loop ends the straight line: not marked); loop
// K branches over a reduction, its counter read only before the branch
// (tmast9_skip_*: UIADD3 and ISETP in the header, before the forward
// BRA: marked); loop D reads its counter in the skipped block (tmast9_sw8:
// the cases read i, VIADD and ISETP stay in the latch); loop I branches
// over one add, which ptxas predicates (tmast9_sw2: a straight line that
// keeps VIADD; ISETP; BRA: not marked).
const loopHoistPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u64 pm, .param .u64 pg, .param .u32 psel)
{
	.reg .pred %p<16>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b8 sm[64];
	ld.param.u32 %r1, [pn];
	mov.u32 %r2, sm;
	mov.u32 %r3, 0;
S:
	st.shared.u32 [%r2], %r3;
	st.shared.u32 [%r2+4], %r3;
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p1, %r3, %r1;
	@%p1 bra S;
	mov.u32 %r4, 0;
R:
	xor.b32 %r5, %r5, %r4;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p2, %r4, %r1;
	@%p2 bra R;
	mov.u32 %r6, 0;
D:
	setp.eq.s32 %p3, %r6, 3;
	@%p3 bra D_SKIP;
	st.shared.u32 [%r2], %r6;
D_SKIP:
	add.s32 %r6, %r6, 1;
	setp.lt.s32 %p4, %r6, %r1;
	@%p4 bra D;
	mov.u32 %r7, 0;
	mov.u32 %r8, 0;
V:
	st.shared.u32 [%r2], %r7;
	add.s32 %r7, %r7, 1;
	add.s32 %r8, %r8, 2;
	setp.lt.s32 %p5, %r7, %r8;
	@%p5 bra V;
	ld.param.u64 %rd1, [pm];
	ld.param.u64 %rd2, [pg];
	ld.param.u32 %r20, [psel];
	mov.u32 %r9, 0;
T:
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd1, {%r9, %r9}], [%r2];
	cp.async.bulk.commit_group;
	add.s32 %r9, %r9, 1;
	setp.lt.s32 %p6, %r9, %r1;
	@%p6 bra T;
	mov.u32 %r10, 0;
B:
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd2], [%r2], 64;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	add.s32 %r10, %r10, 1;
	setp.lt.s32 %p7, %r10, %r1;
	@%p7 bra B;
	mov.u32 %r11, 0;
K:
	add.u32 %r12, %r12, %r11;
	setp.ne.s32 %p8, %r20, 1;
	@%p8 bra K_SKIP;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd2], [%r2], 64;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
K_SKIP:
	add.s32 %r11, %r11, 1;
	setp.lt.s32 %p9, %r11, %r1;
	@%p9 bra K;
	mov.u32 %r13, 0;
I:
	st.shared.u32 [%r2], %r13;
	setp.eq.s32 %p10, %r20, 0;
	@%p10 bra I_SKIP;
	add.u32 %r14, %r14, 3;
I_SKIP:
	add.s32 %r13, %r13, 1;
	setp.lt.s32 %p11, %r13, %r1;
	@%p11 bra I;
	st.global.u32 [%rd2], %r14;
	st.global.u32 [%rd2+4], %r12;
	ret;
}
`

func TestLoopHoistMarks(t *testing.T) {
	p, k, l := lowered(t, loopHoistPTX)
	f := p.Funcs[0]
	marked := map[string]bool{}
	// loop S: its top is the first store, its members the add, setp and bra
	var tops []string
	members := map[int16][]string{}
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		en := l.at(info)
		if in.Op == ptx.OpBra && in.Guard >= 0 {
			marked[f.Regs[in.Guard].Name] = en.flags&schedLoopBranch != 0
		}
		if en.flags&schedLoopTop != 0 {
			tops = append(tops, in.Text)
		}
		if en.flags&(schedLoopMember|schedLoopBranch) != 0 {
			members[en.loop] = append(members[en.loop], in.Text)
		}
	}
	assert.Equal(t, map[string]bool{"%p1": true, "%p2": false, "%p3": false, "%p4": false, "%p5": false,
		"%p6": true, "%p7": false, "%p8": false, "%p9": true, "%p10": false, "%p11": false}, marked)
	// loop K's first slot is its invariant compare (hoisted out by
	// predbranch.go: no SASS in the loop, but issued there in the model)
	assert.Equal(t, []string{"st.shared.u32", "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group", "setp.ne.s32"}, tops)
	loop := []string{"add.s32", "setp.lt.s32", "bra"}
	assert.Equal(t, map[int16][]string{1: loop, 2: loop, 3: loop}, members)
}
