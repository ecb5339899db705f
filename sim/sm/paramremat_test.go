package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// Hand-derived cases of paramremat.go's rule, in the shapes of the
// microbenchmarks whose SASS was read (cuobjdump, ptxas 13.0, sm_90a):
//   - rep loop R around an inner loop I bounded by the parameter piters,
//     with its zero-trip test `setp.lt.s32 %p1, iters, 1` in R: chain_fma_f32,
//     fma_tput and idivtput_* load c[0x0][..] by an LDC right before that
//     compare each rep (chain_overhead, iters 0: 49 cycles on the H200 and
//     the H100, validation/microbench/chain_overhead/clock_runs*.json);
//   - in I, the mask and the base pointer as the second source of an `and`
//     and an `add.s64` (gls_st32's inner loop: a c[0x0][..] operand, no
//     LDC) and icgap_kernel's loop-invariant compare of seed with a
//     constant before a forward branch (ptxas hoists the ISETP: the seed
//     stays in a register, no LDC in the loop);
//   - a loop T at the top level with the same zero-trip test: no loop
//     around it, the LDC stays with the kernel's first parameter loads;
//   - a loop U in R whose bound is computed from the parameter (iters * 2):
//     its zero-trip test reads no parameter, nothing to reload.
const paramRematPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pbuf, .param .u32 piters, .param .u32 pmask, .param .u32 pseed)
{
	.reg .pred %p<12>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [pbuf];
	ld.param.u32 %r1, [piters];
	ld.param.u32 %r2, [pmask];
	ld.param.u32 %r3, [pseed];
	shl.b32 %r20, %r1, 1;
	mov.u32 %r4, 0;
R:
	setp.lt.s32 %p1, %r1, 1;
	@%p1 bra R_SKIP;
	mov.u32 %r5, 0;
I:
	and.b32 %r6, %r5, %r2;
	cvt.u64.u32 %rd2, %r6;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
	setp.ne.s32 %p3, %r3, 1592590337;
	@%p3 bra I_SKIP;
	add.s32 %r7, %r7, 1;
I_SKIP:
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p2, %r5, %r1;
	@%p2 bra I;
R_SKIP:
	setp.lt.s32 %p6, %r20, 1;
	@%p6 bra R_NEXT;
	mov.u32 %r21, 0;
U:
	add.s32 %r21, %r21, 1;
	setp.lt.s32 %p7, %r21, %r20;
	@%p7 bra U;
R_NEXT:
	add.s32 %r4, %r4, 1;
	setp.lt.u32 %p4, %r4, 2;
	@%p4 bra R;
	setp.lt.s32 %p5, %r1, 1;
	@%p5 bra END;
	mov.u32 %r8, 0;
T:
	add.s32 %r8, %r8, 1;
	setp.lt.s32 %p8, %r8, %r1;
	@%p8 bra T;
END:
	ret;
}
`

func TestParamRematZeroTripTest(t *testing.T) {
	p, k, l := lowered(t, paramRematPTX)
	f := p.Funcs[0]
	mark := paramRemats(f, k.Infos())
	var got []string
	for pc, m := range mark {
		if m {
			got = append(got, name(f, pc))
		}
	}
	assert.Equal(t, []string{"setp.lt.s32 %p1"}, got, "only R's zero-trip test of piters is reloaded")
	// the reloaded test stays an ISETP in R (the SASS: LDC, ISETP.GE, BRA
	// inside the rep loop); I's invariant compare of seed is hoisted
	fused := map[string]bool{}
	for pc, info := range k.Infos() {
		if f.Insts[pc].Op == ptx.OpSetp {
			fused[name(f, pc)] = l.kind(info) == lowFused
		}
	}
	assert.False(t, fused["setp.lt.s32 %p1"], "zero-trip test after its LDC")
	assert.True(t, fused["setp.ne.s32 %p3"], "icgap's seed compare")
}

// name is an instruction's opcode and its first register operand.
func name(f *ptx.Function, pc int) string {
	in := &f.Insts[pc]
	for _, o := range in.Ops {
		if o.Kind == ptx.OpdReg {
			return in.Text + " " + f.Regs[o.Reg].Name
		}
	}
	return in.Text
}

// The third shape (wgmmaCompares), after sgp's epilogue (its SASS:
// tools/microbench/sgp29/sgp29_h200.sass.gz): flags is read once at the
// top; its test `and 1; setp.eq 1; mov/xor/not.pred; @p bra` after a wgmma
// block (outside every loop) is reloaded (`LDC R16, c[0x0][0x398]` before
// the LOP3), the next test (`and 2`, no wgmma since the last read: ptxas's
// `LOP3.LUT P0, RZ, R16, 0x2` on the same R16) and the test before the
// wgmma (the first read since the ld.param, none between) are not.
const paramWgmmaPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pout, .param .u64 pda, .param .u64 pdb, .param .u32 pflags)
{
	.reg .pred %p<12>;
	.reg .b32 %r<32>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [pout];
	ld.param.u64 %rd2, [pda];
	ld.param.u64 %rd3, [pdb];
	ld.param.u32 %r1, [pflags];
	and.b32 %r2, %r1, 4;
	setp.ne.s32 %p1, %r2, 0;
	@%p1 bra SKIP_MMA;
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd3, 0, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
SKIP_MMA:
	and.b32 %r3, %r1, 1;
	setp.eq.b32 %p2, %r3, 1;
	mov.pred %p3, 0;
	xor.pred %p4, %p2, %p3;
	not.pred %p5, %p4;
	@%p5 bra SKIP_ST;
	st.global.f32 [%rd1], %f1;
SKIP_ST:
	and.b32 %r4, %r1, 2;
	setp.eq.s32 %p6, %r4, 0;
	@%p6 bra END;
	fence.acq_rel.gpu;
END:
	ret;
}
`

