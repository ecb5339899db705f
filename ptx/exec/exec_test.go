package exec_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// runPTX runs the single .entry of src with the given u32 output buffer
// (the kernel's only parameter is its address) and returns the buffer.
func runPTX(t *testing.T, src string, grid, block [3]int, n int, budget int64) ([]uint32, error) {
	t.Helper()
	p, err := ptx.Load("test.ptx", []byte(src))
	require.NoError(t, err)
	var name string
	for _, f := range p.Funcs {
		if f.Entry {
			name = f.Name
		}
	}
	k, err := exec.Compile(p, name, exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("out", 4*n)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: grid, Block: block, Params: params, Global: g}
	cfg := gpu.DefaultConfig()
	if budget > 0 {
		cfg.MaxInstructions = budget
	}
	_, err = gpu.RunFunctional(cfg, k, l)
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(seg.Data[4*i:])
	}
	return out, err
}

const header = `.version 9.0
.target sm_90a
.address_size 64
`

// Divergent if/else and a loop whose trip count is the lane id: every
// lane's result is derived by hand.
func TestDivergenceAndLoops(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra EVEN;
	mul.lo.s32 %r3, %r1, 3;     // odd: 3*tid
	bra JOIN;
EVEN:
	add.s32 %r3, %r1, 1000;     // even: tid+1000
JOIN:
	mov.u32 %r4, 0;             // loop tid times: r3 += 2
LOOP:
	setp.ge.u32 %p2, %r4, %r1;
	@%p2 bra DONE;
	add.s32 %r3, %r3, 2;
	add.s32 %r4, %r4, 1;
	bra LOOP;
DONE:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{40, 1, 1}, 40, 0)
	require.NoError(t, err)
	for tid := 0; tid < 40; tid++ {
		want := uint32(3*tid + 2*tid)
		if tid%2 == 0 {
			want = uint32(tid + 1000 + 2*tid)
		}
		assert.Equal(t, want, out[tid], "tid %d", tid)
	}
}

// A recursive .func (fib) called with a per-thread argument.
func TestRecursiveCall(t *testing.T) {
	src := header + `
.func (.param .b32 ret) fib(.param .b32 n)
{
	.reg .pred %p;
	.reg .b32 %r<6>;
	ld.param.b32 %r1, [n];
	setp.lt.s32 %p, %r1, 2;
	@%p bra BASE;
	add.s32 %r2, %r1, -1;
	{
	.param .b32 a0;
	st.param.b32 [a0], %r2;
	.param .b32 r0;
	call.uni (r0), fib, (a0);
	ld.param.b32 %r3, [r0];
	}
	add.s32 %r2, %r1, -2;
	{
	.param .b32 a0;
	st.param.b32 [a0], %r2;
	.param .b32 r0;
	call.uni (r0), fib, (a0);
	ld.param.b32 %r4, [r0];
	}
	add.s32 %r5, %r3, %r4;
	st.param.b32 [ret], %r5;
	ret;
BASE:
	st.param.b32 [ret], %r1;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	{
	.param .b32 a0;
	st.param.b32 [a0], %r1;
	.param .b32 r0;
	call.uni (r0), fib, (a0);
	ld.param.b32 %r2, [r0];
	}
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{20, 1, 1}, 20, 0)
	require.NoError(t, err)
	fib := []uint32{0, 1}
	for len(fib) < 20 {
		fib = append(fib, fib[len(fib)-1]+fib[len(fib)-2])
	}
	assert.Equal(t, fib, out)
}

// Shared memory and bar.sync across warps: thread t reads what thread
// n-1-t wrote.
func TestBarrierReverse(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.shared .align 4 .b8 buf[512];
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	shl.b32 %r3, %r1, 2;
	add.s32 %r4, %r2, %r3;
	mul.lo.s32 %r5, %r1, 7;
	st.shared.u32 [%r4], %r5;
	bar.sync 0;
	sub.s32 %r6, 127, %r1;
	shl.b32 %r6, %r6, 2;
	add.s32 %r6, %r2, %r6;
	ld.shared.u32 %r7, [%r6];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r7;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{128, 1, 1}, 128, 0)
	require.NoError(t, err)
	for tid := 0; tid < 128; tid++ {
		assert.Equal(t, uint32(7*(127-tid)), out[tid])
	}
}

// A named barrier that only one warp reaches can never complete.
func TestDeadlockReport(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p, %r1, 32;
	@%p bra END;
	bar.sync 1, 64;
END:
	ret;
}`
	_, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{64, 1, 1}, 1, 0)
	require.Error(t, err)
	var f *exec.Fault
	require.ErrorAs(t, err, &f)
	assert.Contains(t, err.Error(), "deadlock")
	assert.Contains(t, err.Error(), "barrier 1 (32 of 64 threads arrived)")
	assert.Regexp(t, `^kernel k cta \(0,0,0\) thread \(0,0,0\) line 12: `, err.Error())
}

