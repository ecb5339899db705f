package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// gls.cu's gls_st64 and gls_st128 loops (validation/microbench/
// gls_st64_coal_w1/kernel.ptx, cut to four stores): each store writes
// {v+k, v+k+1} or {v+k, .., v+k+3}, so each value after the first store's
// is an element of another vector already. ptxas 13.0's loops
// (tools/microbench/gls_sass_stg.txt) have 16 MOV / IMAD.MOV.U32 for 16
// STG.E.64 and 46 for 16 STG.E.128: 15 and 45 by the rule (1 and 3 a
// store after the first). gls2.cu stores one fixed vector {a, b} every
// time (no copy in its SASS); a vector with one register twice needs one.
func TestVecStoreMovs(t *testing.T) {
	src := `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<32>;
	.reg .b64 %rd<32>;
	ld.param.u64 %rd1, [p];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, 7;
	add.s32 %r2, %r1, 1;
	add.s32 %r3, %r1, 2;
	add.s32 %r4, %r1, 3;
	add.s32 %r5, %r1, 4;
	add.s32 %r6, %r1, 5;
	add.s32 %r7, %r1, 6;
	st.global.v2.u32 [%rd2], {%r1, %r2};
	st.global.v2.u32 [%rd2+256], {%r2, %r3};
	st.global.v2.u32 [%rd2+512], {%r3, %r4};
	st.global.v4.u32 [%rd2+1024], {%r1, %r2, %r3, %r4};
	st.global.v4.u32 [%rd2+2048], {%r5, %r6, %r7, %r1};
	st.global.v2.u32 [%rd2+3072], {%r20, %r21};
	st.global.v2.u32 [%rd2+3328], {%r20, %r21};
	st.global.v2.u32 [%rd2+3584], {%r22, %r22};
	st.global.u32 [%rd2+4096], %r3;
	ret;
}
`
	p, k, l := lowered(t, src)
	f := p.Funcs[0]
	var got []int
	for pc, info := range k.Infos() {
		if in := &f.Insts[pc]; in.Op == ptx.OpSt {
			got = append(got, int(l.at(info).movs))
		}
	}
	assert.Equal(t, []int{
		0, // {r1, r2}: both placed
		1, // {r2, r3}: r2 sits in the first pair
		1, // {r3, r4}: r3 in the second
		4, // {r1..r4}: r1, r2, r3, r4 each placed in an earlier vector
		1, // {r5, r6, r7, r1}: r1
		0, // {r20, r21}: placed
		0, // the same vector again: in place
		1, // {r22, r22}: one copy
		0, // a scalar store
	}, got)
}

// TestStoresJoinRuns: a plain global store is part of a run of register
// arithmetic (schedrun.go runStore), so the next store's address add
// moves above it, as ptxas's gls_st32 loop computes later stores'
// addresses before the earlier STGs (tools/microbench/gls_sass_stg.txt).
// By the schedule's rules: add A (2 slots, ALU busy 4 cycles) at 0; at 4
// add B (path 4 + 12 to its store) and store S1 (path 12: a store's
// priority) are both ready, B goes first; S1 at 6, S2 at 8 (B's result).
// PTX order A S1 B S2 becomes A B S1 S2.
func TestStoresJoinRuns(t *testing.T) {
	src := `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u64 q, .param .u64 r)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<16>;
	ld.param.u64 %rd1, [p];
	ld.param.u64 %rd10, [q];
	ld.param.u64 %rd11, [r];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, 7;
	bar.sync 0;
	add.s64 %rd3, %rd2, %rd10;
	st.global.u32 [%rd3], %r1;
	add.s64 %rd4, %rd2, %rd11;
	st.global.u32 [%rd4], %r1;
	ret;
}
`
	p, _, l := lowered(t, src)
	f := p.Funcs[0]
	first := -1
	for pc := range f.Insts {
		if f.Insts[pc].Op == ptx.OpAdd && first < 0 {
			first = pc
		}
	}
	var got []int
	for i := first; i < first+4; i++ {
		got = append(got, int(l.issueOrder()[0][i])-first)
	}
	// PTX positions: 0 add A, 1 st S1, 2 add B, 3 st S2
	assert.Equal(t, []int{0, 2, 1, 3}, got)
}
