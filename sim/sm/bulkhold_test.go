package sm

import (
	"testing"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/stretchr/testify/assert"
)

// bulklPTX is bulkl.cu's timed loop (tools/microbench/bulkl.cu, cut down):
// `if (part) { arrive.expect_tx; cp.async.bulk }`, the stamp, then the
// try_wait on the same mbarrier. ptxas 13.0 sm_90a (bulkl_l1's PTX, cuobjdump
// in validation/timing/bulk18.md) reads SR_CgaCtaId once before the loop
// and predicates the arrive and the UBLKCP (@!P0 SYNCS.ARRIVE.TRANS64,
// @!UP0 UBLKCP.S.G): no shared-base read in the loop.
const bulklPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bbar[8];
.visible .entry k(.param .u64 src, .param .u32 n, .param .u32 lanes)
{
	.reg .pred %p<8>;
	.reg .b32 %r<48>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [src];
	ld.param.u32 %r15, [lanes];
	ld.param.u32 %r16, [n];
	mov.u32 %r2, %tid.x;
	mov.u32 %r40, 0;
	mov.u32 %r41, 0;
L:
	bar.sync 0;
	setp.ge.u32 %p3, %r2, %r15;
	@%p3 bra SKIP;
	mov.u32 %r29, bbar;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r29], 16;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r29], [%rd1], 16, [%r29];
SKIP:
	mov.u32 %r32, bbar;
	{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r32], %r40; @!p bra W;}
	xor.b32 %r40, %r40, 1;
	add.s32 %r41, %r41, 1;
	setp.lt.s32 %p4, %r41, %r16;
	@%p4 bra L;
	ret;
}
`

func TestBulklLoopSharedBaseHoisted(t *testing.T) {
	p, k, l := lowered(t, bulklPTX)
	f := p.Funcs[0]
	n := 0
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		if in.Op == ptx.OpMov && sharedSym(p, f, in) {
			n++
			assert.False(t, l.sharedBase(info), "mov at %d: ptxas reads SR_CgaCtaId before the loop", pc)
		}
	}
	assert.Equal(t, 2, n)
}
