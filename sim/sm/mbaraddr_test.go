package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// tmaqx's stage-0 block, cut down (the recorded PTX of tmaqx_s3): the
// mbarrier's address is an add of an immediate to the aligned shared base,
// read first by the arrive, then by the stage's load and, past a branch, by
// the other map's load. Its SASS (tools/microbench/tmaq29_sass.txt):
// SYNCS.ARRIVE.TRANS64 [UR12+0x30000], the UIADD3 UR13 after it. Beside it
// an add whose first reader is an mbarrier.init (the inits' stretch keeps
// its adds), one read by an arrive and by an add (not only an address),
// and one read first by a load and then by an arrive (the rule asks for
// the arrive first; tmaOperandAdds asks for loads only).
const mbarAddrPTX = `
.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 smem_raw[];
.visible .entry k(.param .align 64 .b8 tm[128], .param .u64 out, .param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<16>;
	mov.b64 %rd1, tm;
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r1, [n];
	mov.u32 %r20, smem_raw;
	add.s32 %r21, %r20, 8;
	mbarrier.init.shared::cta.b64 [%r21], %r1;
	bar.sync 0;
	setp.ne.s32 %p1, %r1, 0;
	mov.u64 %rd4, %clock64;
	mov.u32 %r2, smem_raw;
	add.s32 %r3, %r2, 1023;
	and.b32 %r4, %r3, -1024;
	add.s32 %r5, %r4, 196608;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], %r1;
	mov.u64 %rd5, %clock64;
	cvta.param.u64 %rd3, %rd1;
	mov.u32 %r6, 0;
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd3, {%r6, %r6}], [%r5];
	@%p1 bra J;
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd3, {%r6, %r1}], [%r5];
J:
	add.s32 %r7, %r4, 196616;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r7], %r1;
	add.s32 %r8, %r7, %r1;
	add.s32 %r9, %r4, 196624;
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd3, {%r6, %r6}], [%r9];
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r9], %r1;
	sub.s64 %rd7, %rd5, %rd4;
	st.global.u64 [%rd2], %rd7;
	st.global.u32 [%rd2+8], %r8;
	ret;
}
`

func TestMbarAddrAdds(t *testing.T) {
	_, k, l := lowered(t, mbarAddrPTX)
	f := k.Entry()
	adds := map[string]*exec.InstInfo{}
	for _, inf := range k.Infos() {
		in := &f.Insts[inf.PC]
		if inf.Op == ptx.OpAdd && inf.Bits == 32 {
			adds[f.Regs[in.Ops[0].Reg].Name] = inf
		}
	}
	require.Len(t, adds, 6)
	for r, want := range map[string]bool{
		"%r5":  true,  // the arrive's [UR12+0x30000], the loads' UIADD3 after it
		"%r21": false, // read first by mbarrier.init
		"%r3":  false, // the alignment's add: read by the and, no address
		"%r7":  false, // also an add's operand
		"%r8":  false,
		"%r9":  false, // read first by a load, then by an arrive
	} {
		assert.Equal(t, want, l.at(adds[r]).kind == lowFused, r)
	}
}
