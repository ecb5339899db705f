package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cp.async of 4/8/16 bytes: a plain copy, src-size 4 of 8 (the rest
// zero-filled), ignore-src (all zeros), then commit/wait and read back.
func TestCpAsync(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 sbuf[64];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, sbuf;
	mov.u32 %r2, 0x11111111;
	mov.u32 %r3, 0x22222222;
	st.global.v4.u32 [%rd1], {%r2, %r3, %r2, %r3};
	st.shared.v4.u32 [%r1+32], {%r2, %r2, %r2, %r2};
	cp.async.ca.shared.global [%r1], [%rd1], 4;
	cp.async.ca.shared.global [%r1+8], [%rd1], 8, 4;
	cp.async.commit_group;
	setp.eq.u32 %p1, %r2, %r2;
	cp.async.cg.shared.global.L2::cache_hint [%r1+32], [%rd1], 16, %p1, %rd1;
	cp.async.cg.shared.global [%r1+48], [%rd1], 16;
	cp.async.commit_group;
	cp.async.wait_group 1;
	cp.async.wait_all;
	ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r1];
	ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [%r1+32];
	ld.shared.v4.u32 {%r12, %r13, %r14, %r15}, [%r1+48];
	st.global.v4.u32 [%rd1+16], {%r4, %r5, %r6, %r7};
	st.global.v4.u32 [%rd1+32], {%r8, %r9, %r10, %r11};
	st.global.v4.u32 [%rd1+48], {%r12, %r13, %r14, %r15};
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{1, 1, 1}, 16, 0)
	require.NoError(t, err)
	a, b := uint32(0x11111111), uint32(0x22222222)
	assert.Equal(t, []uint32{a, 0, a, 0}, out[4:8], "4-byte copy; 8-byte copy with src-size 4")
	assert.Equal(t, []uint32{0, 0, 0, 0}, out[8:12], "ignore-src zero-fills")
	assert.Equal(t, []uint32{a, b, a, b}, out[12:16])
}

func TestCpAsyncErrors(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"cp.async.ca.shared.global [%r1+4], [%rd1], 8;", "misaligned shared address"},
		{"cp.async.ca.shared.global [%r1], [%rd1], 4, 8;", "src-size 8 is larger than cp-size 4"},
	} {
		src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.shared .align 16 .b8 sbuf[64];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, sbuf;
	` + tc.body + `
	ret;
}`
		_, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{1, 1, 1}, 4, 0)
		require.Error(t, err, tc.body)
		assert.Contains(t, err.Error(), tc.want)
	}
}
