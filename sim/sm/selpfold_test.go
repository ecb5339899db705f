package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The try_wait idiom of tma_load_2d_none's PTX (an asm block's selp 1/0 of
// the wait's predicate, nvcc's setp.ne on it, a branch), once with the
// selp's result read again after the setp (ptxas keeps that SEL), and a
// branch on a plain compare. By hand: the first selp and setp fold and
// their branch is no compare branch (its predicate is the try_wait's); the
// second pair stays (r3 is read by the add); the last branch reads a setp
// of a loaded value: a compare branch.
const selpPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pm)
{
	.reg .pred %p<8>;
	.reg .b32 %r<16>;
	.shared .align 8 .b64 bar;
	ld.param.u32 %r1, [pm];
	mov.u32 %r2, bar;
	mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0;
	selp.u32 %r3, 1, 0, %p1;
	setp.ne.s32 %p2, %r3, 0;
	@%p2 bra A;
A:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r2], 0;
	selp.u32 %r4, 1, 0, %p3;
	setp.ne.s32 %p4, %r4, 0;
	add.s32 %r5, %r4, %r1;
	@%p4 bra B;
B:
	setp.ne.s32 %p5, %r1, 0;
	@%p5 bra C;
C:
	ret;
}
`

func TestSelpFold(t *testing.T) {
	_, k, l := lowered(t, selpPTX)
	var selps, setps, bras []*exec.InstInfo
	for _, inf := range k.Infos() {
		switch inf.Op {
		case ptx.OpSelp:
			selps = append(selps, inf)
		case ptx.OpSetp:
			setps = append(setps, inf)
		case ptx.OpBra:
			bras = append(bras, inf)
		}
	}
	require.Len(t, selps, 2)
	require.Len(t, setps, 3)
	require.Len(t, bras, 3)
	assert.Equal(t, lowFused, l.kind(selps[0]), "the round trip's selp has no SASS")
	assert.Equal(t, lowFused, l.kind(setps[0]), "the round trip's setp has no SASS")
	assert.False(t, (l.at(bras[0]).flags&schedCmpBranch != 0), "the branch reads the try_wait's predicate")
	assert.NotEqual(t, lowFused, l.kind(selps[1]), "a selp read again keeps its SEL")
	assert.True(t, (l.at(bras[1]).flags&schedCmpBranch != 0), "its setp stays an ISETP")
	assert.True(t, (l.at(bras[2]).flags&schedCmpBranch != 0), "a compare of a loaded value")
}
