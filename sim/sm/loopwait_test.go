package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The reference is the SASS of tlbc_cg_p16_s2m and tlbc_p16_s2m (ptxas
// 13.0 -arch=sm_90a, cuobjdump on the H200, session 17's recording): the
// loop body's first branch, `@!P0 BRA 0x390` at 0x1d0, carries the LDG's
// write barrier (SB5, LDG.E R0 at 0x3f0) in its wait mask; the branch
// closing the loop (0x450) waits for nothing, and the LOP3 that reads R0
// at the join (0x3c0) waits for nothing either.
func TestLoopWaitTLBC(t *testing.T) {
	for _, dir := range []string{"tlbc_cg_p16_s2m", "tlbc_p16_s2m"} {
		k := microKernel(t, dir, "tlbc_kernel")
		l := NewLowering(k)
		var waits []*exec.InstInfo
		var load *exec.InstInfo
		for _, inf := range k.Infos() {
			if l.loopWaitRegs(inf) != nil {
				waits = append(waits, inf)
			}
			if inf.Op == ptx.OpLd && strings.Contains(inf.Text, "ld.global") {
				load = inf
			}
		}
		require.NotNil(t, load, dir)
		require.Len(t, waits, 1, "%s: one branch waits", dir)
		assert.Equal(t, ptx.OpBra, waits[0].Op)
		assert.Less(t, waits[0].PC, load.PC, "%s: the loop head's branch, before the load", dir)
		assert.Equal(t, load.Defs, l.loopWaitRegs(waits[0]), "%s: it waits for the chase's load", dir)
	}
}

// Out of the rule's scope: a load whose value the same iteration reads
// (waited for at its reader, as in the 68 conditional forward branches of
// the SASS corpus with a load of the same iteration in flight), and a
// branch out of the loop.
const loopWaitScopePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pa, .param .u32 pn)
{
	.reg .pred p;
	.reg .pred q;
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [pa];
	ld.param.u32 %r1, [pn];
	mov.u32 %r2, 0;
	mov.u32 %r3, 0;
TOP:
	setp.lt.u32 p, %r2, 32;
	@p bra SIDE;
	div.u32 %r6, %r2, %r1;
	mul.lo.u32 %r7, %r6, %r1;
	sub.u32 %r4, %r2, %r7;
	add.u32 %r4, %r4, %r6;
	xor.b32 %r4, %r4, 5;
	bra.uni JOIN;
SIDE:
	mul.lo.u32 %r4, %r2, 33;
JOIN:
	setp.eq.u32 q, %r4, 99;
	@q bra OUT;
	mul.wide.u32 %rd2, %r4, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.u32 %r5, [%rd3];
	add.u32 %r3, %r3, %r5;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 p, %r2, %r1;
	@p bra TOP;
OUT:
	st.global.u32 [%rd1], %r3;
	ret;
}
`

func TestLoopWaitScope(t *testing.T) {
	_, k, l := lowered(t, loopWaitScopePTX)
	for _, inf := range k.Infos() {
		assert.Nil(t, l.loopWaitRegs(inf), "pc %d %s", inf.PC, inf.Text)
	}
}

// The same loop with the load's value read at the top of the next
// iteration (tlbc's shape): the head's branch waits for it, the exit
// branch does not (a branch out of the loop).
func TestLoopWaitCarried(t *testing.T) {
	src := strings.Replace(loopWaitScopePTX, "\tadd.u32 %r3, %r3, %r5;\n", "", 1)
	src = strings.Replace(src, "TOP:\n", "TOP:\n\tadd.u32 %r3, %r3, %r5;\n", 1)
	require.NotEqual(t, loopWaitScopePTX, src)
	_, k, l := lowered(t, src)
	var n int
	first := -1 // the loop head's `@p bra SIDE`: the function's first branch
	for _, inf := range k.Infos() {
		if inf.Op == ptx.OpBra && first < 0 {
			first = int(inf.PC)
		}
		if r := l.loopWaitRegs(inf); r != nil {
			n++
			assert.Equal(t, first, int(inf.PC))
			assert.Len(t, r, 1)
		}
	}
	assert.Equal(t, 1, n, "branches that wait")
}
