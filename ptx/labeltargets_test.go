package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Only labels a branch names start a block: $L__tmp1 (a debug label, as
// Triton emits around a reduction's steps) does not; the loop head $L_top
// (a backward branch) and $L_out (a forward one) do.
func TestLabelTargetsOnlyBranchTargets(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 k_param_0)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .f32 %f<4>;
	ld.param.u32 %r1, [k_param_0];
	mov.u32 %r2, 0;
$L_top:
	add.s32 %r2, %r2, 1;
	shfl.sync.bfly.b32 %r3, %r2, 1, 31, -1;
$L__tmp1:
	add.s32 %r4, %r3, %r2;
	setp.lt.s32 %p1, %r2, %r1;
	@%p1 bra $L_top;
	setp.eq.s32 %p1, %r4, 7;
	@%p1 bra $L_out;
	add.s32 %r4, %r4, 1;
$L_out:
	ret;
}
`
	prog, err := Load("k.ptx", []byte(src))
	require.NoError(t, err)
	f := prog.Funcs[0]
	require.Contains(t, f.Labels, "$L__tmp1")
	require.Contains(t, f.Labels, "$L_top")
	require.Contains(t, f.Labels, "$L_out")
	tg := f.LabelTargets()
	require.Len(t, tg, len(f.Insts)+1)
	var at []int
	for i, v := range tg {
		if v {
			at = append(at, i)
		}
	}
	assert.Equal(t, []int{f.Labels["$L_top"], f.Labels["$L_out"]}, at)
	assert.NotContains(t, at, f.Labels["$L__tmp1"])
}
