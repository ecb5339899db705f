package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The SASS form of each instruction, as the microbenchmarks found them on
// an H200 (validation/microbench: chain_cvt_*, c6cvt64_*, fpalu_*,
// chain_shfl_idx) and ptxas emits them: F2F/I2F/F2I with a 64-bit operand,
// HADD2.F32 for f16->f32, F2FP for f32->f16 and FMNMX for max.f32 on the
// ALU, SHFL.IDX; integer min and f32 add keep their pipe's latency.
func TestFormOf(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k()
{
	.reg .f32 %f<4>;
	.reg .f64 %fd<2>;
	.reg .b16 %h<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	cvt.f64.f32 %fd0, %f0;
	cvt.rn.f32.f64 %f1, %fd0;
	cvt.rn.f32.u64 %f1, %rd0;
	cvt.f32.f16 %f2, %h0;
	cvt.rn.f16.f32 %h1, %f2;
	cvt.rn.f16x2.f32 %r0, %f1, %f2;
	max.f32 %f3, %f1, %f2;
	min.s32 %r1, %r2, %r3;
	add.f32 %f3, %f1, %f2;
	cvt.rzi.s32.f32 %r1, %f1;
	shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;
	shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;
	ret;
}
`
	p, err := Load("form.ptx", []byte(src))
	require.NoError(t, err)
	want := []Form{FormConvWide, FormConvWide, FormConvWide, FormF16Conv, FormALUFloat, FormALUFloat,
		FormALUFloat, FormNone, FormNone, FormNone, FormShflIdx, FormNone, FormNone}
	insts := p.Funcs[0].Insts
	require.Len(t, insts, len(want))
	for i := range insts {
		assert.Equal(t, want[i], FormOf(&insts[i]), insts[i].Text)
	}
}
