package exec_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/wgmma"
)

// Word offsets in the test kernel's buffer: the shared-memory image
// (A no-swizzle K-major at smem+0, B 128B-swizzled K-major at smem+2048),
// then C per thread (4 f32), then D per thread.
const (
	wgImgWords = 768
	wgCWords   = wgImgWords
	wgDWords   = wgCWords + 512
	wgSmemBase = 1024 // .shared .align 1024 after the 0x400 reserved bytes
)

const wgKernel = `
.visible .entry k(.param .u64 buf)
{
	.reg .pred %p<4>;
	.reg .b32 %r<40>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<16>;
	.shared .align 1024 .b8 smem[4096];
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, smem;
	mov.u32 %r3, %r1;
LOOP:
	setp.ge.u32 %p1, %r3, 768;
	@%p1 bra DONE;
	mul.wide.u32 %rd2, %r3, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.u32 %r4, [%rd3];
	shl.b32 %r5, %r3, 2;
	add.u32 %r6, %r2, %r5;
	st.shared.u32 [%r6], %r4;
	add.u32 %r3, %r3, 128;
	bra LOOP;
DONE:
	fence.proxy.async.shared::cta;
	bar.sync 0;
	cvt.u64.u32 %rd4, %r2;
	shr.u64 %rd5, %rd4, 4;
	and.b64 %rd5, %rd5, 16383;
	or.b64 %rd6, %rd5, 68720001024;
	add.s64 %rd7, %rd5, 128;
	or.b64 %rd7, %rd7, 4611686293305360384;
	mul.wide.u32 %rd8, %r1, 16;
	add.s64 %rd9, %rd1, %rd8;
	ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd9+3072];
	PRE
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd6, %rd7, 1, 1, 1, 0, 0;
	MID
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	st.global.v4.f32 [%rd9+5120], {%f1, %f2, %f3, %f4};
	ret;
}
`

// runWg runs src (one CTA of block threads) on buf and returns buf.
func runWg(t *testing.T, src string, block int, buf []uint32, noCheck bool) ([]uint32, error) {
	t.Helper()
	_, out, err := runWgWith(t, src, block, buf, func(l *exec.Launch) { l.NoHazardCheck = noCheck })
	return out, err
}

// runWgWith runs src (one CTA of block threads) on buf with the launch
// set as set says, and returns the launch and buf after the run.
func runWgWith(t *testing.T, src string, block int, buf []uint32, set func(*exec.Launch)) (*exec.Launch, []uint32, error) {
	t.Helper()
	p, err := ptx.Load("wg.ptx", []byte(header+src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("buf", 4*len(buf))
	for i, v := range buf {
		binary.LittleEndian.PutUint32(seg.Data[4*i:], v)
	}
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{block, 1, 1}, Params: params, Global: g}
	set(l)
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	out := make([]uint32, len(buf))
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(seg.Data[4*i:])
	}
	return l, out, err
}

func wgKernelSrc(pre, mid string) string {
	return strings.NewReplacer("PRE", pre, "MID", mid).Replace(wgKernel)
}

