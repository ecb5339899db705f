package gpu_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fenceStoresPTX: one warp writes n 8-byte words a lane (st.global.v2.f32,
// a 256-byte row a store), then reads %clock64, runs fence.acq_rel.gpu and
// reads it again; lane 0 stores the difference (the drain) at out[0].
func fenceStoresPTX(n int) string {
	return fmt.Sprintf(`
.version 8.0
.target sm_90
.address_size 64
.visible .entry fencestores(.param .u64 out, .param .u64 dst)
{
	.reg .pred %%p<2>;
	.reg .b32 %%r<8>;
	.reg .f32 %%f<2>;
	.reg .b64 %%rd<8>;
	ld.param.u64 %%rd1, [out];
	ld.param.u64 %%rd2, [dst];
	mov.u32 %%r1, %%tid.x;
	mul.wide.u32 %%rd3, %%r1, 8;
	add.u64 %%rd4, %%rd2, %%rd3;
	mov.f32 %%f1, 0f3F800000;
	mov.u32 %%r2, 0;
	setp.ge.u32 %%p1, %%r2, %d;
	@%%p1 bra FENCE;
LOOP:
	st.global.v2.f32 [%%rd4], {%%f1, %%f1};
	add.u64 %%rd4, %%rd4, 256;
	add.u32 %%r2, %%r2, 1;
	setp.lt.u32 %%p1, %%r2, %d;
	@%%p1 bra LOOP;
FENCE:
	mov.u64 %%rd5, %%clock64;
	fence.acq_rel.gpu;
	mov.u64 %%rd6, %%clock64;
	setp.ne.u32 %%p1, %%r1, 0;
	@%%p1 bra DONE;
	sub.s64 %%rd7, %%rd6, %%rd5;
	st.global.u64 [%%rd1], %%rd7;
DONE:
	ret;
}
`, n, n)
}

// A GPU-scope fence after a warp's global stores waits for their
// acknowledgements and then runs its own sequence (sim/sm/warp.go; the
// H200's sgp_k512_c1_fence: drain 1168-1186 cycles after 64 stores a
// thread where fence7's fence alone takes 267, the H100's 1532-1591
// against 671: the same ~900 on top of the fence on both GPUs). So the
// drain after stores exceeds the fence alone by more than the stores'
// round trip to L2 (hundreds of cycles), with few stores or many.
func TestWideFenceWaitsForTheWarpsStores(t *testing.T) {
	drain := func(n int) int64 {
		return u64s(timedOne(t, "fencestores", fenceStoresPTX(n), 32, 8, 256*64+256)[0])[0]
	}
	alone, few, many := drain(0), drain(4), drain(64)
	assert.Greater(t, alone, int64(50), "the fence's own sequence")
	assert.Greater(t, few, alone+200, "the stores' acknowledgements come first")
	assert.Greater(t, many, alone+200)
	t.Logf("drain: alone %d, 4 stores %d, 64 stores %d", alone, few, many)
}

// fenceRoundsPTX: every warp of the block writes n 8-byte words a lane
// (st.global.v2.f32, 256-byte rows), then lane 0 records %clock64 before
// and after fence.acq_rel.gpu at out[2w], out[2w+1].
func fenceRoundsPTX(n int) string {
	return fmt.Sprintf(`
.version 8.0
.target sm_90
.address_size 64
.visible .entry fencerounds(.param .u64 out, .param .u64 dst)
{
	.reg .pred %%p<2>;
	.reg .b32 %%r<8>;
	.reg .f32 %%f<2>;
	.reg .b64 %%rd<12>;
	ld.param.u64 %%rd1, [out];
	ld.param.u64 %%rd2, [dst];
	mov.u32 %%r1, %%tid.x;
	mul.wide.u32 %%rd3, %%r1, 8;
	add.u64 %%rd4, %%rd2, %%rd3;
	mov.f32 %%f1, 0f3F800000;
	mov.u32 %%r2, 0;
	setp.ge.u32 %%p1, %%r2, %d;
	@%%p1 bra FENCE;
LOOP:
	st.global.v2.f32 [%%rd4], {%%f1, %%f1};
	add.u64 %%rd4, %%rd4, 2048;
	add.u32 %%r2, %%r2, 1;
	setp.lt.u32 %%p1, %%r2, %d;
	@%%p1 bra LOOP;
FENCE:
	mov.u64 %%rd5, %%clock64;
	fence.acq_rel.gpu;
	mov.u64 %%rd6, %%clock64;
	and.b32 %%r3, %%r1, 31;
	setp.ne.u32 %%p1, %%r3, 0;
	@%%p1 bra DONE;
	shr.u32 %%r4, %%r1, 5;
	mul.wide.u32 %%rd7, %%r4, 16;
	add.u64 %%rd8, %%rd1, %%rd7;
	st.global.u64 [%%rd8], %%rd5;
	st.global.u64 [%%rd8+8], %%rd6;
DONE:
	ret;
}
`, n, n)
}

// GPU-scope fences of several warps share the SM's wait for its stores, in
// rounds (sim/sm/fence.go; the gst21 probe on the H200, gst21.md): with 8
// warps storing 32 st.global.v2 each and fencing, the fences end in two
// groups (GPU: 2873-2881 and 3232-3245 cycles after the first store), the
// second about one fence sequence after the first (318 alone on the GPU);
// 8 warps fencing with no store pending take the fence alone each (317).
func TestWideFencesDrainInRounds(t *testing.T) {
	spans := func(n int) (ends []int64, fences []int64) {
		v := u64s(timedOne(t, "fencerounds", fenceRoundsPTX(n), 256, 16*8, 2048*max(n, 1))[0])
		for w := 0; w < 8; w++ {
			ends, fences = append(ends, v[2*w+1]), append(fences, v[2*w+1]-v[2*w])
		}
		return ends, fences
	}
	_, alone := spans(0)
	for _, f := range alone {
		assert.InDelta(t, float64(alone[0]), float64(f), 4, "no store pending: every fence alone, unordered")
	}
	ends, _ := spans(32)
	lo, hi := ends[0], ends[0]
	for _, e := range ends {
		lo, hi = min(lo, e), max(hi, e)
	}
	for _, e := range ends {
		// within a few cycles of one round's end or the other's (the
		// clock reads' own issue order)
		assert.True(t, e-lo <= 8 || hi-e <= 8, "the fences end in two rounds: %v", ends)
	}
	assert.InDelta(t, float64(alone[0]), float64(hi-lo), float64(alone[0])/4+1, "the second round one fence sequence after the first: %v", ends)
	t.Logf("fence alone %d; ends with 32 stores a warp %v", alone[0], ends)
}
