package gpu_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fenceStoresPTX: every warp of the block writes n 8-byte words a lane
// (st.global.v2.f32, a 256-byte row a store, rows stride bytes apart),
// then lane 0 records %clock64 before and after fence.acq_rel.gpu at
// out[2w], out[2w+1].
func fenceStoresPTX(n, stride int) string {
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
	add.u64 %%rd4, %%rd4, %d;
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
`, n, stride, n)
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
		v := u64s(timedOne(t, "fencerounds", fenceStoresPTX(n, 256), 32, 16, 256*64+256)[0])
		return v[1] - v[0]
	}
	alone, few, many := drain(0), drain(4), drain(64)
	assert.Greater(t, alone, int64(50), "the fence's own sequence")
	assert.Greater(t, few, alone+200, "the stores' acknowledgements come first")
	assert.Greater(t, many, alone+200)
	t.Logf("drain: alone %d, 4 stores %d, 64 stores %d", alone, few, many)
}

// GPU-scope fences of several warps share the SM's wait for its stores, in
// rounds (sim/sm/fence.go; the gst21 probe on the H200, gst21.md): with 8
// warps storing 32 st.global.v2 each and fencing, the fences end in two
// groups (GPU: 2873-2881 and 3232-3245 cycles after the first store), the
// second about one fence sequence after the first (318 alone on the GPU);
// 8 warps fencing with no store pending take the fence alone each (317).
func TestWideFencesDrainInRounds(t *testing.T) {
	spans := func(n int) (ends []int64, fences []int64) {
		v := u64s(timedOne(t, "fencerounds", fenceStoresPTX(n, 2048), 256, 16*8, 2048*max(n, 1))[0])
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

// storeRepsPTX: one warp runs two reps of n st.global.u32 a line per lane
// (32 lines a request, gst_line's shape; lanes 384 bytes apart), each timed with %clock64 after a
// bar.sync; lane 0 stores the two spans at out[0], out[1].
func storeRepsPTX(n int) string {
	return fmt.Sprintf(`
.version 8.0
.target sm_90
.address_size 64
.visible .entry storereps(.param .u64 out, .param .u64 dst)
{
	.reg .pred %%p<3>;
	.reg .b32 %%r<8>;
	.reg .b64 %%rd<12>;
	ld.param.u64 %%rd1, [out];
	ld.param.u64 %%rd2, [dst];
	mov.u32 %%r1, %%tid.x;
	mul.wide.u32 %%rd3, %%r1, 384;
	add.u64 %%rd4, %%rd2, %%rd3;
	mov.u32 %%r5, 0;
REP:
	bar.sync 0;
	mov.u64 %%rd5, %%clock64;
	mov.u32 %%r2, 0;
	mov.u64 %%rd6, %%rd4;
LOOP:
	st.global.u32 [%%rd6], %%r2;
	add.u64 %%rd6, %%rd6, 4;
	add.u32 %%r2, %%r2, 1;
	setp.lt.u32 %%p1, %%r2, %d;
	@%%p1 bra LOOP;
	mov.u64 %%rd7, %%clock64;
	sub.s64 %%rd8, %%rd7, %%rd5;
	setp.ne.u32 %%p2, %%r1, 0;
	mul.wide.u32 %%rd9, %%r5, 8;
	add.u64 %%rd10, %%rd1, %%rd9;
	@!%%p2 st.global.u64 [%%rd10], %%rd8;
	add.u32 %%r5, %%r5, 1;
	setp.lt.u32 %%p1, %%r5, 2;
	@%%p1 bra REP;
	ret;
}
`, n)
}

// The SM's store queue holds requests, not L1 cycles (sim/sm/storequeue.go):
// on the H200 one warp's 32 stores of a line per lane (gst_line_w1, 64 L1
// cycles each) take 796 cycles to issue from an empty queue (rep 0) and
// 1982 behind rep 0's backlog (rep 1): ~18.5 requests ahead (16-20 in the
// four shapes of gst21.md). Here 64 such stores: rep 1 is the L1's time (a
// cycle a sector and one a partly written line: 64 a request, 4096) and
// rep 0 at least 16 requests shorter.
func TestStoreQueueHoldsRequests(t *testing.T) {
	v := u64s(timedOne(t, "storereps", storeRepsPTX(64), 32, 16, 32*384)[0])
	rep0, rep1 := v[0], v[1]
	assert.InDelta(t, 4096, float64(rep1), 4096*0.05, "rep 1: the L1's pace, 64 cycles a request")
	assert.Less(t, rep0, rep1-16*64, "rep 0 runs ahead by the queue's requests")
	t.Logf("rep 0 %d, rep 1 %d", rep0, rep1)
}