func TestParamRematAfterWgmma(t *testing.T) {
	assert.Equal(t, []string{"and.b32 %r3"}, remattedNames(t, paramWgmmaPTX), "only the flags test after the wgmma is reloaded")
}

// remattedNames: the instructions paramRemats marks in src's entry.
func remattedNames(t *testing.T, src string) []string {
	p, k, _ := lowered(t, src)
	f := p.Funcs[0]
	var got []string
	for pc, m := range paramRemats(f, k.Infos()) {
		if m {
			got = append(got, name(f, pc))
		}
	}
	return got
}

// After a loop (sgp's k-loop): the loop's own test of flags (`and 16`
// after the wgmma, a predicate ptxas hoists before the loop) is no read
// that keeps the register; the test after the loop, with the loop's wgmma
// since the read before the loop, is reloaded (sgp's `LDC R12, c[0x0][0x398]; LOP3.LUT
// P1, R7, R12, 0x8` after its k-loop), the one before the loop is not.
const paramWgmmaLoopPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 pda, .param .u64 pdb, .param .u32 pflags)
{
	.reg .pred %p<12>;
	.reg .b32 %r<32>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd2, [pda];
	ld.param.u64 %rd3, [pdb];
	ld.param.u32 %r1, [pflags];
	and.b32 %r2, %r1, 4;
	setp.ne.s32 %p1, %r2, 0;
	@%p1 bra END;
	mov.u32 %r5, 0;
L:
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd3, 0, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	and.b32 %r6, %r1, 16;
	setp.ne.s32 %p2, %r6, 0;
	@%p2 bra NEXT;
	add.s32 %r8, %r8, 1;
NEXT:
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p3, %r5, 4;
	@%p3 bra L;
	and.b32 %r7, %r1, 8;
	setp.ne.s32 %p4, %r7, 0;
	@%p4 bra END;
	fence.acq_rel.gpu;
END:
	ret;
}
`

func TestParamRematAfterWgmmaLoop(t *testing.T) {
	assert.Equal(t, []string{"and.b32 %r7"}, remattedNames(t, paramWgmmaLoopPTX), "only the flags test after the loop is reloaded")
}