// wgInputs builds random A (64x16), B (8x16, by columns) f16 operands and C,
// the buffer image, and the expected D from package wgmma.
func wgInputs(t *testing.T) (buf []uint32, want []uint32) {
	rng := rand.New(rand.NewPCG(11, 12))
	x := &wgmma.MMA{Form: wgmma.Form{D: wgmma.F32, A: wgmma.F16, B: wgmma.F16, N: 8}, ScaleD: true}
	a, b, c, d := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen()), make([]uint32, x.CLen())
	for i := range a {
		a[i] = uint32(fp.F64ToF16RN(rng.NormFloat64() * float64(int(1)<<rng.IntN(8))))
	}
	for i := range b {
		b[i] = uint32(fp.F64ToF16RN(rng.NormFloat64()))
	}
	for i := range c {
		c[i] = fp.F64ToF32RN(rng.NormFloat64() * 16)
	}
	var ws wgmma.Workspace
	require.NoError(t, x.Run(&ws, a, b, c, d))
	img := make([]byte, 4*wgImgWords)
	da := wgmma.Descriptor{Start: wgSmemBase, LBO: 128, SBO: 256}
	db := wgmma.Descriptor{Start: wgSmemBase + 2048, LBO: 16, SBO: 1024, Swizzle: wgmma.Swizzle128B}
	put := func(addr uint32, v uint32) { binary.LittleEndian.PutUint16(img[addr-wgSmemBase:], uint16(v)) }
	for m := 0; m < 64; m++ {
		for k := 0; k < 16; k++ {
			put(da.Addr(wgmma.F16, wgmma.KMajor, m, k), a[m*16+k])
		}
	}
	for n := 0; n < 8; n++ {
		for k := 0; k < 16; k++ {
			put(db.Addr(wgmma.F16, wgmma.KMajor, n, k), b[n*16+k])
		}
	}
	buf = make([]uint32, wgDWords+512)
	for i := 0; i < wgImgWords; i++ {
		buf[i] = binary.LittleEndian.Uint32(img[4*i:])
	}
	want = make([]uint32, 512)
	for th := 0; th < 128; th++ {
		for i := 0; i < 4; i++ {
			r, col := wgmma.AccPos(th, i)
			buf[wgCWords+4*th+i] = c[r*8+col]
			want[4*th+i] = d[r*8+col]
		}
	}
	return buf, want
}

func TestWgmmaSSKernel(t *testing.T) {
	buf, want := wgInputs(t)
	out, err := runWg(t, wgKernelSrc("wgmma.fence.sync.aligned;", ""), 128, buf, false)
	require.NoError(t, err)
	assert.Equal(t, want, out[wgDWords:])
}

func TestWgmmaHazards(t *testing.T) {
	buf, _ := wgInputs(t)
	for _, tc := range []struct {
		name, pre, mid string
		block          int
		want           string
	}{
		{"no fence", "", "", 128, `line \d+: wgmma.mma_async without a preceding wgmma.fence \(warps \d\)`},
		// Written after the fence and before the first wgmma it is a
		// warning (TestWgmmaFenceWriteWarning); after a wgmma that
		// followed the fence, an error.
		{"write after fence and a wgmma", "wgmma.fence.sync.aligned;",
			"wgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n\tmov.f32 %f2, 0f00000000;\n\t" +
				"wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd6, %rd7, 1, 1, 1, 0, 0;", 128,
			`uses %f2, written by an ordinary instruction at line \d+ after the last wgmma.fence and after a wgmma.mma_async that followed it`},
		{"read in flight", "wgmma.fence.sync.aligned;", "mov.b32 %r20, %f3;", 128, `reads %f3 while the wgmma.mma_async at line \d+ that uses it is in flight`},
		{"incomplete warpgroup", "wgmma.fence.sync.aligned;", "", 96, `warpgroup 0 \(warps 0..3\) is incomplete: the CTA has 3 warps`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runWg(t, wgKernelSrc(tc.pre, tc.mid), tc.block, buf, false)
			require.Error(t, err)
			assert.Regexp(t, tc.want, err.Error())
		})
	}
	// With checks off the same programs run (the incomplete warpgroup
	// is always an error).
	_, err := runWg(t, wgKernelSrc("", "mov.b32 %r20, %f3;"), 128, buf, true)
	assert.NoError(t, err)
}

// Descriptors that differ across the warpgroup are reported with the warps.
func TestWgmmaDescriptorMismatch(t *testing.T) {
	buf, _ := wgInputs(t)
	src := wgKernelSrc("wgmma.fence.sync.aligned;\n\tsetp.eq.u32 %p2, %r1, 40;\n\t@%p2 add.s64 %rd7, %rd7, 2;", "")
	_, err := runWg(t, src, 128, buf, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the B descriptor differs across the warpgroup")
	assert.Contains(t, err.Error(), fmt.Sprintf("(warps %d)", 1))
}
