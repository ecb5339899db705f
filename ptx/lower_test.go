package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestModsDecoding(t *testing.T) {
	tests := []struct {
		inst string
		want Mods
		op   Opcode
	}{
		{"cvt.rn.f32.s32 %f1, %r1;", Mods{Types: []Type{F32, S32}, Round: RoundRN}, OpCvt},
		{"ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];", Mods{Types: []Type{U32}, Space: SpaceGlobal, Vec: 4}, OpLd},
		{"ld.global.nc.L1::no_allocate.b32 %r1, [%rd1];", Mods{Types: []Type{B32}, Space: SpaceGlobal, Flags: FNC}, OpLd},
		{"setp.lt.and.s32 %p1, %r1, %r2, %p2;", Mods{Types: []Type{S32}, Cmp: CmpLt, Bool: BoolAnd}, OpSetp},
		{"setp.hi.u32 %p1, %r1, %r2;", Mods{Types: []Type{U32}, Cmp: CmpHi}, OpSetp},
		{"mul.hi.u32 %r1, %r1, %r2;", Mods{Types: []Type{U32}, Flags: FHi}, OpMul},
		{"mul.wide.s32 %rd1, %r1, %r2;", Mods{Types: []Type{S32}, Flags: FWide}, OpMul},
		{"add.cc.u32 %r1, %r1, %r2;", Mods{Types: []Type{U32}, Flags: FCC}, OpAdd},
		{"fma.rn.ftz.sat.f32 %f1, %f1, %f2, %f3;", Mods{Types: []Type{F32}, Round: RoundRN, Flags: FFtz | FSat}, OpFma},
		{"min.NaN.xorsign.abs.f32 %f1, %f1, %f2;", Mods{Types: []Type{F32}, Flags: FNaN | FXorSign | FAbs}, OpMin},
		{"atom.global.cas.b32 %r1, [%rd1], %r2, %r3;", Mods{Types: []Type{B32}, Space: SpaceGlobal, Sub: "cas"}, OpAtom},
		{"atom.acq_rel.gpu.shared::cta.or.b32 %r1, [%r2], %r3;", Mods{Types: []Type{B32}, Space: SpaceShared, Sub: "or", Sem: SemAcqRel, Scope: ScopeGPU}, OpAtom},
		{"red.global.add.f32 [%rd1], %f1;", Mods{Types: []Type{F32}, Space: SpaceGlobal, Sub: "add"}, OpRed},
		{"shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;", Mods{Types: []Type{B32}, Sub: "bfly", Flags: FSync}, OpShfl},
		{"vote.sync.ballot.b32 %r1, %p1, -1;", Mods{Types: []Type{B32}, Sub: "ballot", Flags: FSync | FBallot}, OpVote},
		{"bar.sync 0;", Mods{Sub: "sync", Flags: FSync}, OpBar},
		{"barrier.sync.aligned 1, 64;", Mods{Sub: "sync", Flags: FSync | FAligned}, OpBarrier},
		{"redux.sync.min.u32 %r1, %r2, -1;", Mods{Types: []Type{U32}, Sub: "min", Flags: FSync}, OpRedux},
		{"prmt.b32.rc16 %r1, %r2, %r3, %r4;", Mods{Types: []Type{B32}, Sub: "rc16"}, OpPrmt},
		{"mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2;", Mods{Types: []Type{B64}, Space: SpaceShared, Sub: "try_wait", Flags: FParity}, OpMbarrier},
		{"mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], %r2;", Mods{Types: []Type{B64}, Space: SpaceShared, Sub: "arrive", Flags: FExpectTx}, OpMbarrier},
		{"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4];",
			Mods{Space: SpaceSharedCluster, Space2: SpaceGlobal, Sub: "async", Flags: FTile | FCompleteTxBytes}, OpCp},
		{"testp.notanumber.f32 %p1, %f1;", Mods{Types: []Type{F32}, Sub: "notanumber"}, OpTestp},
		{"fence.proxy.async.shared::cta;", Mods{Space: SpaceShared, Sub: "proxy"}, OpFence},
		{"fence.acq_rel.gpu;", Mods{Sub: "acq_rel", Sem: SemAcqRel, Scope: ScopeGPU}, OpFence},
		{"membar.gl;", Mods{Scope: ScopeGPU}, OpMembar},
		{"shf.l.wrap.b32 %r1, %r2, %r3, %r4;", Mods{Types: []Type{B32}, Flags: FL | FWrap}, OpShf},
		{"cvta.to.global.u64 %rd1, %rd2;", Mods{Types: []Type{U64}, Space: SpaceGlobal, Flags: FTo}, OpCvta},
		{"ld.acquire.gpu.global.u32 %r1, [%rd1];", Mods{Types: []Type{U32}, Space: SpaceGlobal, Sem: SemAcquire, Scope: ScopeGPU}, OpLd},
		{"stmatrix.sync.aligned.x4.m8n8.shared.b16 [%r1], {%r1, %r2, %r3, %r4};", Mods{Types: []Type{B16}, Space: SpaceShared, Flags: FSync | FAligned}, OpStmatrix},
		{"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r1], {%r1, %r2, %r3, %r4};", Mods{Types: []Type{B16}, Space: SpaceShared, Flags: FSync | FAligned | FTrans}, OpStmatrix},
		{"wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;",
			Mods{Types: []Type{F32, BF16, BF16}, Sub: "mma_async", Flags: FSync | FAligned}, OpWgmma},
		{"setmaxnreg.inc.sync.aligned.u32 232;", Mods{Types: []Type{U32}, Sub: "inc", Flags: FSync | FAligned}, OpSetmaxnreg},
	}
	for _, tc := range tests {
		t.Run(tc.inst, func(t *testing.T) {
			_, in := firstInst(t, tc.inst)
			assert.Equal(t, tc.op, in.Op)
			assert.Equal(t, tc.want, in.Mods)
		})
	}
}

