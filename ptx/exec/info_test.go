package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestInstInfoFamilies checks pipe class, registers written and read
// (guard, carry flag, vector elements, address bases) and issue slots per
// instruction family, against what the PTX ISA says each operand is.
func TestInstInfoFamilies(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<6>;
	.reg .f32 %f<4>;
	.reg .f64 %fd<3>;
	.shared .align 8 .b8 sm[64];
	ld.param.u64 %rd1, [out];
	add.s32 %r1, %r2, %r3;
	@%p1 add.f32 %f1, %f2, %f3;
	fma.rn.f64 %fd1, %fd2, %fd2, %fd1;
	mul.lo.s32 %r4, %r1, 7;
	mul.wide.s32 %rd2, %r1, %r4;
	add.cc.u32 %r5, %r1, %r2;
	addc.u32 %r6, %r1, %r2;
	add.s64 %rd3, %rd1, %rd2;
	ex2.approx.f32 %f1, %f2;
	cvt.rn.f32.s32 %f3, %r1;
	shfl.sync.bfly.b32 %r7|%p2, %r1, 1, 31, -1;
	ld.shared.v2.u32 {%r8, %r9}, [%rd1+8];
	st.global.v2.u32 [%rd3], {%r8, %r9};
	ld.global.u32 %r1, [%rd3];
	setp.lt.s32 %p1, %r1, %r2;
	div.s32 %r2, %r1, %r3;
	bar.sync 0;
	@!%p1 bra DONE;
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%rd1], %r1, 1000;
DONE:
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	reg := map[string]int32{}
	for i, r := range k.Entry().Regs {
		reg[r.Name] = int32(i)
	}
	cc := int32(len(k.Entry().Regs))
	R := func(names ...string) []int32 {
		var out []int32
		for _, n := range names {
			if n == "CC" {
				out = append(out, cc)
				continue
			}
			i, ok := reg[n]
			require.True(t, ok, n)
			out = append(out, i)
		}
		return out
	}
	infos := k.Infos()
	cases := []struct {
		pipe       ptx.Pipe
		defs, uses []int32
		slots      int32
	}{
		{ptx.PipeALU, R("%rd1"), nil, 0},                    // ld.param: a constant-bank operand, no SASS
		{ptx.PipeALU, R("%r1"), R("%r2", "%r3"), 1},         // add.s32
		{ptx.PipeFP32, R("%f1"), R("%p1", "%f2", "%f3"), 1}, // guarded add.f32: the guard is read
		{ptx.PipeFP64, R("%fd1"), R("%fd2", "%fd1"), 1},     // fma.f64
		{ptx.PipeIMAD, R("%r4"), R("%r1"), 1},               // mul.lo.s32 by an immediate
		{ptx.PipeIMAD, R("%rd2"), R("%r1", "%r4"), 1},       // mul.wide.s32
		{ptx.PipeALU, R("%r5", "CC"), R("%r1", "%r2"), 1},   // add.cc writes the carry flag
		{ptx.PipeALU, R("%r6"), R("%r1", "%r2", "CC"), 1},   // addc reads it
		{ptx.PipeALU, R("%rd3"), R("%rd1", "%rd2"), 2},      // add.s64: two 32-bit halves
		{ptx.PipeMUFU, R("%f1"), R("%f2"), 4},               // ex2.approx: ptxas 13.0 emits 4 SASS (sass_slots.tsv)
		{ptx.PipeFP32, R("%f3"), R("%r1"), 1},               // cvt.rn.f32.s32: I2FP on the FMA pipe (chain_cvt_f32_s32: 4.17 cycles)
		{ptx.PipeWarp, R("%r7", "%p2"), R("%r1"), 1},        // shfl d|p
		{ptx.PipeShared, R("%r8", "%r9"), R("%rd1"), 1},     // ld.shared.v2: vector dests, address base
		{ptx.PipeGlobal, nil, R("%rd3", "%r8", "%r9"), 1},   // st.global.v2: all reads
		{ptx.PipeGlobal, R("%r1"), R("%rd3"), 1},            // ld.global
		{ptx.PipeALU, R("%p1"), R("%r1", "%r2"), 1},         // setp
		{ptx.PipeIMAD, R("%r2"), R("%r1", "%r3"), 26},       // div.s32: 26 SASS with ptxas 13.0 (sass_slots.tsv)
		{ptx.PipeBarrier, nil, nil, 1},                      // bar.sync 0
		{ptx.PipeBranch, nil, R("%p1"), 1},                  // @!p bra
		{ptx.PipeAsync, R("%p2"), R("%rd1", "%r1"), 1},      // try_wait with a hint
		{ptx.PipeBranch, nil, nil, 1},                       // ret
	}
	require.Len(t, infos, len(cases))
	for i, c := range cases {
		in := infos[i]
		assert.Equal(t, c.pipe, in.Pipe, "%d %s pipe", in.Line, in.Text)
		assert.Equal(t, c.defs, in.Defs, "%d %s defs", in.Line, in.Text)
		assert.Equal(t, c.uses, in.Uses, "%d %s uses", in.Line, in.Text)
		assert.Equal(t, c.slots, in.Slots, "%d %s slots", in.Line, in.Text)
	}
	tw := infos[19]
	assert.True(t, tw.TryWait)
	assert.Equal(t, int64(1000), tw.SuspendHint)
	assert.Equal(t, exec.AsyncMbarWait, tw.Async)
	// code addresses advance by 16 bytes per SASS slot
	assert.Equal(t, infos[8].Addr+32, infos[9].Addr)
}

// TestWgmmaAndAsyncInfo: shape, RS/SS and the wait_group N of the async
// families.
func TestWgmmaAndAsyncInfo(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<40>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<40>;
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, %rd1, %rd2, 1, 1, 1, 0, 0;
	wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, {%r1, %r2, %r3, %r4}, %rd2, 1, 1, 1, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 1;
	cp.async.ca.shared.global [%rd1], [%rd2], 16;
	cp.async.commit_group;
	cp.async.wait_group 2;
	cp.async.wait_all;
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	in := k.Infos()
	assert.Equal(t, exec.AsyncWgmmaFence, in[0].Async)
	assert.Equal(t, exec.AsyncWgmma, in[1].Async)
	assert.Equal(t, [3]int32{32, 16, 16}, [3]int32{in[1].MMAN, in[1].MMAK, in[1].MMABits})
	assert.False(t, in[1].MMARS)
	assert.True(t, in[2].MMARS)
	assert.Len(t, in[1].Defs, 16)
	assert.Equal(t, exec.AsyncWgmmaCommit, in[3].Async)
	assert.Equal(t, exec.AsyncWgmmaWait, in[4].Async)
	assert.Equal(t, int32(1), in[4].WaitN)
	assert.Equal(t, exec.AsyncCopy, in[5].Async)
	assert.Equal(t, exec.AsyncCommit, in[6].Async)
	assert.Equal(t, [2]any{exec.AsyncWait, int32(2)}, [2]any{in[7].Async, in[7].WaitN})
	assert.Equal(t, [2]any{exec.AsyncWait, int32(-1)}, [2]any{in[8].Async, in[8].WaitN})
}
