package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Phase 1: each of 32 lanes copies its 16 bytes of src[0, 512) (four
// cold 128-byte lines) onto one mbarrier; phase 2: lane 0 alone copies 16
// cold bytes at src+4096. Stamps: before and after each phase's copy
// instruction and after each wait.
const bulkLanePTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry bulklane(.param .u64 src, .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<16>;
	.shared .align 128 .b8 buf[1024];
	.shared .align 8 .b64 mb[2];
	ld.param.u64 %rd1, [src];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, mb;
	add.u32 %r3, %r2, 8;
	setp.eq.u32 %p1, %r1, 0;
	@!%p1 bra INIT;
	mbarrier.init.shared::cta.b64 [%r2], 32;
	mbarrier.init.shared::cta.b64 [%r3], 1;
INIT:
	bar.sync 0;
	mul.wide.u32 %rd3, %r1, 16;
	add.u64 %rd4, %rd1, %rd3;
	mov.u32 %r4, buf;
	mad.lo.u32 %r5, %r1, 16, %r4;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 16;
	mov.u64 %rd5, %clock64;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r5], [%rd4], 16, [%r2];
	mov.u64 %rd6, %clock64;
W1:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
	@!%p2 bra W1;
	mov.u64 %rd7, %clock64;
	@!%p1 bra DONE;
	add.u64 %rd8, %rd1, 4096;
	add.u32 %r6, %r4, 512;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 16;
	mov.u64 %rd9, %clock64;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd8], 16, [%r3];
W2:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r3], 0;
	@!%p3 bra W2;
	mov.u64 %rd10, %clock64;
	st.global.v2.u64 [%rd2], {%rd5, %rd6};
	st.global.v2.u64 [%rd2+16], {%rd7, %rd9};
	st.global.u64 [%rd2+32], %rd10;
DONE:
	ret;
}
`

// ptxas issues a bulk copy that 32 lanes execute as a loop of 32 copies,
// bulk_lane_cycles apart (bulklane.go), and each copy reaches the TMA
// engine in its turn: the four cold lines leave with lanes 0, 8, 16 and
// 24, so their HBM fills overlap the loop, and the mbarrier completes
// well within one HBM round trip after the loop ends (hand-derived: the
// last line leaves 24 x 52 = 1248 cycles into the 1612-cycle loop, so
// about 364 cycles of its round trip are over when the loop ends; the two
// phases' lines may sit in different L2 partitions, whose HBM latencies
// differ by up to dram_far_extra_cycles). A single cold copy (phase 2)
// takes the whole round trip after its issue. Before this rule the engine
// saw all 32 copies at the loop's end, and phase 1 took at least the
// whole round trip after it.
func TestBulkLaneLoopLinesLeaveWithTheirLane(t *testing.T) {
	v := u64s(timedOne(t, "bulklane", bulkLanePTX, 32, 8192, 40)[1])
	loop := v[1] - v[0]
	require.InDelta(t, 31*gpu.DefaultTimedConfig().SM.BulkLaneCycles, loop, 60, "the lane loop")
	afterLoop := v[2] - v[1]
	single := v[4] - v[3]
	assert.Less(t, afterLoop, single-100, "phase 1's fills overlapped its loop")
}

// One thread copies 16 bytes with cp.async.bulk (cold), waits, then copies
// the same 16 bytes again (now in L2) and waits; stamps around the second.
const bulkWarmPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry bulkwarm(.param .u64 src, .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.shared .align 128 .b8 buf[128];
	.shared .align 8 .b64 mb;
	ld.param.u64 %rd1, [src];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, mb;
	mov.u32 %r2, buf;
	mbarrier.init.shared::cta.b64 [%r1], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 16;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 16, [%r1];
W1:
	mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
	@!%p1 bra W1;
	mov.u64 %rd3, %clock64;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 16;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 16, [%r1];
W2:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 1;
	@!%p2 bra W2;
	mov.u64 %rd4, %clock64;
	st.global.v2.u64 [%rd2], {%rd3, %rd4};
	ret;
}
`

// A plain bulk copy from a line in L2 completes sooner than a load
// instruction's L2 hit (bulk_hit_saving_cycles): on the H200 one thread's
// 16-byte cp.async.bulk of an L2-resident line takes 282-289 cycles from
// before its arrive.expect_tx to after its wait, 46 of them the issue
// (validation/timing/constblock.md, reps 2-8 of 8 in three launches); a
// load's L2 hit alone takes 281 (gmem_chase_1m). The built-in profile's
// copy is within 20% of the GPU's: bulk_hit_saving_cycles is fitted on the
// bulkl lane loops, which compromise between one copy and 32 (about 9%
// under it at 141 cycles until session 15); since session 15 the wait
// sleeps to the next try_wait recheck (mbar_tx_poll_cycles 149,
// mbarpoll.go) and the refit put bulk_hit_saving_cycles at 184, and the
// model's copy ends 231 cycles after the arrive (-19%): the GPU's 286 lies
// between the model's recheck steps (validation/timing/mbarpoll.md).
// Session 17: the wait here is ptxas's fast path (a clock read after it, no
// join), whose exit costs mbar_wait_fast_exit_cycles (9, tmai_sep_n8's
// landed waits) instead of mbar_wait_exit_cycles (28): the copy ends at 212
// (-26%). The same change brings the bulkl lane loops with 2 to 32 copies
// to within 2% (bulkl_l2 +4.0 -> -1.6%, l32 +0.5 -> -0.5%) and leaves the
// one-copy loop bulkl_l1 at -16.5% (-10.7% before): a lone copy takes ~50
// cycles more than the last of several on the GPU, which nothing in the
// model represents (no recording separates it yet: a one-thread family of
// 1, 2 and 4 copies with stamps at issue and wake is the missing
// measurement). Bound 30% until then.
// Session 18 (family bulk18, validation/timing/bulk18.md): that measurement.
// A plain copy sits in the same ELECT loop as a UTMALDG and holds the warp
// 46 cycles (bulk_load_issue_cycles; the model issued it in 3), its
// complete_tx wakes the waiter at once (no recheck grid: 1 to 4 copies 0
// to 300 cycles apart all end ~240 after their issue whenever the wait
// starts), and a copy that asks L2 for its lines ends
// bulk_lone_copy_cycles later than a lane-loop copy of lines already back
// (bulkl_l8/l32's last lanes). The copy here now ends at 302 (+5.6%).
// Bound 10%.
func TestBulkCopyFromL2MatchesTheH200(t *testing.T) {
	v := u64s(timedOne(t, "bulkwarm", bulkWarmPTX, 1, 128, 16)[1])
	t.Logf("a warm 16-byte bulk copy: %d cycles (GPU 282-289)", v[1]-v[0])
	assert.InEpsilon(t, 286, v[1]-v[0], 0.10, "a warm 16-byte bulk copy, cycles")
}