func TestQualsKeptInOrder(t *testing.T) {
	_, in := firstInst(t, "ld.global.nc.L1::no_allocate.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];")
	assert.Equal(t, []string{"global", "nc", "L1::no_allocate", "v4", "u32"}, in.Quals)
	assert.Equal(t, "ld.global.nc.L1::no_allocate.v4.u32", in.Text)
}

func TestOperands(t *testing.T) {
	p, in := firstInst(t, "ld.global.f32 %f1, [%rd1+-8];")
	f := p.Funcs[0]
	require.Len(t, in.Ops, 2)
	assert.Equal(t, OpdReg, in.Ops[0].Kind)
	assert.Equal(t, regIndex(t, f, "%f1"), in.Ops[0].Reg)
	assert.Equal(t, OpdAddr, in.Ops[1].Kind)
	assert.Equal(t, regIndex(t, f, "%rd1"), in.Ops[1].Reg)
	assert.Equal(t, int64(-8), in.Ops[1].Off)

	_, in = firstInst(t, "add.s32 %r1, %r2, -1;")
	assert.Equal(t, OpdImm, in.Ops[2].Kind)
	assert.Equal(t, ^uint64(0), in.Ops[2].Imm)

	_, in = firstInst(t, "add.f32 %f1, %f2, 0f3F800000;")
	assert.Equal(t, Operand{Kind: OpdFloat, Reg: -1, Comp: -1, Label: -1, Func: -1, Imm: 0x3F800000, FloatF32: true, Pos: in.Ops[2].Pos}, in.Ops[2])

	_, in = firstInst(t, "add.f64 %rd1, %rd2, 0d3FF0000000000000;")
	assert.Equal(t, uint64(0x3FF0000000000000), in.Ops[2].Imm)
	assert.False(t, in.Ops[2].FloatF32)

	_, in = firstInst(t, "mov.u32 %r1, %tid.y;")
	assert.Equal(t, OpdSpecial, in.Ops[1].Kind)
	assert.Equal(t, SpecTid, in.Ops[1].Special)
	assert.Equal(t, int8(1), in.Ops[1].Comp)

	_, in = firstInst(t, "mov.u32 %r1, %laneid;")
	assert.Equal(t, SpecLaneid, in.Ops[1].Special)
	assert.Equal(t, int8(-1), in.Ops[1].Comp)

	_, in = firstInst(t, "mov.u32 %r1, %envreg3;")
	assert.Equal(t, SpecEnvreg, in.Ops[1].Special)
	assert.Equal(t, int8(3), in.Ops[1].Comp)

	_, in = firstInst(t, "mov.u32 %r1, %cluster_ctaid.z;")
	assert.Equal(t, SpecClusterCtaid, in.Ops[1].Special)
	assert.Equal(t, int8(2), in.Ops[1].Comp)

	p, in = firstInst(t, "st.global.v4.f32 [%rd1+16], {%f1, %f2, _, %f3};")
	assert.Equal(t, OpdVec, in.Ops[1].Kind)
	require.Len(t, in.Ops[1].Elems, 4)
	assert.Equal(t, OpdSink, in.Ops[1].Elems[2].Kind)
	assert.Equal(t, regIndex(t, p.Funcs[0], "%f3"), in.Ops[1].Elems[3].Reg)

	_, in = firstInst(t, "setp.gt.u32 %p1|%p2, %r1, %r2;")
	assert.Equal(t, OpdPair, in.Ops[0].Kind)
	require.Len(t, in.Ops[0].Elems, 2)

	_, in = firstInst(t, "selp.b32 %r1, %r2, %r3, !%p1;")
	assert.True(t, in.Ops[3].Neg)

	_, in = firstInst(t, "ld.param.u64 %rd1, [k_param_0];")
	assert.Equal(t, SymRef{Kind: SymParam, Index: 0}, in.Ops[1].Sym)
	assert.Equal(t, int32(-1), in.Ops[1].Reg)

	p, in = firstInst(t, "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4];")
	require.Len(t, in.Ops, 3)
	assert.Equal(t, regIndex(t, p.Funcs[0], "%rd1"), in.Ops[1].Reg)
	require.Len(t, in.Ops[1].Elems, 2)
	assert.Equal(t, regIndex(t, p.Funcs[0], "%r3"), in.Ops[1].Elems[1].Reg)
}

