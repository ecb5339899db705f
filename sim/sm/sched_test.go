package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// An itmix_imad_lop-shaped loop: four `mad.lo x; lop3 y, y, x, m` pairs
// (each LOP3 right after the IMAD it reads) and the loop's counter,
// compare and branch.
const schedPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pm, .param .u32 pn)
{
	.reg .pred %p<2>;
	.reg .b32 %r<16>;
	ld.param.u32 %r1, [pm];
	ld.param.u32 %r2, [pn];
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, 0;
L:
	mad.lo.u32 %r5, %r5, %r1, %r1;
	lop3.b32 %r9, %r9, %r5, %r1, 0x78;
	mad.lo.u32 %r6, %r6, %r1, %r1;
	lop3.b32 %r10, %r10, %r6, %r1, 0x78;
	mad.lo.u32 %r7, %r7, %r1, %r1;
	lop3.b32 %r11, %r11, %r7, %r1, 0x78;
	mad.lo.u32 %r8, %r8, %r1, %r1;
	lop3.b32 %r12, %r12, %r8, %r1, 0x78;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p1, %r4, %r2;
	@%p1 bra L;
	fence.mbarrier_init.release.cluster;
	ret;
}
`

// TestIssueOrder derives ptxas's order by hand from sched.go's rules (one
// issue a cycle; ALU and IMAD one per 2 cycles, results 4 cycles after
// issue; the compare 13 cycles ahead of its branch; ties to the longest
// path, then the PTX order). PTX positions: 0 mad x0, 1 lop y0, 2 mad x1,
// 3 lop y1, 4 mad x2, 5 lop y2, 6 mad x3, 7 lop y3, 8 add i, 9 setp.
// cycle 0 add i (path 4 + 13 to the branch); 1 mad x0; 3 mad x1; 4 setp;
// 5 mad x2; 6 lop y0 (x0 ready at 5, the ALU free at 6); 7 mad x3; 8 lop
// y1; 10 lop y2; 12 lop y3: as the SASS of itmix_imad_lop, no LOP3 right
// after the IMAD it reads.
func TestIssueOrder(t *testing.T) {
	_, k, l := lowered(t, schedPTX)
	infos := k.Infos()
	first := -1
	for i, inf := range infos {
		if inf.Op == ptx.OpMad && first < 0 {
			first = i
		}
	}
	require.GreaterOrEqual(t, first, 0)
	issued := func(pc int) int { return int(l.issueOrder()[0][pc]) } // the PC issued at slot pc
	var got []int
	for i := first; i < first+10; i++ {
		got = append(got, issued(i)-first)
	}
	assert.Equal(t, []int{8, 0, 2, 9, 4, 1, 6, 3, 5, 7}, got)
	bra := first + 10
	assert.Equal(t, ptx.OpBra, infos[bra].Op)
	assert.Equal(t, bra, issued(bra), "a branch keeps its place")
	assert.NotZero(t, l.at(infos[bra]).flags&schedCmpBranch, "the loop branch reads a setp's predicate")
	for i := 0; i < first; i++ {
		assert.Equal(t, i, issued(i), "instructions before the label stay (a branch target starts a run)")
	}
	assert.EqualValues(t, 1, infos[bra+1].Slots, "fence.mbarrier_init is a NOP in SASS (fence7_mbinit): one issue slot")
}
