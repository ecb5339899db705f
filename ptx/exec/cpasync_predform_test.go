package exec_test

import (
	"encoding/binary"
	"testing"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/smem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The src-size forms of cp.async.cg and their LDGSTS wavefronts as ncu
// counts them on an H200 (validation/microbench/cpasync8_*, one warp-copy of
// 512 contiguous bytes each): Triton's selp(16, 0, p) src-size is ptxas's
// predicated LDGSTS.E.BYPASS.128 (4 whether p is true or false), a src-size
// register set any other way the ZFILL form (8 with every lane reading), no
// src-size 4. A register that is selp(16, 0, p) in one place and something
// else in another stays ZFILL.
func TestCpAsyncSrcSizeForms(t *testing.T) {
	for _, tc := range []struct {
		what, size string
		want       uint64
	}{
		{"no src-size", "", 4},
		{"selp(16, 0, p), p true", "selp.b32 %r3, 16, 0, %p1;", 4},
		{"selp(0, 16, p), p false", "selp.b32 %r3, 0, 16, %p2;", 4},
		{"selp(16, 0, p), p false (zero fill only)", "selp.b32 %r3, 16, 0, %p2;", 4},
		{"run-time register of 16", "add.u32 %r3, %r2, 16;", 8},
		{"selp, then a second definition", "selp.b32 %r3, 16, 0, %p1;\n\tadd.u32 %r3, %r2, 16;", 8},
		{"selp(8, 0, p) (not the cp-size)", "selp.b32 %r3, 8, 0, %p1;", 8},
	} {
		t.Run(tc.what, func(t *testing.T) {
			op := "cp.async.cg.shared.global [%r1], [%rd2], 16, %r3;"
			if tc.size == "" {
				op = "cp.async.cg.shared.global [%r1], [%rd2], 16;"
			}
			src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.shared .align 128 .b8 sbuf[512];
	ld.param.u64 %rd1, [out];
	mov.u32 %r2, %tid.x;
	setp.lt.u32 %p1, %r2, 32;
	setp.ge.u32 %p2, %r2, 32;
	mul.wide.u32 %rd3, %r2, 16;
	add.u64 %rd2, %rd1, %rd3;
	mov.u32 %r1, sbuf;
	shl.b32 %r4, %r2, 4;
	add.u32 %r1, %r1, %r4;
	mov.u32 %r2, 0;
	` + tc.size + `
	` + op + `
	cp.async.wait_all;
	ret;
}`
			p, err := ptx.Load("test.ptx", []byte(src))
			require.NoError(t, err)
			k, err := exec.Compile(p, "k", exec.DefaultLayout())
			require.NoError(t, err)
			g := exec.NewGlobalMem()
			seg := g.Alloc("out", 512)
			params := make([]byte, 8)
			binary.LittleEndian.PutUint64(params, seg.Base)
			res, err := gpu.RunFunctional(gpu.DefaultConfig(), k, &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g})
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Smem.ByOp[smem.OpLdgsts].Wavefronts)
		})
	}
}
