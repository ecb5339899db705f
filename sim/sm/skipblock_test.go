package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// skipPTX: loop A is t9_x's kind 7 (tmast9_skip_*, nvcc 13.0 -O3): the
// destination's `and; cvt; add.s64` before a branch on a loop-invariant
// compare over the bulk reduction; the block is laid out of line and the
// three are sunk into it. Loop B's block holds a branch (no out-of-line
// block); C's `if` lies after the loop (no loop around it).
const skipPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pd, .param .u32 pn, .param .u32 psel)
{
	.reg .pred %p<10>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<10>;
	.shared .align 16 .b8 dsm[1024];
	ld.param.u64 %rd1, [pd];
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [psel];
	mov.u32 %r3, 0;
	mov.u32 %r4, 0;
	mov.u32 %r9, 0;
$A:
	and.b32 %r5, %r3, 64512;
	cvt.u64.u32 %rd2, %r5;
	add.s64 %rd3, %rd1, %rd2;
	add.u32 %r9, %r9, %r4;
	setp.ne.s32 %p1, %r2, 1;
	@%p1 bra $A_J;
	mov.u32 %r6, dsm;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd3], [%r6], 1024;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
$A_J:
	add.s32 %r4, %r4, 1;
	add.s32 %r3, %r3, 1024;
	setp.lt.s32 %p2, %r4, %r1;
	@%p2 bra $A;
	mov.u32 %r7, 0;
$B:
	setp.ne.s32 %p3, %r2, 1;
	@%p3 bra $B_J;
	setp.eq.s32 %p4, %r9, 7;
	@%p4 bra $B_J;
	add.u32 %r9, %r9, 3;
$B_J:
	add.s32 %r7, %r7, 1;
	setp.lt.s32 %p5, %r7, %r1;
	@%p5 bra $B;
	setp.ne.s32 %p6, %r2, 2;
	@%p6 bra $C_J;
	st.global.u32 [%rd1], %r9;
$C_J:
	ret;
}
`

func TestSkipBlocks(t *testing.T) {
	p, k, l := lowered(t, skipPTX)
	f := p.Funcs[0]
	labelAt := labelsAt(f)
	got := map[string]bool{} // guarded branch -> out-of-line block
	var sunk []string
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		if in.Op == ptx.OpBra && in.Guard >= 0 {
			got[labelAt[branchTarget(in, len(f.Insts)+1)]] = l.skipBlock(info)
		}
		for _, pcs := range l.sched.skipSunk {
			for _, s := range pcs {
				if int(s) == pc && l.at(info).kind == lowFused {
					sunk = append(sunk, in.Op.String())
				}
			}
		}
	}
	assert.Equal(t, map[string]bool{"$A_J": true, "$A": false, "$B_J": false, "$B": false, "$C_J": false}, got)
	assert.Equal(t, []string{"and", "cvt", "add"}, sunk)
}
