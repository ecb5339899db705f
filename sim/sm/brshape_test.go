package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Nine never-taken pairs to one label with nothing in between (brnt8_na's
// PTX), a pair after a mov (brnt8_nm's: not merged), a forward branch over
// two adds (brnt8_tk's: if-converted), one over a shared load (kept). By
// hand, from the SASS of brnt8_na64 (ISETP.NE.OR chains of seven compares,
// one BRA each): pairs 1-7 are one group (compares 2-7 OR the previous
// predicate in, branches 1-6 have no SASS, branch 7 closes the group),
// pairs 8-9 the next group.
const brShapePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pm)
{
	.reg .pred p;
	.reg .pred q;
	.reg .b32 %r<16>;
	.shared .align 4 .b32 s;
	ld.param.u32 %r1, [pm];
	setp.ne.s32 p, %r1, 1;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 2;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 3;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 4;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 5;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 6;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 7;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 8;
	@p bra FAIL;
	setp.ne.s32 p, %r1, 9;
	@p bra FAIL;
	mov.u32 %r2, 10;
	setp.ne.s32 p, %r1, 10;
	@p bra FAIL;
	setp.eq.s32 q, %r1, 0;
	@q bra SKIP;
	add.u32 %r3, %r3, 1;
	add.u32 %r3, %r3, %r1;
SKIP:
	@q bra SKIP2;
	ld.shared.u32 %r4, [s];
SKIP2:
	ret;
FAIL:
	ret;
}
`

func TestBranchShapes(t *testing.T) {
	_, k, l := lowered(t, brShapePTX)
	var setps, bras []*exec.InstInfo
	for _, inf := range k.Infos() {
		switch inf.Op {
		case ptx.OpSetp:
			setps = append(setps, inf)
		case ptx.OpBra:
			bras = append(bras, inf)
		}
	}
	require.Len(t, setps, 11)
	require.Len(t, bras, 12)
	shape := func(inf *exec.InstInfo) uint8 { return l.at(inf).shape }
	for i := 0; i < 9; i++ {
		first := i == 0 || i == 7
		last := i == 6 || i == 8
		if first {
			assert.Equal(t, brPlain, shape(setps[i]), "pair %d opens a group: ISETP.NE.AND", i+1)
		} else {
			assert.Equal(t, brOrSetp, shape(setps[i]), "pair %d: ISETP.NE.OR", i+1)
		}
		if last {
			assert.Equal(t, brLastBra, shape(bras[i]), "pair %d closes a group: its BRA", i+1)
			assert.NotZero(t, l.at(bras[i]).flags&schedCmpBranch)
		} else {
			assert.Equal(t, brMerged, shape(bras[i]), "pair %d: no BRA", i+1)
			assert.Equal(t, lowFused, l.kind(bras[i]))
		}
	}
	assert.Equal(t, brPlain, shape(setps[9]), "after a mov: not merged")
	assert.Equal(t, brPlain, shape(bras[9]))
	assert.Equal(t, brIfConv, shape(bras[10]), "over two adds: predicated, no BRA")
	lo, hi := l.sched.skipLo[bras[10].PC], l.sched.skipHi[bras[10].PC]
	assert.Equal(t, int32(2), hi-lo, "it skips the two adds")
	assert.Equal(t, brPlain, shape(bras[11]), "over a shared load: kept")
}
