package sm

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The shapes of bulkst_t1 (gen22_bulkst.py: a %clock64 stamp before each
// plain store of a straight line) and redu24_st (gen24_redu.py: a loop of
// stores with no clock read inside), as recorded: bst25.md read their SASS
// (ptxas 13.0 sm_90a): the stamped stores recompute their addresses into
// the uniform registers the store before reads (a wait for its take), the
// loop's stores do not.
const bulkClockPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pdst, .param .u32 pn)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<24>;
	.shared .align 128 .b8 bbuf[4096];
	ld.param.u64 %rd1, [pdst];
	ld.param.u32 %r1, [pn];
	cvta.to.global.u64 %rd2, %rd1;
	add.s64 %rd3, %rd2, 1024;
	mov.u64 %rd10, %clock64;
	mov.u32 %r2, bbuf;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 1024;
	mov.u64 %rd11, %clock64;
	sub.s64 %rd12, %rd11, %rd10;
	add.s32 %r3, %r2, 1024;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r3], 1024;
	mov.u32 %r4, 0;
L:
	and.b32 %r5, %r4, 7;
	cvt.u64.u32 %rd13, %r5;
	add.s64 %rd14, %rd2, %rd13;
	cp.async.bulk.global.shared::cta.bulk_group [%rd14], [%r2], 256;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r3], 256;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p1, %r4, %r1;
	@%p1 bra L;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`

// TestClockStores: the second stamped store is a clock store (it waits for
// the first one's take, bulkstore.go); the first store of the line and
// both loop stores (a new block, no clock read) are back-to-back stores.
func TestClockStores(t *testing.T) {
	_, k, l := lowered(t, bulkClockPTX)
	var clock, b2b []bool
	for _, info := range k.Infos() {
		if info.Async == exec.AsyncBulkStore {
			clock = append(clock, l.clockStore(info))
			b2b = append(b2b, l.backToBackStore(info))
		}
	}
	assert.Equal(t, []bool{false, true, false, false}, clock)
	assert.Equal(t, []bool{true, false, true, true}, b2b)
}

// loopClockStores: in a one-block loop with a clock read before each store,
// the second store (a clock store) is marked when its address is computed
// in the block (redu24_st_*_clk's shape), not when it comes from before the
// loop (bulk18_st1k_n4_s0's); the first store is no clock store. By hand
// from the rule.
func TestLoopClockStores(t *testing.T) {
	const src = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pdst, .param .u32 pn)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<24>;
	.shared .align 128 .b8 bbuf[4096];
	ld.param.u64 %rd1, [pdst];
	ld.param.u32 %r1, [pn];
	cvta.to.global.u64 %rd2, %rd1;
	add.s64 %rd3, %rd2, 1024;
	mov.u32 %r2, bbuf;
	mov.u32 %r4, 0;
L:
	mov.u64 %rd10, %clock64;
	and.b32 %r5, %r4, 7;
	cvt.u64.u32 %rd13, %r5;
	add.s64 %rd14, %rd2, %rd13;
	cp.async.bulk.global.shared::cta.bulk_group [%rd14], [%r2], 256;
	mov.u64 %rd11, %clock64;
	add.s64 %rd15, %rd3, %rd13;
	cp.async.bulk.global.shared::cta.bulk_group [%rd15], [%r2], 256;
	mov.u64 %rd12, %clock64;
	cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r2], 256;
	add.s32 %r4, %r4, 1;
	setp.lt.s32 %p1, %r4, %r1;
	@%p1 bra L;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`
	_, k, l := lowered(t, src)
	var loop []bool
	for _, info := range k.Infos() {
		if info.Async == exec.AsyncBulkStore {
			loop = append(loop, l.loopClockStore(info))
		}
	}
	assert.Equal(t, []bool{false, true, false}, loop)
}

// runStores: the stores the schedule's runs go on across are the plain
// stores without a clock read since the block's previous one, outside an
// R2UR loop (by hand from the rule).
func TestRunStores(t *testing.T) {
	bulk := []uint8{notPlainStore, plainStoreNoClock, plainStoreAfter, plainStoreNoClock, plainStoreNoClock}
	elect := []bool{false, false, false, true, false}
	got := runStores(bulk, elect)
	want := []bool{false, true, false, false, true}
	if !slices.Equal(got, want) {
		t.Fatalf("runStores = %v, want %v", got, want)
	}
	if runStores([]uint8{notPlainStore, plainStoreAfter}, nil) != nil {
		t.Fatal("no back-to-back store: want nil")
	}
}
