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
const loopHoistPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn)
{
	.reg .pred %p<8>;
	.reg .b32 %r<24>;
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
	ret;
}
`

func TestLoopHoistMarks(t *testing.T) {
	p, k, l := lowered(t, loopHoistPTX)
	f := p.Funcs[0]
	marked := map[string]bool{}
	// loop S: its top is the first store, its members the add, setp and bra
	var tops, members []string
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
			members = append(members, in.Text)
			assert.EqualValues(t, 1, en.loop)
		}
	}
	assert.Equal(t, map[string]bool{"%p1": true, "%p2": false, "%p3": false, "%p4": false, "%p5": false}, marked)
	assert.Equal(t, []string{"st.shared.u32"}, tops)
	assert.Equal(t, []string{"add.s32", "setp.lt.s32", "bra"}, members)
}

// Bulk-group loops (session 19, cuobjdump of tmast7's t7_st on the H200):
// loop B is a plain bulk store with uniform operands and its commit
// (SASS: ISETP.LE above UBLKCP.G.S; the compare at the top: marked); loop
// Q the same bulk reduction (ELECT; UBLKRED; ...; UIADD3; ISETP after it:
// not marked); loop E a store whose address comes from %tid.x (ptxas's
// R2UR / ELECT loop, bulkelect.go: not marked).
const loopHoistBulkPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pd, .param .u32 pn)
{
	.reg .pred %p<8>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<8>;
	.shared .align 128 .b8 sm[1024];
	ld.param.u64 %rd1, [pd];
	ld.param.u32 %r1, [pn];
	mov.u32 %r2, sm;
	mov.u32 %r3, 0;
B:
	mul.wide.u32 %rd2, %r3, 256;
	add.s64 %rd3, %rd1, %rd2;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r2], 256;
	cp.async.bulk.commit_group;
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p1, %r3, %r1;
	@%p1 bra B;
	mov.u32 %r4, 0;
Q:
	mul.wide.u32 %rd4, %r4, 256;
	add.s64 %rd5, %rd1, %rd4;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd5], [%r2], 256;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p2, %r4, %r1;
	@%p2 bra Q;
	mov.u32 %r5, 0;
	mov.u32 %r6, %tid.x;
	mul.wide.u32 %rd6, %r6, 256;
	add.s64 %rd7, %rd1, %rd6;
E:
	cp.async.bulk.global.shared::cta.bulk_group [%rd7], [%r2], 256;
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p3, %r5, %r1;
	@%p3 bra E;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`

func TestLoopHoistBulkStoreMarks(t *testing.T) {
	p, k, l := lowered(t, loopHoistBulkPTX)
	f := p.Funcs[0]
	marked := map[string]bool{}
	var tops []string
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		en := l.at(info)
		if in.Op == ptx.OpBra && in.Guard >= 0 {
			marked[f.Regs[in.Guard].Name] = en.flags&schedLoopBranch != 0
		}
		if en.flags&schedLoopTop != 0 {
			tops = append(tops, in.Text)
		}
	}
	assert.Equal(t, map[string]bool{"%p1": true, "%p2": false, "%p3": false}, marked)
	assert.Len(t, tops, 1)
}
