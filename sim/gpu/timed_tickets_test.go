package gpu_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// One warp copies 512 bytes with cp.async, waits for the group and reads
// %clock64 around it; thread 0 stores the difference and every thread
// copies its 16 bytes back out of shared memory.
const cpWaitPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry cpwait(.param .u64 out, .param .u64 src, .param .u64 dst)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<16>;
	.shared .align 16 .b8 buf[512];
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [src];
	ld.param.u64 %rd9, [dst];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 16;
	add.u64 %rd4, %rd2, %rd3;
	mov.u32 %r2, buf;
	shl.b32 %r4, %r1, 4;
	add.u32 %r3, %r2, %r4;
	mov.u64 %rd5, %clock64;
	cp.async.ca.shared.global [%r3], [%rd4], 16;
	cp.async.commit_group;
	cp.async.wait_group 0;
	mov.u64 %rd6, %clock64;
	sub.s64 %rd7, %rd6, %rd5;
	ld.shared.v4.u32 {%r5, %r6, %r7, %r4}, [%r3];
	add.u64 %rd10, %rd9, %rd3;
	st.global.v4.u32 [%rd10], {%r5, %r6, %r7, %r4};
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	st.global.u64 [%rd1], %rd7;
DONE:
	ret;
}
`

// In timed mode a cp.async completes by ticket when its data is back from
// HBM: the wait_group sleeps (Retry) until then, so the cycles around it
// are at least the HBM latency of the profile (a cold line), and the
// values are the functional ones.
func TestTimedCpAsyncWaitsForItsTicket(t *testing.T) {
	k := compileEntry(t, "cpwait", cpWaitPTX)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	out := g.Alloc("out", 8)
	src := g.Alloc("src", 512)
	dst := g.Alloc("dst", 512)
	in := make([]byte, 512)
	for i := range in {
		in[i] = byte(i*7 + 3)
	}
	copy(g.SliceW(src.Base, 512), in)
	params := binary.LittleEndian.AppendUint64(nil, out.Base)
	params = binary.LittleEndian.AppendUint64(params, src.Base)
	params = binary.LittleEndian.AppendUint64(params, dst.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	tc := gpu.DefaultTimedConfig()
	_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), tc, k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	assert.Equal(t, in, g.Slice(dst.Base, 512))
	b := g.Slice(out.Base, 8)
	waited := int64(binary.LittleEndian.Uint64(b))
	hbm := int64(tc.DRAMLatencyNs * tc.SMClockMHz / 1000)
	assert.GreaterOrEqual(t, waited, hbm, "cp.async ... wait_group took %d cycles; HBM latency %d", waited, hbm)
	assert.Less(t, waited, 3*hbm)
	assert.Less(t, waited, tm.Cycles)
	assert.GreaterOrEqual(t, tm.Stalls["stall_long_scoreboard"], hbm, "the wait is a long-scoreboard stall")
}

// Thread 0 fills 4 KiB of shared memory, stores it with one bulk copy
// and exits without waiting for the bulk group.
const bulkExitPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry bulkexit(.param .u64 dst)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.shared .align 128 .b8 buf[4096];
	ld.param.u64 %rd1, [dst];
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	mov.u32 %r2, buf;
	mov.u32 %r3, 0;
LOOP:
	add.u32 %r4, %r2, %r3;
	st.shared.u32 [%r4], %r3;
	add.u32 %r3, %r3, 4;
	setp.lt.u32 %p1, %r3, 4096;
	@%p1 bra LOOP;
	fence.proxy.async.shared::cta;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r2], 4096;
	cp.async.bulk.commit_group;
DONE:
	ret;
}
`

// A CTA whose warps exited with a bulk store in flight stays resident until
// the store's ticket completes: the launch ends within a few cycles of the
// same kernel waiting for the bulk group before it exits (the old model
// retired it at the exit, a store's time earlier), and the bytes are the
// functional ones.
func TestTimedCTARetiresAfterItsTickets(t *testing.T) {
	run := func(src string) int64 {
		k := compileEntry(t, "bulkexit", src)
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		dst := g.Alloc("dst", 4096)
		params := binary.LittleEndian.AppendUint64(nil, dst.Base)
		l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
		_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		out := g.Slice(dst.Base, 4096)
		for i := 0; i < 4096; i += 4 {
			require.Equal(t, uint32(i), binary.LittleEndian.Uint32(out[i:]), "word at %d", i)
		}
		return tm.Cycles
	}
	noWait := run(bulkExitPTX)
	wait := run(strings.Replace(bulkExitPTX, "cp.async.bulk.commit_group;", "cp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;", 1))
	assert.InDelta(t, wait, noWait, 8, "exit without wait %d cycles, with wait %d", noWait, wait)
}
