package sm

import (
	"testing"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// t6st's kernel (every t6st_* runs the same code; red picks the arm at run
// time): cuobjdump of t6st_bulk_p4 (ptxas 13.0 sm_90a,
// validation/timing/tailbulk21_sass2.txt.gz) lays each of the 4 + 2 + 1
// operations of the three loops out as `UBLKCP.G.S; BRA J; UTMASTG; BRA J;
// ELECT loop UTMAREDG` falling into J: 7 UTMASTG each followed by a BRA
// the PTX does not have (the tensor store falls into the join there), and
// 7 reductions whose PTX `bra.uni J` has no SASS. The bulk store's arm
// keeps its BRA.
func TestArmLayoutT6st(t *testing.T) {
	f, l := recordedLowering(t, "t6st_store_p4", "t6_st")
	merged, armBra := armLayout(f)
	var nMerged, nBra int
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if merged[pc] {
			nMerged++
			require.Equal(t, ptx.OpBra, in.Op)
			require.Less(t, in.Guard, int32(0), "a bra.uni")
			prev := l.sched.infos[pc-1]
			assert.Equal(t, ptx.FormBulkReduce, prev.Form, "the reduction's arm: %s", in.Text)
			assert.Equal(t, uint8(brMerged), l.sched.ent[prev.Func][pc].shape)
		}
		if armBra[pc] {
			nBra++
			inf := l.sched.infos[pc]
			assert.Equal(t, exec.AsyncBulkStore, inf.Async)
			assert.NotEqual(t, ptx.FormBulkReduce, inf.Form, "the tensor store's arm")
			assert.True(t, l.armBra(inf))
		}
	}
	assert.Equal(t, 7, nMerged, "reduction arms falling into the join")
	assert.Equal(t, 7, nBra, "tensor-store arms ending with a BRA")
}

// A single if / else is laid out as in the PTX (the walk's reverse
// post-order is the PTX order there): nothing marked.
func TestArmLayoutSingleBranch(t *testing.T) {
	src := `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	ld.param.u32 %r1, [n];
	setp.eq.s32 %p1, %r1, 1;
	@%p1 bra A;
	add.s32 %r2, %r1, 2;
	bra.uni J;
A:
	add.s32 %r2, %r1, 3;
J:
	ret;
}
`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	merged, armBra := armLayout(p.Funcs[0])
	for pc := range merged {
		assert.False(t, merged[pc] || armBra[pc], "pc %d", pc)
	}
}