func TestSymbols(t *testing.T) {
	decls := ".global .align 4 .b8 buf[64];\n.shared .align 16 .b8 smem[1024];"
	p := mustLoad(t, kernel(decls, "mov.u64 %rd1, buf;\nld.shared.u32 %r1, [smem+16];\nmov.u32 %r2, smem+8;"))
	f := p.Funcs[0]
	assert.Equal(t, OpdSym, f.Insts[0].Ops[1].Kind)
	assert.Equal(t, SymRef{Kind: SymGlobal, Index: 0}, f.Insts[0].Ops[1].Sym)
	assert.Equal(t, SymRef{Kind: SymGlobal, Index: 1}, f.Insts[1].Ops[1].Sym)
	assert.Equal(t, int64(16), f.Insts[1].Ops[1].Off)
	assert.Equal(t, int64(8), f.Insts[2].Ops[1].Off)
}

func TestLabelsAndGuards(t *testing.T) {
	p := mustLoad(t, kernel("", `
	setp.eq.s32 %p1, %r1, 0;
	@!%p1 bra $L__BB0_2;
	add.s32 %r1, %r1, 1;
$L__BB0_2:
	bra.uni $L__BB0_2;
	ret;`))
	f := p.Funcs[0]
	require.Len(t, f.Insts, 5)
	in := f.Insts[1]
	assert.Equal(t, regIndex(t, f, "%p1"), in.Guard)
	assert.True(t, in.GuardNeg)
	assert.Equal(t, OpdLabel, in.Ops[0].Kind)
	assert.Equal(t, int32(3), in.Ops[0].Label)
	assert.Equal(t, 3, f.Labels["$L__BB0_2"])
	assert.Equal(t, int32(-1), f.Insts[0].Guard)
}

func TestScopedRegistersAndLabels(t *testing.T) {
	wait := `{
	.reg .pred P1;
	LAB_WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 P1, [%r1], %r2;
	@P1 bra DONE;
	bra LAB_WAIT;
	DONE:
	}`
	p := mustLoad(t, kernel("", "\t{ .reg .pred %p1; setp.ne.s32 %p1, %r1, 0; }\n\tsetp.eq.s32 %p1, %r1, 0;\n"+wait+"\n"+wait+"\n\tret;"))
	f := p.Funcs[0]
	outer := regIndex(t, f, "%p1")
	assert.NotEqual(t, outer, f.Insts[0].Ops[0].Reg, "inner %p1 shadows the outer one")
	assert.Equal(t, outer, f.Insts[1].Ops[0].Reg)
	// Two copies of the wait loop, each branching inside its own scope.
	assert.Equal(t, int32(5), f.Insts[3].Ops[0].Label) // @P1 bra DONE
	assert.Equal(t, int32(2), f.Insts[4].Ops[0].Label) // bra LAB_WAIT
	assert.Equal(t, int32(8), f.Insts[6].Ops[0].Label)
	assert.Equal(t, int32(5), f.Insts[7].Ops[0].Label)
	assert.NotEqual(t, f.Insts[2].Ops[0].Reg, f.Insts[5].Ops[0].Reg)
	assert.Len(t, f.Insts, 9)
}

