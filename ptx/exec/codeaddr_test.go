package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// A module's functions lie one after the other in its order, each at a
// 128-byte boundary, as in the cubin (coldj_k64_s1 on the H200: 64 calls of
// __noinline__ functions in code order stream like straight-line code
// after ncu's flush). A .func of 9 adds, a load and a store comes first: the
// entry starts at the next 128-byte boundary after it, not 16 MiB away.
func TestFunctionsLaidOutInModuleOrder(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .func f(.param .b64 q)
{
	.reg .b32 r;
	.reg .b64 %a;
	ld.param.u64 %a, [q];
	ld.global.u32 r, [%a];
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	add.s32 r, r, 1;
	st.global.u32 [%a], r;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	{
	.param .b64 p0;
	st.param.b64 [p0], %rd1;
	call f, (p0);
	}
	ret;
}
`
	p, err := ptx.Load("codeaddr.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	in := k.Infos()
	require.NotEmpty(t, in)
	first := in[0].Addr
	assert.Zero(t, first%128, "the entry starts at a 128-byte boundary")
	assert.GreaterOrEqual(t, first, uint64(128), "after f's 9 adds (144 bytes at least)")
	assert.Less(t, first, uint64(1024), "right after f, not in a region of its own")
	for i := 1; i < len(in); i++ {
		assert.GreaterOrEqual(t, in[i].Addr, in[i-1].Addr, "addresses grow in program order (parameter loads take no slot)")
	}
}
