package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// One ldclat region (its PTX): a parameter compared with a constant it never
// equals, the store's pointer loaded inside the guarded block. ptxas 13.0
// (validation/timing/ldclat.md, psink21_sass.txt): `ISETP` (stall 13),
// `@!P0 LDC.64 R4, c[0x0][0x218]`, `@!P0 IMAD.MOV`, `@!P0 STG.E.64 [R4.64]`,
// the STG waiting for the LDC's scoreboard; a block storing through a
// pointer it does not load (nor a block over a shared load) is not this
// shape.
const paramStorePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 8 .b8 k_param_0[1024])
{
	.reg .pred %p<4>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<12>;
	mov.b64 %rd1, k_param_0;
	ld.param.u32 %r1, [k_param_0+752];
	setp.ne.s32 %p1, %r1, -1640531527;
	@%p1 bra L1;
	ld.param.u64 %rd2, [%rd1+8];
	cvta.to.global.u64 %rd3, %rd2;
	mov.u64 %rd4, 2654435769;
	st.global.u64 [%rd3], %rd4;
L1:
	ld.param.u64 %rd5, [%rd1];
	cvta.to.global.u64 %rd6, %rd5;
	setp.ne.s32 %p2, %r1, 7;
	@%p2 bra L2;
	mov.u64 %rd7, 5;
	st.global.u64 [%rd6], %rd7;
L2:
	ret;
}
`

func TestParamStoreBlock(t *testing.T) {
	_, k, low := lowered(t, paramStorePTX)
	f, infos := k.Entry(), k.Infos()
	var bras []int
	for pc := range f.Insts {
		if f.Insts[pc].Op == ptx.OpBra {
			bras = append(bras, pc)
		}
	}
	require.Len(t, bras, 2)
	brs := brShapes(f, infos)
	assert.Equal(t, brIfConv, brs.shape[bras[0]], "loads the pointer and stores through it: predicated, the LDC rematerialized")
	assert.Equal(t, int32(bras[0]+1), brs.skipLo[bras[0]])
	assert.Equal(t, int32(bras[0]+5), brs.skipHi[bras[0]])
	assert.Equal(t, brPlain, brs.shape[bras[1]], "a store through a pointer loaded before: not this shape")

	// hand-derived: the guard ready at 100; the LDC reads it as a branch
	// does (branch_predicate_cycles 9 after it: slot 109), the mov issues
	// at 110, the STG waits for the LDC's hit (const_ldc_cycles 24 + 1:
	// 134) and issues; the warp goes on at 135
	cfg := &Config{Const: ConstCacheConfig{LDCCycles: 24}, BranchPredicateCycles: 9}
	for p := range cfg.Pipes {
		cfg.Pipes[p].IntervalCycles = 1
	}
	s := &SM{code: &Code{low: low, kern: k}, cfg: cfg}
	assert.Equal(t, engine.Cycle(135), s.ifConvHold(&subPart{}, infos[bras[0]], 50, 100))
	// the guard ready long before: the LDC at the branch's cycle 1000, the
	// STG at its hit 1025, then the warp
	assert.Equal(t, engine.Cycle(1000+25+1), s.ifConvHold(&subPart{}, infos[bras[0]], 1000, 10))
}