func TestParamLayout(t *testing.T) {
	p := mustLoad(t, `.version 9.0
.target sm_90a
.address_size 64
.visible .entry k(
	.param .u32 a,
	.param .u64 .ptr .global .align 16 b,
	.param .align 64 .b8 tmap[128],
	.param .u8 c,
	.param .align 8 .b8 s[12]
)
{
	ret;
}`)
	f := p.Funcs[0]
	type lay struct{ off, size, align int }
	var got []lay
	for _, q := range f.Params {
		got = append(got, lay{q.Offset, q.Size, q.Align})
	}
	assert.Equal(t, []lay{{0, 4, 4}, {8, 8, 8}, {64, 128, 64}, {192, 1, 1}, {200, 12, 8}}, got)
	assert.Equal(t, 212, f.ParamSize)
	assert.Equal(t, SpaceGlobal, f.Params[1].PtrSpace)
	assert.Equal(t, 16, f.Params[1].PtrAlign)
	assert.Equal(t, []int{128}, f.Params[2].Dims)
}

func TestPerfDirectives(t *testing.T) {
	p := mustLoad(t, `.version 9.0
.target sm_90a
.address_size 64
.visible .entry k()
.maxntid 256, 1, 1
.reqntid 128
.minnctapersm 2
.maxnctapersm 4
.maxnreg 128
.explicitcluster
.reqnctapercluster 2, 1, 1
.maxclusterrank 8
{
	exit;
}`)
	assert.Equal(t, PerfDirectives{MaxNTid: []int{256, 1, 1}, ReqNTid: []int{128}, MinNCTAPerSM: 2, MaxNCTAPerSM: 4,
		MaxNReg: 128, ExplicitCluster: true, ReqNCTAPerCluster: []int{2, 1, 1}, MaxClusterRank: 8}, p.Funcs[0].Perf)
}

func TestLocals(t *testing.T) {
	p := mustLoad(t, kernel("", `
	.local .align 8 .b8 __local_depot0[20];
	.local .align 16 .b8 other[4];
	.shared .align 8 .b64 bar;
	{ .param .b32 param0; .param .align 16 .b8 param1[32]; st.param.b32 [param0], %r1; }
	mov.u64 %rd1, __local_depot0;`))
	f := p.Funcs[0]
	require.Len(t, f.Locals, 5)
	assert.Equal(t, []int{0, 32, -1, -1, -1}, f.LocalOffsets)
	assert.Equal(t, 36, f.LocalSize)
	assert.Equal(t, []int{-1, -1, -1, 0, 16}, f.LocalParamOffsets)
	assert.Equal(t, 48, f.LocalParamSize)
	assert.Equal(t, SymRef{Kind: SymLocal, Index: 3}, f.Insts[0].Ops[0].Sym)
	assert.Equal(t, SymRef{Kind: SymLocal, Index: 0}, f.Insts[1].Ops[1].Sym)
	assert.Equal(t, 0, f.Locals[0].Func)
}

