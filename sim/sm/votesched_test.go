package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// A warp11_vote-shaped loop (tools/microbench/warp11.cu: independent
// x = ballot(x != 0)) of two chains, and a warp11_shfl_vote-shaped step
// (y = x ^ 1; p = y != 0; ballot p; x += y).
const voteSchedPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn)
{
	.reg .pred %p<8>;
	.reg .b32 %r<16>;
	ld.param.u32 %r2, [pn];
	mov.u32 %r5, %tid.x;
	add.s32 %r6, %r5, 7;
	mov.u32 %r4, 0;
L:
	setp.ne.u32 %p1, %r5, 0;
	vote.sync.ballot.b32 %r5, %p1, -1;
	setp.ne.u32 %p2, %r6, 0;
	vote.sync.ballot.b32 %r6, %p2, -1;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p3, %r4, %r2;
	@%p3 bra L;
	xor.b32 %r7, %r5, 1;
	setp.ne.u32 %p4, %r7, 0;
	vote.sync.ballot.b32 %r8, %p4, -1;
	add.s32 %r9, %r8, %r7;
	add.s32 %r10, %r9, 3;
	setp.eq.u32 %p5, %r10, 0;
	xor.b32 %r11, %r9, %r6;
	setp.ne.u32 %p6, %r11, 1;
	setp.lt.u32 %p7, %r11, 0;
	selp.b32 %r12, 1, 0, %p4;
	selp.b32 %r13, 1, 0, %p5;
	selp.b32 %r14, 1, 0, %p6;
	selp.b32 %r15, 1, 0, %p7;
	ret;
}
`

// TestVoteOrder: the schedule's rules by hand (one issue a cycle, ALU one
// per 2 cycles with results 4 cycles after issue, the loop compare 13
// cycles ahead of its branch, VOTE a result 12 after): cycle 0 add i
// (longest path); 2 setp p1; 4 setp p3 (the loop's compare: path 13); 6
// setp p2 (the ALU's next free cycle; ties go to the longer path, the
// compare's 4 over the VOTE's 0); 7 vote r5; 8 vote r6. The second
// compare goes ahead of the first VOTE, as ptxas puts the ISETPs ahead of
// the VOTEs (warp11_vote_w1: a VOTE every 4.2 cycles on one warp, the
// rate of 32 warps; in the PTX order each VOTE waits for its ISETP).
func TestVoteOrder(t *testing.T) {
	_, k, l := lowered(t, voteSchedPTX)
	infos := k.Infos()
	first := -1
	for i, inf := range infos {
		if inf.Op == ptx.OpSetp && first < 0 {
			first = i
		}
	}
	require.GreaterOrEqual(t, first, 0)
	var got []int
	for i := first; i < first+6; i++ {
		got = append(got, int(l.issueOrder()[0][i])-first)
	}
	// PTX positions: 0 setp p1, 1 vote r5, 2 setp p2, 3 vote r6, 4 add i, 5 setp p3
	assert.Equal(t, []int{4, 0, 5, 2, 1, 3}, got)
}

// TestGTOFlags: the scheduler_math_gto classes the lowering stores are
// the rules of schedpolicy.go: one SASS instruction of the FP32 or branch
// pipe (an FFMA, the loop's BRA) is schedGTOMath, a free move nothing,
// an ALU or VOTE instruction neither class.
func TestGTOFlags(t *testing.T) {
	_, k, l := lowered(t, schedPTX)
	for _, info := range k.Infos() {
		f := l.at(info).flags & schedGTO
		switch {
		case info.Op == ptx.OpBra:
			assert.Equal(t, schedGTOMath, f, info.Text)
		case info.Op == ptx.OpMad || info.Op == ptx.OpLop3:
			assert.Zero(t, f, info.Text) // IMAD, LOP3: the half-rate pipes
		}
	}
	_, k2, l2 := lowered(t, voteSchedPTX)
	for _, info := range k2.Infos() {
		if info.Op == ptx.OpVote {
			assert.Zero(t, l2.at(info).flags&schedGTO, info.Text)
		}
	}
}
