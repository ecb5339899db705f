package exec_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/smem"
)

// TestPeekIssueInjectedClock drives a CTA through the public seam only:
// Peek has no side effects, Issue reports outcomes and effects, and
// %clock64 reads the clock the driver injects.
func TestPeekIssueInjectedClock(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b32 sm[64];
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, %clock64;
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, sm;
	add.u32 %r3, %r3, %r2;
	st.shared.u32 [%r3], %r1;
	bar.sync 0;
	mov.u64 %rd3, %clock64;
	sub.s64 %rd4, %rd3, %rd2;
	cvt.u64.u32 %rd5, %r2;
	add.s64 %rd6, %rd1, %rd5;
	st.global.u32 [%rd6], %rd4;
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("out", 4*64)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{64, 1, 1}, Params: params, Global: g, Counters: &smem.Counters{}}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	now := int64(1000)
	c.SetClock(func() int64 { return now }, 0.5)
	w0, w1 := c.Warps()[0], c.Warps()[1]
	var e exec.Effect
	// Peek twice: same answer, nothing executed
	i1, ok1 := w0.Peek()
	i2, ok2 := w0.Peek()
	require.True(t, ok1 && ok2)
	assert.Same(t, i1, i2)
	assert.Equal(t, int64(0), w0.Instructions())
	// warp 0 runs to the barrier, 10 cycles per instruction
	for {
		info, ok := w0.Peek()
		require.True(t, ok)
		require.NoError(t, w0.Issue(&e))
		assert.Same(t, info, e.Info)
		now += 10
		if e.BarrierWait {
			break
		}
		if info.Op == ptx.OpSt {
			assert.Equal(t, 1, e.SmemOps)
			assert.Equal(t, 1, e.SmemWavefronts) // 32 consecutive words
		}
	}
	_, ok := w0.Peek()
	assert.False(t, ok, "warp 0 waits at the barrier")
	require.NoError(t, w0.Issue(&e))
	assert.Equal(t, exec.Blocked, e.Outcome)
	// warp 1 runs through the barrier and releases warp 0
	for !w1.Done() {
		require.NoError(t, w1.Issue(&e))
		if e.Info != nil && e.Info.Op == ptx.OpSt && e.Info.Pipe == ptx.PipeGlobal {
			assert.Equal(t, 4, e.NumSectors) // 32 lanes x 4 bytes
			assert.True(t, e.GlobalStore)
		}
		now += 100
	}
	for !w0.Done() {
		require.NoError(t, w0.Issue(&e))
		now += 10
	}
	// warp 0: clock read at 1010 and after the barrier at a later, injected time
	d0 := binary.LittleEndian.Uint32(seg.Data[0:])
	d1 := binary.LittleEndian.Uint32(seg.Data[4*32:])
	// warp 1 read %clock64, then issued 6 instructions (mov, shl, mov, add,
	// st.shared, bar.sync: the last arrival, no wait) 100 cycles apart
	// before reading it again: 7 x 100 cycles.
	assert.Equal(t, uint32(700), d1)
	assert.Greater(t, d0, uint32(1000), "warp 0 waited for warp 1's whole run")
}

// Issue allocates nothing on the uniform path.
func TestIssueAllocatesNothing(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, 0;
LOOP:
	add.s32 %r1, %r1, 3;
	xor.b32 %r2, %r1, 5;
	setp.lt.u32 %p1, %r1, 3000000;
	@%p1 bra LOOP;
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: make([]byte, 8), Global: exec.NewGlobalMem(), Counters: &smem.Counters{}}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	w := c.Warps()[0]
	var e exec.Effect
	for i := 0; i < 10; i++ {
		require.NoError(t, w.Issue(&e))
	}
	allocs := testing.AllocsPerRun(1000, func() {
		if err := w.Issue(&e); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
	assert.False(t, w.Done())
}
