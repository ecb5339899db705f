package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// gls2.cu's store loop (validation/microbench/gls2_st32_coal_w1/kernel.ptx,
// cut to three stores): ptxas 13.0 (cuobjdump on the H200 host) emits
// `STG.E [R6.64]`, `STG.E [R6.64+0x80]`, `STG.E [R6.64+0x100]` with no
// instruction for the two adds of an immediate. An add whose value is
// also stored as data, one of a register, one whose base is written
// before its reader, and one guarded keep their SASS.
func TestAddrFolds(t *testing.T) {
	src := `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<32>;
	ld.param.u64 %rd1, [p];
	cvta.to.global.u64 %rd14, %rd1;
	mov.u32 %r1, 7;
	st.global.u32 [%rd14], %r1;
	add.s64 %rd15, %rd14, 128;
	st.global.u32 [%rd15], %r1;
	add.s64 %rd16, %rd14, 256;
	ld.global.u32 %r2, [%rd16+4];
	add.s64 %rd17, %rd14, 384;
	st.global.u64 [%rd17], %rd17;
	add.s64 %rd18, %rd14, %rd1;
	st.global.u32 [%rd18], %r1;
	add.s64 %rd19, %rd14, 512;
	add.s64 %rd14, %rd14, 8;
	st.global.u32 [%rd19], %r1;
	setp.ne.s32 %p1, %r2, 0;
	@%p1 add.s64 %rd20, %rd1, 640;
	@%p1 st.global.u32 [%rd20], %r2;
	ret;
}
`
	p, k, l := lowered(t, src)
	f := p.Funcs[0]
	got := map[string]bool{}
	for pc, info := range k.Infos() {
		if in := &f.Insts[pc]; in.Op == ptx.OpAdd {
			got[f.Regs[in.Ops[0].Reg].Name] = l.at(info).kind == lowFused
		}
	}
	assert.Equal(t, map[string]bool{
		"%rd15": true,  // [R14+0x80]
		"%rd16": true,  // a load's address, with its own offset: [R14+0x104]
		"%rd17": false, // also the stored value
		"%rd18": false, // a register, not an immediate
		"%rd19": false, // %rd14 changes before the store
		"%rd20": false, // guarded
		"%rd14": false, // the register is written twice
	}, got)
}

// atom11.cu's atom11_dist_dead (validation/microbench/atom11_dist_dead_w1/
// kernel.ptx, cut to three atomics): a 32-bit add of 4·k to a shared
// symbol's address before each atom.shared, which ptxas 13.0 folds into
// `ATOMS.ADD RZ, [UR6+0x4]`, `[UR6+0x8]` (cuobjdump of the recorded PTX on
// the H200 host: no IADD in the loop) although a lone 32-bit add is
// otherwise flexible (IADD3 or IMAD.IADD). One whose value is also used as
// data keeps its SASS.
func TestAddrFolds32BitShared(t *testing.T) {
	src := `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 s[256];
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, s;
	atom.shared.add.u32 %r3, [%r2], %r1;
	add.s32 %r4, %r2, 4;
	atom.shared.add.u32 %r5, [%r4], %r1;
	add.s32 %r6, %r2, 8;
	atom.shared.add.u32 %r7, [%r6], %r1;
	add.s32 %r8, %r2, 12;
	st.shared.u32 [%r8], %r8;
	ret;
}
`
	p, k, l := lowered(t, src)
	f := p.Funcs[0]
	got := map[string]uint8{}
	for pc, info := range k.Infos() {
		if in := &f.Insts[pc]; in.Op == ptx.OpAdd {
			got[f.Regs[in.Ops[0].Reg].Name] = l.at(info).kind
		}
	}
	assert.Equal(t, map[string]uint8{"%r4": lowFused, "%r6": lowFused, "%r8": lowFlex}, got)
}
