package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Warp 1 runs a dependent chain of 64 multiplies before bar.sync, warp 0
// goes straight there; each warp reads %clock64 before and after the
// barrier and stores both (out[warp][0], out[warp][1]).
const barClockPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry barclock(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	shr.u32 %r2, %r1, 5;
	mov.u32 %r3, %r1;
	mov.u32 %r4, 0;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra BAR;
LOOP:
	mul.lo.u32 %r3, %r3, 3;
	add.u32 %r4, %r4, 1;
	setp.lt.u32 %p1, %r4, 64;
	@%p1 bra LOOP;
BAR:
	mov.u64 %rd2, %clock64;
	bar.sync 0;
	mov.u64 %rd3, %clock64;
	and.b32 %r5, %r1, 31;
	setp.ne.u32 %p1, %r5, 0;
	@%p1 bra DONE;
	mul.wide.u32 %rd4, %r2, 16;
	add.u64 %rd5, %rd1, %rd4;
	st.global.v2.u64 [%rd5], {%rd2, %rd3};
DONE:
	ret;
}
`

// A clock read right after bar.sync reads the cycle the warp arrived
// (BAR.SYNC.DEFER_BLOCKING; sim/sm/barclock.go): on the H200 every warp's
// rep 0 and rep 1 of a multi-warp load microbenchmark add up to the same
// total (gls2_ld32_coal_w4: 1016+697, 1158+549, 1354+353, 1348+355
// cycles), so the early warp's rep 1 starts at its arrival. Here warp 0
// arrives hundreds of cycles before warp 1: its read after the barrier is
// within a few cycles of its read before, warp 1's likewise, and the two
// reads after the barrier differ by about the arrival skew.
func TestClockAfterBarrierReadsArrival(t *testing.T) {
	v := u64s(timedOne(t, "barclock", barClockPTX, 64, 32)[0])
	pre0, post0, pre1, post1 := v[0], v[1], v[2], v[3]
	skew := pre1 - pre0
	require.Greater(t, skew, int64(200), "warp 1's chain: 64 dependent multiplies")
	assert.LessOrEqual(t, post0-pre0, int64(8), "warp 0 reads its arrival, not the release")
	assert.LessOrEqual(t, post1-pre1, int64(8))
	assert.InDelta(t, skew, post1-post0, 8)
}
