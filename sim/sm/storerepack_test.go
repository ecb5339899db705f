package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// TestStoreRepacks: gls.cu's st.global.v2 of {v+k, v+k+1} then
// {v+k+1, v+k+2} (the second's element 0 is the first's element 1: ptxas
// copies into aligned pairs, tools/microbench/gls_sass_stg.txt) marks the
// first; a store of the same pair in the same positions (gls2.cu's, the
// gls32 probe's fixed {a, b}: 8.26 cycles a v2 store with or without adds
// between) does not, nor the last before a branch, nor a scalar store.
func TestStoreRepacks(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<32>;
	ld.param.u64 %rd1, [p];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, 7;
	add.s32 %r2, %r1, 1;
	add.s32 %r3, %r1, 2;
	st.global.v2.u32 [%rd2], {%r1, %r2};
	st.global.v2.u32 [%rd2+256], {%r2, %r3};
	st.global.v2.u32 [%rd2+512], {%r2, %r3};
	st.global.v2.u32 [%rd2+768], {%r2, %r3};
	st.global.u32 [%rd2+1024], %r3;
	st.global.v2.u32 [%rd2+1280], {%r3, %r1};
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra DONE;
	st.global.v2.u32 [%rd2+1536], {%r1, %r2};
DONE:
	ret;
}
`
	p, k, l := lowered(t, src)
	f := p.Funcs[0]
	var got []bool
	for pc, info := range k.Infos() {
		if in := &f.Insts[pc]; in.Op == ptx.OpSt {
			got = append(got, l.storeRepack(info))
		}
	}
	// {r1,r2} -> {r2,r3}: r2 moves; {r2,r3} -> {r2,r3} twice: in place;
	// {r2,r3} -> (u32) -> {r3,r1}: r3 moves; {r3,r1} -> bra: cut; the last
	assert.Equal(t, []bool{true, false, false, true, false, false, false}, got)
}