func TestOutOfBoundsStore(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	add.s64 %rd2, %rd1, 4096;
	st.global.u32 [%rd2], 1;
	ret;
}`
	_, err := runPTX(t, src, [3]int{2, 1, 1}, [3]int{32, 1, 1}, 4, 0)
	require.Error(t, err)
	// the buffer is 4 u32 (16 bytes); the store is 4096 bytes into it
	assert.Regexp(t, "^kernel k cta \\(0,0,0\\) thread \\(0,0,0\\) line 10: out-of-bounds global store of 4 bytes at `out`\\+4096 \\(buffer `out` is 16 bytes\\), past the last buffer \\(address 0x[0-9a-f]+\\)", err.Error())
}

func TestTrapAndBudget(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	trap;
}`
	_, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 1, 0)
	require.ErrorContains(t, err, "line 7: trap executed")
	spin := header + `
.visible .entry k(.param .u64 out)
{
L:
	bra L;
}`
	_, err = runPTX(t, spin, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 1, 1000)
	require.ErrorContains(t, err, "--max-instructions exceeded")
}

// shfl.sync.bfly butterfly sum and vote.ballot over a warp.
func TestWarpShuffleAndVote(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %laneid;
	mov.u32 %r2, %r1;
	shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;
	add.s32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 8, 31, -1;
	add.s32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 4, 31, -1;
	add.s32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 2, 31, -1;
	add.s32 %r2, %r2, %r3;
	shfl.sync.bfly.b32 %r3, %r2, 1, 31, -1;
	add.s32 %r2, %r2, %r3;
	and.b32 %r4, %r1, 3;
	setp.eq.u32 %p, %r4, 0;
	vote.sync.ballot.b32 %r5, %p, -1;
	shfl.sync.up.b32 %r6, %r1, 1, 0, -1;
	mul.wide.u32 %rd2, %r1, 12;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	st.global.u32 [%rd3+4], %r5;
	st.global.u32 [%rd3+8], %r6;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 96, 0)
	require.NoError(t, err)
	for l := 0; l < 32; l++ {
		assert.Equal(t, uint32(496), out[3*l], "sum lane %d", l)
		assert.Equal(t, uint32(0x11111111), out[3*l+1], "ballot lane %d", l)
		up := uint32(l - 1)
		if l == 0 {
			up = 0
		}
		assert.Equal(t, up, out[3*l+2], "shfl.up lane %d", l)
	}
}

