package exec_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// redKernel: 32 threads copy 128 bytes of src into 1024-aligned shared
// memory (a word each), fence.proxy.async.shared::cta + bar.sync, then
// thread 0 issues `op` with [%rd1] = dst (or the map param at %rd1 for
// tensor ops), [%r6] = the shared buffer, commits and waits.
func redKernel(op string, tensor bool) string {
	p0 := ".param .u64 dst"
	mov := "ld.param.u64 %rd1, [dst];"
	if tensor {
		p0 = ".param .align 64 .b8 tmap[128]"
		mov = "mov.b64 %rd3, tmap;\n\tcvta.param.u64 %rd1, %rd3;"
	}
	return header + fmt.Sprintf(`
.visible .entry k(%s, .param .u64 src)
{
	.reg .pred %%p<2>;
	.reg .b32 %%r<8>;
	.reg .b64 %%rd<6>;
	.shared .align 1024 .b8 buf[128];
	%s
	ld.param.u64 %%rd2, [src];
	mov.u32 %%r1, %%tid.x;
	mul.wide.u32 %%rd4, %%r1, 4;
	add.s64 %%rd5, %%rd2, %%rd4;
	ld.global.u32 %%r2, [%%rd5];
	mov.u32 %%r6, buf;
	shl.b32 %%r3, %%r1, 2;
	add.u32 %%r4, %%r6, %%r3;
	st.shared.u32 [%%r4], %%r2;
	fence.proxy.async.shared::cta;
	bar.sync 0;
	setp.ne.u32 %%p1, %%r1, 0;
	@%%p1 bra END;
	mov.u32 %%r7, 0;
	%s;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
END:
	ret;
}
`, p0, mov, op)
}

// redCase is one reduction over hand-picked (old, src) element pairs; the
// rest of the 128 bytes are zero on both sides.
type redCase struct {
	op    string // the instruction, operands [%rd1], [%r6]
	es    int    // element bytes
	pairs [][3]uint64
}

func runRed(t *testing.T, c redCase, m *tma.TensorMap) ([]byte, error) {
	t.Helper()
	p, err := ptx.Load("red.ptx", []byte(redKernel(c.op, m != nil)))
	if err != nil {
		return nil, err
	}
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	if err != nil {
		return nil, err
	}
	g := exec.NewGlobalMem()
	dst, src := g.Alloc("dst", 128), g.Alloc("src", 128)
	for i, pr := range c.pairs {
		putLE(dst.Data[i*c.es:], c.es, pr[0])
		putLE(src.Data[i*c.es:], c.es, pr[1])
	}
	params := make([]byte, 16)
	binary.LittleEndian.PutUint64(params, dst.Base)
	if m != nil {
		m.GlobalAddress = dst.Base
		require.Nil(t, m.Validate())
		enc := m.Encode()
		params = make([]byte, 136)
		copy(params, enc[:])
		binary.LittleEndian.PutUint64(params[128:], src.Base)
	} else {
		binary.LittleEndian.PutUint64(params[8:], src.Base)
	}
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	return dst.Data, err
}

