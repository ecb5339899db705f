package sm

import (
	"testing"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The prologue of family sgp (tools/microbench/gen14_smallgemm.py), cut
// down: two .align 128 tensor maps, then the record pointer clk and the
// flags; the record pointer clk + 16 (ctaid.y nctaid.x + ctaid.x) computed
// before the bar.sync of the block that ends with the stamp, the flags
// shifted in the entry block and compared after the stamp. Its SASS
// (ptxas 13.0 sm_90a, cuobjdump; validation/timing/first18.md):
//
//	CS2R (e0) ... BAR.SYNC; ULDC UR4, c[0x0][0xc]; UIMAD; USHF;
//	ULDC.64 UR4, c[0x0][0x388]; UIMAD.WIDE; CS2R (t0); LDC R15, c[0x0][0x394];
//	SHF.R.U32.HI R15, RZ, 0x6, R15; ... ISETP R15
const chainPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 128 .b8 ta[128], .param .align 128 .b8 tb[128], .param .u64 a,
	.param .u64 clk, .param .u32 kk, .param .u32 flags)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<12>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [clk];
	ld.param.u32 %r1, [flags];
	mov.u64 %rd2, %clock64;
	shr.u32 %r2, %r1, 6;
	mov.u32 %r3, %tid.x;
	setp.ne.s32 %p1, %r3, 0;
	@%p1 bra $L__BB0_2;
	add.s32 %r4, %r3, 1;
$L__BB0_2:
	cvta.to.global.u64 %rd3, %rd1;
	mov.u32 %r5, %nctaid.x;
	mov.u32 %r6, %ctaid.y;
	mov.u32 %r7, %ctaid.x;
	mad.lo.s32 %r8, %r6, %r5, %r7;
	shl.b32 %r9, %r8, 4;
	mul.wide.u32 %rd4, %r9, 8;
	add.s64 %rd5, %rd3, %rd4;
	bar.sync 0;
	mov.u64 %rd6, %clock64;
	setp.eq.s32 %p2, %r2, 0;
	@%p2 bra $L__BB0_3;
	st.global.u64 [%rd5], %rd6;
$L__BB0_3:
	st.global.u64 [%rd5+8], %rd2;
	ret;
}
`

func TestParamChainSink(t *testing.T) {
	p, err := ptx.Load("chain.ptx", []byte(chainPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	f := k.Entry()
	// the bank: ta at 0x280, tb at 0x300 (128-aligned in the bank, not in
	// the block), clk 0x388, flags 0x394 (sgp's SASS), %nctaid.x at 0xc
	assert.Equal(t, 0x388, paramBankAddr(f, f.Params[3].Offset))
	assert.Equal(t, 0x394, paramBankAddr(f, f.Params[5].Offset))
	assert.Equal(t, []int32{0, 0x380 / 32}, ps.all)
	pcOf := func(text string, n int) int {
		for pc := range f.Insts {
			if f.Insts[pc].Text == text {
				if n == 0 {
					return pc
				}
				n--
			}
		}
		t.Fatalf("no %s", text)
		return -1
	}
	ldClk, ldFlags := pcOf("ld.param.u64", 0), pcOf("ld.param.u32", 0)
	nctaid := pcOf("mov.u32", 1)
	t0 := pcOf("mov.u64", 1)
	assert.Equal(t, int32(0), ps.first[nctaid], "%nctaid.x: a read of c[0x0][0xc]")
	// the record pointer's loads wait below the barrier, at the stamp
	assert.Equal(t, []int32{int32(ldClk), int32(nctaid)}, ps.holdAt[t0])
	assert.True(t, ps.sunk[ldClk])
	// flags: shifted in the entry block, first compared after the stamp:
	// its sector asked for in the stamp's region, not at the entry
	assert.True(t, ps.sunk[ldFlags])
	assert.Contains(t, ps.sinkAt[t0+1], int32(ldFlags))
	assert.Empty(t, ps.reqAt[3], "nothing asked for at the entry block's shift")

	// the hold: the two ULDCs miss one after the other (each UIMAD waits
	// for its ULDC before the next ULDC issues): 1000 + 100 + 100
	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10, LDCCycles: 24}}
	s := &SM{code: &Code{params: ps, kern: k}, cfg: cfg}
	infos := k.Infos()
	ws := &warpState{barPending: true}
	assert.Equal(t, engine.Cycle(1200), s.paramChainHold(ws, infos[t0], 1000))
	assert.False(t, ws.barPending, "the stamp is not the instruction right after the BAR.SYNC")
	// another warp after them: both sectors there
	assert.Equal(t, engine.Cycle(1200), s.paramChainHold(&warpState{}, infos[t0], 1150))
	assert.Equal(t, engine.Cycle(0), s.paramChainHold(&warpState{}, infos[t0+1], 1150))
}

// A branch between the arithmetic and the barrier (tmaq / tmaqx: the
// cluster or CTA barrier chosen by a flag) keeps the loads above it: their
// SASS has ULDC c[0x0][0xc] and ULDC.64 c[0x0][0x380] before the BAR.SYNC.
const noChainPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 clk, .param .u32 mc)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<12>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [clk];
	ld.param.u32 %r1, [mc];
	cvta.to.global.u64 %rd3, %rd1;
	mov.u32 %r5, %nctaid.x;
	mul.wide.u32 %rd4, %r5, 8;
	add.s64 %rd5, %rd3, %rd4;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra $L__BB0_2;
	bar.sync 0;
$L__BB0_2:
	mov.u64 %rd6, %clock64;
	st.global.u64 [%rd5], %rd6;
	ret;
}
`

func TestParamChainNoSinkAcrossBranch(t *testing.T) {
	p, err := ptx.Load("nochain.ptx", []byte(noChainPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	for pc := range ps.holdAt {
		assert.Empty(t, ps.holdAt[pc], "pc %d", pc)
	}
}
