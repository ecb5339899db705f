package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One warp, twice (the first pass brings the code into the instruction
// cache; the second is measured): a div.u64 (ptxas's subroutine call) and
// an add of its result between two clock reads; then another div.u64 and
// 20 dependent FP32 adds that do not read it between the next two.
const divCallPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry divcall(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b64 %rd<20>;
	.reg .b32 %r<4>;
	.reg .f32 %f<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	cvt.u64.u32 %rd2, %r1;
	cvt.rn.f32.u32 %f1, %r1;
	add.u64 %rd3, %rd2, 1099511627776;
	add.u64 %rd4, %rd2, 8589934597;
	add.u64 %rd10, %rd2, 1099511627999;
	mov.u64 %rd15, %rd1;
	mov.u32 %r2, 0;
REP:
	mov.u64 %rd5, %clock64;
	div.u64 %rd6, %rd3, %rd4;
	add.u64 %rd8, %rd6, 1;
	mov.u64 %rd7, %clock64;
	div.u64 %rd11, %rd10, %rd4;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	add.f32 %f1, %f1, 0f3F800000;
	mov.u64 %rd9, %clock64;
	add.u64 %rd14, %rd11, %rd8;
	cvt.rzi.u64.f32 %rd12, %f1;
	add.u64 %rd14, %rd14, %rd12;
	st.global.v2.u64 [%rd15], {%rd5, %rd7};
	st.global.v2.u64 [%rd15+16], {%rd9, %rd14};
	add.u64 %rd15, %rd15, 32;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, 2;
	@%p1 bra REP;
	ret;
}
`

// The warp runs a 64-bit division's subroutine itself (CALL.REL.NOINC to
// RET.REL.NODEC, cuobjdump of idiv_div_u64 / idivtput_u64): nothing of
// its own after the CALL issues before the RET has redirected, so work
// that does not read the quotient starts no earlier than an add of it
// would. The H200 measures it: idivtput_u64_w4 (one warp per scheduler,
// four independent divisions a step) takes 384 cycles a division, more
// than the dependent chain idiv_div_u64's 307 a division and add; work
// overlapping a division's tail would make it less. Here 20 dependent
// FADDs (4 cycles each, chain_add_f32) after the second division take
// their 80 cycles after its return.
func TestDivisionSubroutineHoldsTheWarp(t *testing.T) {
	v := u64s(timedOne(t, "divcall", divCallPTX, 32, 64)[0])[4:] // the second pass
	one, two := v[1]-v[0], v[2]-v[1]
	t.Logf("a division and its add %d cycles, a division and 20 FADDs %d", one, two)
	require.Greater(t, one, int64(200), "a 64-bit division: hundreds of cycles")
	assert.GreaterOrEqual(t, two, one+20*4-12, "the FADDs start after the division's return")
}
