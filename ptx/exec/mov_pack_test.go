package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mov packs and unpacks vectors the same on a full warp (the register-at-a-
// time path) and on part of one (lane by lane): b64 from {lo, hi} b32,
// b32 from four b8 pieces of b16 registers, and back. Values by hand.
func TestMovPackUnpack(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b16 %h<5>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.lo.u32 %r2, %r1, 3;
	xor.b32 %r3, %r1, 0x5a5a0000;
	mul.wide.u32 %rd2, %r1, 16;
	add.s64 %rd3, %rd1, %rd2;
	setp.lt.u32 %p1, %r1, 40;     // warp 1: lanes 32-39 only
	@!%p1 bra DONE;
	mov.b64 %rd4, {%r2, %r3};     // hi:lo = r3:r2
	mov.b64 {%r4, %r5}, %rd4;     // r4 = r2, r5 = r3
	cvt.u16.u32 %h1, %r1;
	mov.b32 %r6, {%h1, %h1};      // tid | tid<<16
	mov.b32 {%h2, %h3}, %r3;      // h2 = low half, h3 = high half
	cvt.u32.u16 %r7, %h3;
	add.s32 %r8, %r4, %r5;
	st.global.v2.u32 [%rd3], {%r8, %r6};
	st.global.u32 [%rd3+8], %r7;
	st.global.u32 [%rd3+12], %r5;
DONE:
	ret;
}
`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{64, 1, 1}, 64*4, 0)
	require.NoError(t, err)
	for tid := 0; tid < 64; tid++ {
		want := []uint32{0, 0, 0, 0}
		if tid < 40 {
			r3 := uint32(tid) ^ 0x5a5a0000
			want = []uint32{uint32(3*tid) + r3, uint32(tid) | uint32(tid)<<16, r3 >> 16, r3}
		}
		assert.Equal(t, want, out[4*tid:4*tid+4], "thread %d", tid)
	}
}