// Device printf through vprintf, as nvcc emits it: a %d and a %f argument
// packed in a local buffer.
func TestVprintf(t *testing.T) {
	src := header + `
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[16] = {116, 105, 100, 32, 37, 100, 58, 32, 37, 46, 50, 102, 10, 0};
.visible .entry k(.param .u64 out)
{
	.local .align 8 .b8 __local_depot0[16];
	.reg .b64 %SP;
	.reg .b64 %SPL;
	.reg .b32 %r<3>;
	.reg .f64 %fd<2>;
	.reg .b64 %rd<4>;
	mov.u64 %SPL, __local_depot0;
	cvta.local.u64 %SP, %SPL;
	mov.u32 %r1, %tid.x;
	cvt.rn.f64.u32 %fd1, %r1;
	mul.f64 %fd1, %fd1, 0d3FE0000000000000;
	st.local.u32 [%SPL], %r1;
	st.local.f64 [%SPL+8], %fd1;
	mov.u64 %rd1, $str;
	cvta.global.u64 %rd2, %rd1;
	{
	.param .b64 param0;
	st.param.b64 [param0], %rd2;
	.param .b64 param1;
	st.param.b64 [param1], %SP;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r2, [retval0];
	}
	ret;
}`
	p, err := ptx.Load("test.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{3, 1, 1}, Params: make([]byte, 8), Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	require.NoError(t, err)
	assert.Equal(t, "tid 0: 0.00\ntid 1: 0.50\ntid 2: 1.00\n", l.Printf.String())
}

// Video SIMD, szext and bmsk on hand-derived values.
func TestVideoSzextBmsk(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.b32 %r1, 0x10FF0305;
	mov.b32 %r2, 0x20000104;
	vabsdiff4.u32.u32.u32 %r3, %r1, %r2, 0;
	vabsdiff4.u32.u32.u32.add %r4, %r1, %r2, 7;
	vabsdiff2.u32.u32.u32.add %r5, %r1, %r2, 1;
	vadd4.u32.u32.u32.sat %r6, %r1, %r2, 0;
	szext.wrap.s32 %r7, 0x000000F0, 8;
	szext.clamp.u32 %r8, 0xFFFFFFFF, 4;
	bmsk.clamp.b32 %r9, 4, 8;
	bmsk.wrap.b32 %r10, 36, 40;
	st.global.v4.u32 [%rd1], {%r3, %r4, %r5, %r6};
	st.global.v4.u32 [%rd1+16], {%r7, %r8, %r9, %r10};
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{1, 1, 1}, 8, 0)
	require.NoError(t, err)
	// bytes a = 10 FF 03 05, b = 20 00 01 04: |diffs| = 10 FF 02 01
	assert.Equal(t, uint32(0x10FF0201), out[0])
	assert.Equal(t, uint32(7+0x10+0xFF+2+1), out[1])
	// halves a = 10FF, 0305; b = 2000, 0104: |0x10FF-0x2000| = 0xF01, |0x0305-0x0104| = 0x201
	assert.Equal(t, uint32(1+0xF01+0x201), out[2])
	// saturating unsigned byte adds: 30, FF (sat), 04, 09
	assert.Equal(t, uint32(0x30FF0409), out[3])
	assert.Equal(t, uint32(0xFFFFFFF0), out[4], "0xF0 sign-extended from 8 bits")
	assert.Equal(t, uint32(0xF), out[5], "zero-extend from 4 bits")
	assert.Equal(t, uint32(0xFF0), out[6], "8 bits at position 4")
	assert.Equal(t, uint32(0xFF0), out[7], "wrap: 36%32=4, 40%32=8")
}

// barrier.cluster.arrive/wait in a cluster of one orders shared memory like
// a CTA barrier split in two.
func TestClusterBarrierOfOne(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.shared .align 4 .b8 buf[256];
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	shl.b32 %r3, %r1, 2;
	add.s32 %r4, %r2, %r3;
	st.shared.u32 [%r4], %r1;
	barrier.cluster.arrive.release.aligned;
	barrier.cluster.wait.acquire.aligned;
	xor.b32 %r5, %r1, 32;
	shl.b32 %r5, %r5, 2;
	add.s32 %r5, %r2, %r5;
	ld.shared.u32 %r6, [%r5];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r6;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{64, 1, 1}, 64, 0)
	require.NoError(t, err)
	for i := 0; i < 64; i++ {
		assert.Equal(t, uint32(i^32), out[i])
	}
}

// __syncwarp reached at different places by the two sides of a branch
// completes (allowed since Volta); shfl.sync then sees both halves' writes.
func TestSyncwarpInDivergentCode(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.shared .align 4 .b8 buf[128];
	.reg .pred %p;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %laneid;
	mov.u32 %r2, buf;
	shl.b32 %r3, %r1, 2;
	add.s32 %r3, %r2, %r3;
	setp.lt.u32 %p, %r1, 16;
	@%p bra LOW;
	mul.lo.s32 %r4, %r1, 100;
	st.shared.u32 [%r3], %r4;
	bar.warp.sync -1;
	bra JOIN;
LOW:
	add.s32 %r4, %r1, 7;
	st.shared.u32 [%r3], %r4;
	bar.warp.sync -1;
JOIN:
	xor.b32 %r5, %r1, 16;
	shl.b32 %r5, %r5, 2;
	add.s32 %r5, %r2, %r5;
	ld.shared.u32 %r6, [%r5];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r6;
	ret;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 32, 0)
	require.NoError(t, err)
	for l := 0; l < 32; l++ {
		o := l ^ 16
		want := uint32(o + 7)
		if o >= 16 {
			want = uint32(o * 100)
		}
		assert.Equal(t, want, out[l], "lane %d", l)
	}
}