func TestCalls(t *testing.T) {
	p := mustLoad(t, loadFile(t, "testdata/calls.ptx"))
	k := p.Funcs[3] // after vprintf, _Z3fibi and _Z5twicei, declared before the fptrs table
	require.Equal(t, "_Z6kernelPii", k.Name)
	var calls []Inst
	for _, in := range k.Insts {
		if in.Op == OpCall {
			calls = append(calls, in)
		}
	}
	require.Len(t, calls, 4)
	for _, c := range calls {
		require.Len(t, c.Ops, 3)
		assert.Equal(t, OpdVec, c.Ops[0].Kind)
		assert.Equal(t, OpdVec, c.Ops[2].Kind)
	}
	// call.uni (retval0), _Z3fibi, (param0);
	assert.Equal(t, OpdFunc, calls[0].Ops[1].Kind)
	assert.Equal(t, "_Z3fibi", p.Funcs[calls[0].Ops[1].Func].Name)
	require.Len(t, calls[0].Ops[0].Elems, 1)
	ret := calls[0].Ops[0].Elems[0]
	assert.Equal(t, OpdSym, ret.Kind)
	assert.Equal(t, SymLocal, ret.Sym.Kind)
	assert.Equal(t, SpaceParam, k.Locals[ret.Sym.Index].Space)
	assert.Equal(t, FUni, calls[0].Mods.Flags)
	// vprintf with two args
	assert.Len(t, calls[1].Ops[2].Elems, 2)
	// indirect call through a register with a prototype
	assert.Equal(t, OpdReg, calls[2].Ops[1].Kind)
	// call.uni _Z4noopv, ();
	assert.Empty(t, calls[3].Ops[0].Elems)
	assert.Empty(t, calls[3].Ops[2].Elems)
	// the declaration and the definition of _Z3fibi are one function
	n := 0
	for _, f := range p.Funcs {
		if f.Name == "_Z3fibi" {
			n++
			assert.False(t, f.Extern)
			assert.NotEmpty(t, f.Insts)
		}
	}
	assert.Equal(t, 1, n)
	assert.True(t, p.Funcs[0].Extern, "vprintf is only declared")
	fib := p.Funcs[1]
	require.Len(t, fib.Rets, 1)
	last := fib.Insts[len(fib.Insts)-2]
	assert.Equal(t, SymRef{Kind: SymRet, Index: 0}, last.Ops[0].Sym)
}

func TestInitializers(t *testing.T) {
	p := mustLoad(t, loadFile(t, "testdata/alu.ptx"))
	byName := map[string]*Var{}
	for _, v := range p.Vars {
		byName[v.Name] = v
	}
	assert.Equal(t, []byte{0, 0, 0xc0, 0x3f}, byName["scale"].Init)
	assert.Equal(t, []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 4, 0x40}, byName["dscale"].Init)
	assert.Equal(t, []Reloc{{Offset: 0, Size: 8, Target: "coeffs", Generic: true, Addend: 4}}, byName["tab_ptr"].Relocs)
	assert.Equal(t, []int{2, 3}, byName["grid"].Dims)
	assert.Equal(t, 24, byName["grid"].Size)
	assert.Equal(t, byte(6), byName["grid"].Init[20])

	p = mustLoad(t, kernel(`.global .align 2 .f16 h[2] = {1.0, 0f3F800000};
.global .align 4 .f32 fi[3] = {1, 2};
.global .align 4 .u32 unsized[] = {1, 2, 3};
.extern .shared .align 16 .b8 dyn[];
.global .align 8 .u64 ptrs[2] = {unsized, generic(fi)+4};`, "ret;"))
	assert.Equal(t, []byte{0x00, 0x3c, 0x00, 0x3c}, p.Vars[0].Init)
	assert.Equal(t, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0, 0}, p.Vars[1].Init)
	assert.Equal(t, 12, p.Vars[2].Size)
	assert.Equal(t, []int{0}, p.Vars[3].Dims)
	assert.True(t, p.Vars[3].Extern)
	assert.Equal(t, 0, p.Vars[3].Size)
	assert.Equal(t, []Reloc{{0, 8, "unsized", false, 0, 0}, {8, 8, "fi", true, 4, 0}}, p.Vars[4].Relocs)

	p = mustLoad(t, kernel(`.global .align 8 .b8 s[10] = {1, 0, 0xFF(generic(s)+2), 0xFF00(generic(s)+2), 0xFF0000(s), 0, 0, 0, 0, 9};`, "ret;"))
	assert.Equal(t, []Reloc{{2, 1, "s", true, 2, 0}, {3, 1, "s", true, 2, 8}, {4, 1, "s", false, 0, 16}}, p.Vars[0].Relocs)
	assert.Equal(t, byte(9), p.Vars[0].Init[9])
}

func TestF16Conversion(t *testing.T) {
	for _, tc := range []struct {
		f float32
		h uint16
	}{{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {1e6, 0x7c00}, {6e-8, 0x0001}, {0.5, 0x3800}, {0, 0}} {
		assert.Equal(t, tc.h, f32ToF16(tc.f), "%g", tc.f)
	}
	assert.Equal(t, uint16(0x3f80), f32ToBF16(1))
}
