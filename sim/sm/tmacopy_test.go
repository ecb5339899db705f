package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// tmai_mc_n2's issuing block, cut down (the recorded PTX of
// tools/microbench/tmai.cu): t[k] = t0 before the rank's branch, the
// loads' own stamps overwrite them, and the second load's mbarrier address
// is an add between the loads. Its SASS (ptxas 13.0 sm_90a, session 30):
// two IMAD.MOV.U32 a copy before the branch, the UIADD3 in the second
// load's ELECT preamble.
const tmaCopyPTX = `
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 bars[64];
.extern .shared .align 1024 .b8 dsm[];
.visible .entry k(.param .align 64 .b8 tm[128], .param .u64 out, .param .u32 rank)
{
	.reg .pred %p<4>;
	.reg .b16 %rs<2>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	mov.b64 %rd1, tm;
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r1, [rank];
	cvta.param.u64 %rd3, %rd1;
	mov.u32 %r2, dsm;
	setp.ne.s32 %p1, %r1, 0;
	mov.u64 %rd4, %clock64;
	mov.u64 %rd5, %rd4;
	mov.u64 %rd6, %rd4;
	@%p1 bra J;
	mov.u32 %r3, 0;
	mov.u32 %r4, bars;
	mov.u16 %rs1, 3;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd3, {%r3, %r3}], [%r4], %rs1;
	mov.u64 %rd5, %clock64;
	add.s32 %r5, %r4, 8;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd3, {%r3, %r3}], [%r5], %rs1;
	mov.u64 %rd6, %clock64;
J:
	sub.s64 %rd7, %rd5, %rd4;
	sub.s64 %rd8, %rd6, %rd4;
	add.s32 %r6, %r2, 8;
	st.shared.u32 [%r2], %r6;
	st.global.u64 [%rd2], %rd7;
	st.global.u64 [%rd2+8], %rd8;
	ret;
}
`

func TestTmaCopiesAndOperandAdds(t *testing.T) {
	_, k, l := lowered(t, tmaCopyPTX)
	f := k.Entry()
	var copies, adds []*exec.InstInfo
	for _, inf := range k.Infos() {
		in := &f.Insts[inf.PC]
		switch {
		case inf.Op == ptx.OpMov && len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdReg:
			copies = append(copies, inf)
		case inf.Op == ptx.OpAdd && inf.Bits == 32:
			adds = append(adds, inf)
		}
	}
	require.Len(t, copies, 2)
	for _, c := range copies {
		assert.Equal(t, uint8(2), l.copyWords(c), "t[k] = t0, overwritten on the issuing path with t0 still live: two IMAD.MOVs")
	}
	for _, inf := range k.Infos() {
		in := &f.Insts[inf.PC]
		switch {
		case inf.Op == ptx.OpCvta:
			assert.False(t, l.paramAddrReg(inf), "read only as the loads' map: a ULDC at each load (tma_first.go)")
		case inf.Op == ptx.OpMov && len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdSym && in.Ops[1].Sym.Kind != ptx.SymParam:
			// dsm before the stamp; bars after it, read by the load
			dsm := f.Regs[in.Ops[0].Reg].Name == "%r2"
			assert.Equal(t, dsm, l.sbClock[[2]int32{inf.Func, inf.PC}], "S2R and LEA above the stamp (sharedbase.go): %s", f.Regs[in.Ops[0].Reg].Name)
		}
	}
	require.Len(t, adds, 2)
	assert.Equal(t, lowFused, l.at(adds[0]).kind, "the mbarrier's add read only by the next load: in its ELECT preamble")
	assert.NotEqual(t, lowFused, l.at(adds[1]).kind, "an add whose value is stored: no TMA operand")
}
