package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bulk and TMA reductions (ptxas wraps each in an ELECT loop:
// sim/sm/tma_hold.go) are FormBulkReduce, guarded or not; the bulk and TMA
// stores and loads around them are not.
func TestFormOfBulkReduce(t *testing.T) {
	src := `.version 8.3
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .align 64 .b8 tm[128])
{
	.reg .b64 %rd<4>;
	.reg .b32 %r<4>;
	.reg .pred %q<2>;
	.shared .align 128 .b8 buf[1024];
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [p];
	mov.u64 %rd2, tm;
	mov.u32 %r1, buf;
	setp.eq.u32 %q1, %r1, 0;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [buf], 1024;
	@%q1 cp.reduce.async.bulk.global.shared::cta.bulk_group.min.u32 [%rd1], [buf], 1024;
	cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd2, {%r1, %r1}], [buf];
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [buf], 1024;
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r1, %r1}], [buf];
	cp.async.bulk.commit_group;
	ret;
}
`
	p, err := Load("reduce.ptx", []byte(src))
	require.NoError(t, err)
	want := []Form{FormNone, FormNone, FormNone, FormNone, FormBulkReduce, FormBulkReduce, FormBulkReduce,
		FormNone, FormNone, FormNone, FormNone}
	insts := p.Funcs[0].Insts
	require.Len(t, insts, len(want))
	for i := range insts {
		assert.Equal(t, want[i], FormOf(&insts[i]), "%s", insts[i].Text)
	}
}
