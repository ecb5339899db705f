package exec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two warps: thread 0 inits a 64-arrival barrier, everyone arrives (tokens
// hold the pending count before the arrive), then waits by token; thread 0
// also checks parity waits and expect_tx/complete_tx by hand.
func TestMbarrierArriveWait(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, bar;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra SYNC;
	mbarrier.init.shared::cta.b64 [%r2], 64;
	fence.mbarrier_init.release.cluster;
SYNC:
	bar.sync 0;
	mbarrier.arrive.shared::cta.b64 %rd2, [%r2];
	mbarrier.pending_count.b64 %r3, %rd2;
WAIT:
	mbarrier.try_wait.shared::cta.b64 %p2, [%r2], %rd2;
	@!%p2 bra WAIT;
	mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r2], 0;
	selp.u32 %r4, 1, 0, %p3;
	mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r2], 1;
	selp.u32 %r5, 1, 0, %p3;
	shl.b32 %r5, %r5, 1;
	or.b32 %r4, %r4, %r5;
	shl.b32 %r3, %r3, 8;
	or.b32 %r4, %r4, %r3;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	st.global.u32 [%rd4], %r4;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{64, 1, 1}, 64, 0)
	require.NoError(t, err)
	seen := map[uint32]bool{}
	for tid, v := range out {
		assert.Equal(t, uint32(1), v&3, "tid %d: parity 0 complete, parity 1 (phase 1) not", tid)
		seen[v>>8] = true
	}
	assert.Len(t, seen, 64, "each arrive saw a different pending count (1..64)")
	assert.True(t, seen[64] && seen[1])
}

// expect_tx / complete_tx on the phase rule: the phase completes only when
// both the arrival and the bytes are in.
func TestMbarrierTx(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [out];
	mov.u32 %r2, bar;
	mbarrier.init.shared.b64 [%r2], 1;
	mbarrier.arrive.expect_tx.shared.b64 %rd2, [%r2], 100;
	mbarrier.test_wait.shared.b64 %p1, [%r2], %rd2;
	selp.u32 %r3, 1, 0, %p1;
	mbarrier.complete_tx.shared.b64 [%r2], 60;
	mbarrier.test_wait.shared.b64 %p1, [%r2], %rd2;
	selp.u32 %r4, 1, 0, %p1;
	mbarrier.complete_tx.shared.b64 [%r2], 40;
	mbarrier.test_wait.shared.b64 %p1, [%r2], %rd2;
	selp.u32 %r5, 1, 0, %p1;
	mbarrier.expect_tx.relaxed.cta.shared.b64 [%r2], 16;
	mbarrier.arrive.shared.b64 %rd3, [%r2];
	mbarrier.test_wait.parity.shared.b64 %p1, [%r2], 1;
	selp.u32 %r6, 1, 0, %p1;
	mbarrier.complete_tx.shared.b64 [%r2], 16;
	mbarrier.test_wait.parity.shared.b64 %p1, [%r2], 1;
	selp.u32 %r7, 1, 0, %p1;
	mbarrier.inval.shared.b64 [%r2];
	mbarrier.init.shared.b64 [%r2], 3;
	st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};
	st.global.u32 [%rd1+16], %r7;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{1, 1, 1}, 5, 0)
	require.NoError(t, err)
	assert.Equal(t, []uint32{0, 0, 1, 0, 1}, out)
}

// A wait that can never complete is a deadlock naming the barrier's
// address, phase, counts and the waiting warps.
func TestMbarrierDeadlock(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, bar;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra SYNC;
	mbarrier.init.shared::cta.b64 [%r2], 65;
SYNC:
	bar.sync 0;
	mbarrier.arrive.shared::cta.b64 _, [%r2];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0, 1000;
	@!%p2 bra WAIT;
	ret;
}`
	_, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{64, 1, 1}, 1, 0)
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, "deadlock: 2 warps can never proceed")
	assert.Contains(t, msg, "warp 0 line 21 bra: (line 20: mbarrier.try_wait.parity.shared::cta.b64) waits on mbarrier at shared 0x400 phase 0 (pending arrivals 1 of 65, tx-count 0)")
	assert.Contains(t, msg, "warp 1 line 21 bra: (line 20:")
}

// A bounded wait (a try counter in a register) on a barrier that never
// completes is not a deadlock: it gives up after its tries, as the GPU's
// would (the corpus's bounded waits, tmap_replace_probe's flag-0 cases).
// The same loop with a counter that never stops changing is reported once
// it has failed 2^20 times in a row (maxSpinRounds); a loop that changes
// nothing is reported at once.
func TestMbarrierBoundedWait(t *testing.T) {
	const tmpl = header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [out];
	mov.u32 %r2, bar;
	mbarrier.init.shared::cta.b64 [%r2], 2;
	mbarrier.arrive.shared::cta.b64 _, [%r2];
	mov.u32 %r3, 0;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
	@%p2 bra DONE;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p3, %r3, LIMIT;
	@%p3 bra WAIT;
DONE:
	selp.u32 %r4, 1, 0, %p2;
	st.global.v2.u32 [%rd1], {%r4, %r3};
	ret;
}`
	out, err := runPTX(t, strings.Replace(tmpl, "LIMIT", "65536", 1), [3]int{1, 1, 1}, [3]int{1, 1, 1}, 2, 0)
	require.NoError(t, err)
	assert.Equal(t, []uint32{0, 65536}, out, "gave up after 65536 tries")
	if !testing.Short() {
		_, err = runPTX(t, strings.Replace(tmpl, "LIMIT", "4294967295", 1), [3]int{1, 1, 1}, [3]int{1, 1, 1}, 2, 0)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "deadlock: 1 warps can never proceed")
		assert.Contains(t, err.Error(), "waits on mbarrier at shared 0x400 phase 0 (pending arrivals 1 of 2, tx-count 0)")
	}
	_, err = runPTX(t, strings.NewReplacer("add.u32 %r3, %r3, 1;", "", "LIMIT", "65536").Replace(tmpl), [3]int{1, 1, 1}, [3]int{1, 1, 1}, 2, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "deadlock: 1 warps can never proceed")
}

func TestMbarrierMisuse(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"mbarrier.arrive.shared.b64 _, [%r2];", "line 11: mbarrier at shared 0x400: mbarrier.arrive on an uninitialized mbarrier"},
		{"mbarrier.init.shared.b64 [%r2], 1;\n\tmbarrier.init.shared.b64 [%r2], 1;", "needs mbarrier.inval first"},
		{"mbarrier.init.shared.b64 [%r2], 1;\n\tmbarrier.expect_tx.shared.b64 [%r2], 1048576;", "out of range [-1048575, 1048575]"},
		{"mbarrier.init.shared.b64 [%r2], 0;", "count 0 is out of range"},
		{"mbarrier.init.shared.b64 [%r2+4], 1;", "misaligned shared address 0x404"},
		{"mbarrier.init.shared.b64 [%r2], 1;\n\tmbarrier.arrive.shared.b64 _, [%r2], 2;", "count 2 but only 1 arrivals are pending"},
	} {
		src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<10>;
	.shared .align 8 .b64 bar;
	.shared .align 8 .b64 pad;
	mov.u32 %r2, bar;
	` + tc.body + `
	ret;
}`
		_, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{1, 1, 1}, 1, 0)
		require.Error(t, err, tc.body)
		assert.Contains(t, err.Error(), tc.want)
	}
}