func putLE(b []byte, n int, v uint64) {
	for i := 0; i < n; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func getLE(b []byte, n int) uint64 {
	var v uint64
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func checkRed(t *testing.T, c redCase, got []byte) {
	t.Helper()
	for i := 0; i < 128/c.es; i++ {
		var want uint64 // zero padding: 0 op 0 = 0 for every op
		if i < len(c.pairs) {
			want = c.pairs[i][2]
		}
		assert.Equal(t, want, getLE(got[i*c.es:], c.es), "%s element %d", c.op, i)
	}
}

const bulkRed = "cp.reduce.async.bulk.global.shared::cta.bulk_group."

// TestBulkReduceRules states what an H200 did in tma_reduce_ops (2026-11-25)
// for the non-tensor cp.reduce.async.bulk, each value derived by hand from
// the rule: [old, src, result].
func TestBulkReduceRules(t *testing.T) {
	for _, c := range []redCase{
		// add.f32 keeps subnormals (the PTX ISA says it flushes them), rounds to
		// nearest even, any NaN gives 0x7fffffff, -0 + -0 = -0, +0 + -0 = +0.
		{bulkRed + "add.f32 [%rd1], [%r6], 128", 4, [][3]uint64{
			{0x00000001, 0x00000001, 0x00000002},   // 2^-149 + 2^-149
			{0x007fffff, 0x00000001, 0x00800000},   // largest subnormal + smallest = 2^-126
			{0x80400000, 0x00800000, 0x00400000},   // -2^-127 + 2^-126 = 2^-127
			{0x80000000, 0x80000000, 0x80000000},   // -0 + -0
			{0x00000000, 0x80000000, 0x00000000},   // +0 + -0
			{0x7f800011, 0x3f800000, 0x7fffffff},   // sNaN + 1
			{0x3f800000, 0xffc00023, 0x7fffffff},   // 1 + -qNaN
			{0x7f800000, 0xff800000, 0x7fffffff},   // inf - inf
			{0x3f800000, 0x33800000, 0x3f800000},   // 1 + 2^-24: a tie, to even (1)
			{0x3f800001, 0x33800000, 0x3f800002},   // (1 + 2^-23) + 2^-24: a tie, to even (up)
			{0x7f7fffff, 0x7f7fffff, 0x7f800000}}}, // overflow
		// add.f64: a NaN operand passes through unchanged, the source's first.
		{bulkRed + "add.f64 [%rd1], [%r6], 128", 8, [][3]uint64{
			{0x0000000000000000, 0x7ff0000000000011, 0x7ff0000000000011}, // sNaN source, not quieted
			{0x7ff0000000000011, 0x3ff0000000000000, 0x7ff0000000000011}, // sNaN old value
			{0x7ff8000000000015, 0xfff8000000000023, 0xfff8000000000023}, // two NaNs: the source's
			{0x7ff0000000000011, 0x7ff8000000000015, 0x7ff8000000000015},
			{0x7ff0000000000000, 0xfff0000000000000, 0xfff8000000000000}, // inf - inf: default NaN
			{0x0000000000000001, 0x8008000000000000, 0x8007ffffffffffff}, // subnormals kept
			{0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000}}},
		// add.noftz.f16/.bf16: subnormals kept, NaN 0x7fff.
		{bulkRed + "add.noftz.f16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x0001, 0x0001, 0x0002}, {0x03ff, 0x0001, 0x0400}, {0x7e15, 0x3c00, 0x7fff},
			{0x8000, 0x8000, 0x8000}, {0x3c00, 0x1000, 0x3c00}, {0x3c01, 0x1000, 0x3c02}}}, // ties to even
		{bulkRed + "add.noftz.bf16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x0001, 0x0001, 0x0002}, {0x7f81, 0x0000, 0x7fff}, {0x3f80, 0x3b80, 0x3f80}}},
		// min/max.f16/.bf16 are the min/max instructions: -0 < +0, a NaN gives
		// the other operand, two NaNs give 0x7fff, subnormals kept.
		{bulkRed + "min.f16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x8000, 0x0000, 0x8000}, {0x0000, 0x8000, 0x8000}, {0x7e00, 0x3c00, 0x3c00},
			{0x3c00, 0xfc05, 0x3c00}, {0x7e15, 0xfe23, 0x7fff}, {0x0001, 0x03ff, 0x0001}}},
		{bulkRed + "max.f16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x8000, 0x0000, 0x0000}, {0x0000, 0x8000, 0x0000}, {0x7c11, 0xfbff, 0xfbff},
			{0x7c11, 0x7c11, 0x7fff}}},
		{bulkRed + "min.bf16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x8000, 0x0000, 0x8000}, {0x7fc0, 0xffe3, 0x7fff}, {0x7fd5, 0x8040, 0x8040}}},
		{bulkRed + "max.bf16 [%rd1], [%r6], 128", 2, [][3]uint64{
			{0x0000, 0x8000, 0x0000}, {0xff85, 0x7f91, 0x7fff}, {0x0080, 0x007f, 0x0080}}},
		// inc: old >= src ? 0 : old + 1; dec: old == 0 || old > src ? src : old - 1 (unsigned).
		{bulkRed + "inc.u32 [%rd1], [%r6], 128", 4, [][3]uint64{
			{3, 7, 4}, {7, 7, 0}, {9, 7, 0}, {0xffffffff, 0xffffffff, 0}, {0xfffffffe, 0xffffffff, 0xffffffff}, {5, 0, 0}}},
		{bulkRed + "dec.u32 [%rd1], [%r6], 128", 4, [][3]uint64{
			{5, 7, 4}, {0, 7, 7}, {9, 7, 7}, {7, 7, 6}, {0x80000000, 0x7fffffff, 0x7fffffff}, {1, 0, 0}}},
		{bulkRed + "xor.b64 [%rd1], [%r6], 128", 8, [][3]uint64{
			{0xffffffffffffffff, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa}}},
		{bulkRed + "L2::cache_hint.max.s64 [%rd1], [%r6], 128, %rd2", 8, [][3]uint64{
			{0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff}, {0xffffffffffffffff, 1, 1}}},
	} {
		got, err := runRed(t, c, nil)
		require.NoError(t, err, c.op)
		checkRed(t, c, got)
	}
}

// TestBulkReducePairs: ptxas 13.0 rejects every (op, type) pair outside the
// PTX ISA table, .add.f16/.bf16 without .noftz and .noftz elsewhere
// (tools/record/record_tma_reduce_ops.sh, 2026-11-25); so does the simulator.
func TestBulkReducePairs(t *testing.T) {
	for _, op := range []string{"add.s64", "add.b32", "add.f16", "add.bf16", "min.f32", "max.f64",
		"inc.s32", "inc.u64", "dec.b32", "and.u32", "or.s64", "xor.s32"} {
		_, err := runRed(t, redCase{op: bulkRed + op + " [%rd1], [%r6], 128", es: 4}, nil)
		require.Error(t, err, op)
		assert.Contains(t, err.Error(), "ptxas rejects", op)
	}
	for _, op := range []string{"min.noftz.f16", "add.noftz.f32"} {
		_, err := runRed(t, redCase{op: bulkRed + op + " [%rd1], [%r6], 128", es: 2}, nil)
		assert.ErrorContains(t, err, ".noftz is only for", op)
	}
}

// TestTensorReducePairs: cp.reduce.async.bulk.tensor takes its element type
// from the map. On an H200 (tma_reduce_ops probes, 2026-11-25) add on an f64
// map and and on an s32 map ran - add.f64 with the bulk form's NaN rule -
// while add.s64, min.f32, max.f32, xor.s64 and inc.s32 raised
// ILLEGAL_INSTRUCTION.
func TestTensorReducePairs(t *testing.T) {
	tred := func(op string) string {
		return "cp.reduce.async.bulk.tensor.1d.global.shared::cta." + op + ".tile.bulk_group [%rd1, {%r7}], [%r6]"
	}
	mk := func(d tma.DType, n uint64) *tma.TensorMap {
		m := tma.Tiled(d, 0, []uint64{n}, nil, []uint32{uint32(n)})
		return &m
	}
	c := redCase{tred("add"), 8, [][3]uint64{
		{0x7ff0000000000011, 0x3ff0000000000000, 0x7ff0000000000011},
		{0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000}}}
	got, err := runRed(t, c, mk(tma.F64, 16))
	require.NoError(t, err)
	checkRed(t, c, got)
	c = redCase{tred("and"), 4, [][3]uint64{{0xffff00ff, 0x0ff00ff0, 0x0ff000f0}}}
	got, err = runRed(t, c, mk(tma.S32, 32))
	require.NoError(t, err)
	checkRed(t, c, got)
	for _, f := range []struct {
		op string
		d  tma.DType
	}{{"add", tma.S64}, {"min", tma.F32}, {"max", tma.F32}, {"xor", tma.S64}, {"inc", tma.S32}} {
		_, err := runRed(t, redCase{op: tred(f.op), es: 4}, mk(f.d, 128/uint64(f.d.Size())))
		assert.ErrorContains(t, err, "is not a valid (op, element type) pair", "%s on %s", f.op, f.d)
	}
}
