package exec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// wgSpKernel runs one wgmma.mma_async.sp (OP) on zeroed shared memory with
// the metadata register META (an expression of %r1 = %tid.x) and swizzle
// mode SW (descriptor bits 62-63) for B.
const wgSpKernel = `
.visible .entry k(.param .u64 buf)
{
	.reg .pred %p<4>;
	.reg .b32 %r<40>;
	.reg .b64 %rd<16>;
	.shared .align 1024 .b8 smem[32768];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, smem;
	cvt.u64.u32 %rd4, %r2;
	shr.u64 %rd5, %rd4, 4;
	and.b64 %rd5, %rd5, 16383;
	or.b64 %rd6, %rd5, 68720001024;
	add.s64 %rd7, %rd5, 512;
	or.b64 %rd7, %rd7, SW;
	mov.u32 %r10, 0;
	mov.u32 %r11, 0;
	mov.u32 %r12, 0;
	mov.u32 %r13, 0;
	META
	wgmma.fence.sync.aligned;
	OP
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	ret;
}
`

func wgSp(op, meta, sw string) string {
	return strings.NewReplacer("OP", op, "META", meta, "SW", sw).Replace(wgSpKernel)
}

const (
	wgSpS8  = "wgmma.mma_async.sp.sync.aligned.m64n8k64.s32.s8.s8 {%r10, %r11, %r12, %r13}, %rd6, %rd7, %r20, 0, 1;"
	wgSpF16 = "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%r10, %r11, %r12, %r13}, %rd6, %rd7, %r20, SEL, 1, 1, 1, 0, 0;"
	sw128   = "4611686018427387904"  // 1 << 62
	sw32    = "13835058055282163712" // 3 << 62
)

func TestWgmmaSparseMetadataChecked(t *testing.T) {
	valid := "mov.u32 %r20, 0x44444444;"
	_, err := runWg(t, wgSp(wgSpS8, valid, sw128), 128, make([]uint32, 4), false)
	require.NoError(t, err)
	// Thread 37 (warp 1, quad 1, its bit 0: rows 16+1+8) holds 0b0101 in
	// chunk 2: two indices alike, undefined.
	bad := valid + "\n\tsetp.eq.u32 %p1, %r1, 37;\n\t@%p1 mov.u32 %r20, 0x44444544;"
	_, err = runWg(t, wgSp(wgSpS8, bad, sw128), 128, make([]uint32, 4), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "thread 37")
	assert.Contains(t, err.Error(), "undefined")
	// A thread whose metadata the selector does not use may hold anything.
	f16 := strings.Replace(wgSpF16, "SEL", "0", 1)
	unused := valid + "\n\tand.b32 %r21, %r1, 2;\n\tsetp.ne.u32 %p1, %r21, 0;\n\t@%p1 mov.u32 %r20, 0;"
	_, err = runWg(t, wgSp(f16, unused, sw128), 128, make([]uint32, 4), false)
	require.NoError(t, err)
	_, err = runWg(t, wgSp(strings.Replace(wgSpF16, "SEL", "1", 1), unused, sw128), 128, make([]uint32, 4), false)
	require.Error(t, err, "selector 1 reads the zero metadata of T2, T3")
}

func TestWgmmaSparseSelectorAndLayoutChecked(t *testing.T) {
	valid := "mov.u32 %r20, 0x44444444;"
	for _, c := range []struct{ op, msg string }{
		{strings.Replace(wgSpF16, "SEL", "2", 1), "sparsity selector 2 is undefined for .f16 inputs (valid: 0..1)"},
		{strings.Replace(wgSpS8, "%r20, 0, 1", "%r20, 1, 1", 1), "sparsity selector 1 is undefined for .s8 inputs (valid: 0..0)"},
	} {
		p, err := ptx.Load("wg.ptx", []byte(header+wgSp(c.op, valid, sw128)))
		require.NoError(t, err)
		_, err = exec.Compile(p, "k", exec.DefaultLayout())
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.msg)
	}
	_, err := runWg(t, wgSp(strings.Replace(wgSpF16, "SEL", "0", 1), valid, sw32), 128, make([]uint32, 4), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not modelled")
}
