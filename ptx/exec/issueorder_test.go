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

// TestIssueOrderExecutes: a CTA given an issue order executes, at each PC,
// the instruction the order names there (Peek and Issue agree), and a
// permutation that keeps the register dependences leaves the PTX order's
// values: out[i] = 3i * (i + 5), by hand.
func TestIssueOrderExecutes(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %tid.x;
	mul.lo.u32 %r2, %r1, 3;
	add.u32 %r3, %r1, 5;
	mul.lo.u32 %r4, %r2, %r3;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("out", 4*32)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g, Counters: &smem.Counters{}}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	// the two independent products swap; the address arithmetic goes first
	order := []int32{0, 1, 2, 6, 4, 3, 5, 7, 8, 9}
	c.SetIssueOrder(exec.IssueOrder{order})
	w := c.Warps()[0]
	var e exec.Effect
	var pcs []int32
	for !w.Done() {
		info, ok := w.Peek()
		require.True(t, ok)
		require.NoError(t, w.Issue(&e))
		assert.Same(t, info, e.Info)
		pcs = append(pcs, info.PC)
	}
	assert.Equal(t, order, pcs)
	for i := 0; i < 32; i++ {
		assert.Equal(t, uint32(3*i*(i+5)), binary.LittleEndian.Uint32(seg.Data[4*i:]), "lane %d", i)
	}
}
