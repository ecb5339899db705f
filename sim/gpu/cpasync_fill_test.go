package gpu_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// 32 warps of one CTA each issue 16 cp.async.cg of 16 B a lane (512 B a
// warp-copy) with a run-time src-size sz (16: data, 0: zeros only), then
// wait for all of them: 256 KiB through one SM's cp.async.cg fill.
const cpFillPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry cpfill(.param .u64 src, .param .u32 sz)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<8>;
	.shared .align 128 .b8 sbuf[16384];
	ld.param.u64 %rd1, [src];
	ld.param.u32 %r9, [sz];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 16;
	add.u64 %rd3, %rd1, %rd2;
	and.b32 %r2, %r1, 1023;
	shl.b32 %r3, %r2, 4;
	mov.u32 %r4, sbuf;
	add.u32 %r5, %r4, %r3;
	mov.u32 %r6, 0;
LOOP:
	cp.async.cg.shared.global [%r5], [%rd3], 16, %r9;
	add.u64 %rd3, %rd3, 16384;
	add.u32 %r6, %r6, 1;
	setp.lt.u32 %p1, %r6, 16;
	@%p1 bra LOOP;
	cp.async.wait_all;
	ret;
}
`

// The fill rate bounds the copies' time from below: 256 KiB at
// cp_async_cg_bytes_per_cycle = 8 takes at least 32768 cycles, the same
// bytes of zeros at cp_async_zero_bytes_per_cycle = 4 at least 65536; with
// rates far above the SM's other limits (1024) the launch takes less than
// half of that (hand-derived bounds; the fitted values come from microbench
// cpasync8_*).
func TestCpAsyncCgFillRate(t *testing.T) {
	k := compileEntry(t, "cpfill", cpFillPTX)
	run := func(sz uint32, data, zero int) int64 {
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		src := g.Alloc("src", 16*16384)
		params := binary.LittleEndian.AppendUint64(nil, src.Base)
		params = binary.LittleEndian.AppendUint32(params, sz)
		tc := gpu.DefaultTimedConfig()
		tc.SM.Async.CpAsyncCgBytesPerCycle, tc.SM.Async.CpAsyncZeroBytesPerCycle = data, zero
		l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{1024, 1, 1}, Params: params, Global: g}
		_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), tc, k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		return tm.Cycles
	}
	const bytes = 32 * 16 * 512
	assert.GreaterOrEqual(t, run(16, 8, 1024), int64(bytes/8), "data at 8 B/cycle")
	assert.Less(t, run(16, 1024, 1024), int64(bytes/8)/2, "no fill limit")
	assert.Less(t, run(16, 1024, 4), int64(bytes/8)/2, "the zero rate does not apply to data")
	assert.GreaterOrEqual(t, run(0, 1024, 4), int64(bytes/4), "zeros at 4 B/cycle")
	assert.Less(t, run(0, 1024, 1024), int64(bytes/4)/2, "zeros, no fill limit")
	assert.Less(t, run(0, 8, 1024), int64(bytes/4)/2, "the data rate does not apply to zeros")
}
