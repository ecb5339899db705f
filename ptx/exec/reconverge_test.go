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

// A loop of 4 iterations whose odd lanes take an out-of-line path (placed
// after the loop, as nvcc places rarely taken code) and come back before a
// shared store. With reconvergence at the branch's immediate post-dominator
// (JOIN) the warp issues every loop instruction once per iteration for all
// 32 lanes. Without it the even lanes would run the whole loop ahead and
// the odd ones after them, issuing the stores twice per iteration.
func TestReconvergeAtImmediatePostDominator(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 sm[128];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %laneid;
	mov.u32 %r2, 0;
	mov.u32 %r7, sm;
LOOP:
	and.b32 %r3, %r1, 1;
	setp.ne.u32 %p1, %r3, 0;
	mov.u32 %r4, 1;
	@%p1 bra ODD;
JOIN:
	shl.b32 %r5, %r1, 2;
	add.u32 %r5, %r5, %r7;
	st.shared.u32 [%r5], %r4;
	add.s32 %r2, %r2, 1;
	setp.lt.u32 %p2, %r2, 4;
	@%p2 bra LOOP;
	ld.shared.u32 %r6, [%r5];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r6;
	ret;
ODD:
	mov.u32 %r4, 2;
	bra.uni JOIN;
}`
	p, err := ptx.Load("test.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	seg := g.Alloc("out", 4*32)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	res, err := gpu.RunFunctional(gpu.DefaultConfig(), k, &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g})
	require.NoError(t, err)
	for l := 0; l < 32; l++ {
		assert.Equal(t, uint32(1+l%2), binary.LittleEndian.Uint32(seg.Data[4*l:]), "lane %d", l)
	}
	// 4 + 4*(4 + 2 [odd side] + 6) + 5 = 57: ld.param, mov, mov, mov; per
	// iteration and, setp, mov, bra | mov, bra.uni | shl, add, st, add,
	// setp, bra; after the loop ld.shared, mul, add, st, ret.
	assert.Equal(t, int64(57), res.Instructions)
	assert.Equal(t, uint64(4), res.Smem.ByOp[smem.OpSt].Instructions, "st.shared once per iteration")
}
