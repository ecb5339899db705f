package exec_test

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// storeProbe is one case of tools/record/tma_store_probe.cu: 32 threads fill
// 2 KiB of 1024-aligned shared memory with the words 0x10000000 + i, then
// thread 0 issues one TMA op at (c0, c1) with its shared operand soff bytes
// into it. op: "store", "add" (reduce) or "load".
type storeProbe struct {
	op       string
	swizzled bool // f16 [16][128] map, box [64, 8], 128B swizzle; else u32 [20][72], box [32, 8]
	c0, c1   int
	soff     int
}

func (c storeProbe) ptx() string {
	var b strings.Builder
	b.WriteString(header + `
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	.shared .align 1024 .b8 buf[2048];
	.shared .align 8 .b64 bar;
	mov.b64 %rd1, tmap;
	cvta.param.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	shl.b32 %r3, %r1, 2;
	add.u32 %r4, %r2, %r3;
`)
	for j := 0; j < 16; j++ {
		fmt.Fprintf(&b, "\tadd.u32 %%r5, %%r1, %d;\n\tst.shared.u32 [%%r4+%d], %%r5;\n", 0x10000000+32*j, 128*j)
	}
	fmt.Fprintf(&b, `	fence.proxy.async.shared::cta;
	bar.sync 0;
	setp.ne.u32 %%p1, %%r1, 0;
	@%%p1 bra END;
	add.u32 %%r6, %%r2, %d;
	mov.u32 %%r7, %d;
	mov.u32 %%r8, %d;
	mov.u32 %%r9, bar;
`, c.soff, c.c0, c.c1)
	switch c.op {
	case "load":
		b.WriteString(`	mbarrier.init.shared::cta.b64 [%r9], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r9], 1024;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r6], [%rd2, {%r7, %r8}], [%r9];
`)
	case "add":
		b.WriteString("\tcp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd2, {%r7, %r8}], [%r6];\n")
	default:
		b.WriteString("\tcp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r7, %r8}], [%r6];\n")
	}
	b.WriteString("\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;\nEND:\n\tret;\n}\n")
	return b.String()
}

// run returns the output tensor (1440 words holding their index before the
// kernel, viewed as u32) and the run's error.
func (c storeProbe) run(t *testing.T) ([]uint32, error) {
	t.Helper()
	p, err := ptx.Load("probe.ptx", []byte(c.ptx()))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	o := g.Alloc("o", 20*72*4)
	for i := 0; i < 20*72; i++ {
		binary.LittleEndian.PutUint32(o.Data[4*i:], uint32(i))
	}
	m := tma.Tiled(tma.U32, o.Base, []uint64{72, 20}, []uint64{288}, []uint32{32, 8})
	if c.swizzled {
		m = tma.Tiled(tma.F16, o.Base, []uint64{128, 16}, []uint64{256}, []uint32{64, 8})
		m.Swizzle = tma.Swizzle128B
	}
	require.Nil(t, m.Validate())
	enc := m.Encode()
	params := make([]byte, 136)
	copy(params, enc[:])
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	res := make([]uint32, 20*72)
	for i := range res {
		res[i] = binary.LittleEndian.Uint32(o.Data[4*i:])
	}
	return res, err
}

// TestTMAStoreProbe: the cases an H200 ran in tools/record/tma_store_probe.cu
// (2026-11-21), with the words it printed (o[0..3], o[72..73]) or the fault.
func TestTMAStoreProbe(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    storeProbe
		want [6]uint32 // o[0..3], o[72], o[73]
		err  string
	}{
		{"store u32 (0,0)", storeProbe{"store", false, 0, 0, 0}, [6]uint32{0x10000000, 0x10000001, 0x10000002, 0x10000003, 0x10000020, 0x10000021}, ""},
		{"store u32 (56,16) clipped", storeProbe{"store", false, 56, 16, 0}, [6]uint32{0, 1, 2, 3, 72, 73}, ""},
		{"store u32 (100,100) outside", storeProbe{"store", false, 100, 100, 0}, [6]uint32{0, 1, 2, 3, 72, 73}, ""},
		{"store u32 (4,0)", storeProbe{"store", false, 4, 0, 0}, [6]uint32{0, 1, 2, 3, 72, 73}, ""},
		{"store u32 src +128", storeProbe{"store", false, 0, 0, 128}, [6]uint32{0x10000020, 0x10000021, 0x10000022, 0x10000023, 0x10000040, 0x10000041}, ""},
		{"store f16 sw128 (0,0)", storeProbe{"store", true, 0, 0, 0}, [6]uint32{0x10000000, 0x10000001, 0x10000002, 0x10000003, 0x1000002c, 0x1000002d}, ""},
		{"store f16 sw128 (104,12)", storeProbe{"store", true, 104, 12, 0}, [6]uint32{0, 1, 2, 3, 72, 73}, ""},
		{"store f16 sw128 src +128", storeProbe{"store", true, 0, 0, 128}, [6]uint32{0x10000024, 0x10000025, 0x10000026, 0x10000027, 0x10000040, 0x10000041}, ""},
		{"store f16 sw128 src +512", storeProbe{"store", true, 0, 0, 512}, [6]uint32{0x10000090, 0x10000091, 0x10000092, 0x10000093, 0x100000bc, 0x100000bd}, ""},
		{"reduce add u32 (0,0)", storeProbe{"add", false, 0, 0, 0}, [6]uint32{0x10000000, 0x10000002, 0x10000004, 0x10000006, 0x10000068, 0x1000006a}, ""},
		{"load u32 dst +128", storeProbe{"load", false, 0, 0, 128}, [6]uint32{0, 1, 2, 3, 72, 73}, ""},
		{"store u32 (-8,-3)", storeProbe{"store", false, -8, -3, 0}, [6]uint32{}, "coordinate 0 is negative (-8)"},
		{"store u32 (1,0)", storeProbe{"store", false, 1, 0, 0}, [6]uint32{}, "innermost coordinate 1 x 4-byte elements = 4 bytes is not a multiple of 16"},
		{"store u32 (2,0)", storeProbe{"store", false, 2, 0, 0}, [6]uint32{}, "= 8 bytes is not a multiple of 16"},
		{"store u32 (-1,0)", storeProbe{"store", false, -1, 0, 0}, [6]uint32{}, "= -4 bytes is not a multiple of 16"},
		{"store f16 sw128 (4,0)", storeProbe{"store", true, 4, 0, 0}, [6]uint32{}, "4 x 2-byte elements = 8 bytes"},
		{"reduce add u32 (-4,-1)", storeProbe{"add", false, -4, -1, 0}, [6]uint32{}, "TMA reduction: coordinate 0 is negative (-4)"},
		{"reduce add u32 (1,0)", storeProbe{"add", false, 1, 0, 0}, [6]uint32{}, "not a multiple of 16"},
		{"store u32 src +16", storeProbe{"store", false, 0, 0, 16}, [6]uint32{}, "misaligned shared address"},
		{"store u32 src +64", storeProbe{"store", false, 0, 0, 64}, [6]uint32{}, "needs 128-byte alignment"},
		{"load u32 dst +16", storeProbe{"load", false, 0, 0, 16}, [6]uint32{}, "needs 128-byte alignment"},
		// Second H200 run (2026-11-21, driver 580.159.04, probe cases 24-29) isolated the
		// negative-coordinate rule: either coordinate alone faults (cudaErrorIllegalInstruction),
		// stores and reductions alike, also when the box lies wholly outside the tensor.
		//   case 24 store u32 (0,-3): c1 negative: FAULT cudaErrorIllegalInstruction
		//   case 25 store u32 (-8,0): c0 negative: FAULT cudaErrorIllegalInstruction
		//   case 26 store u32 (0,-8): wholly above: FAULT cudaErrorIllegalInstruction
		//   case 27 reduce add u32 (0,-1): FAULT cudaErrorIllegalInstruction
		//   case 28 reduce add u32 (-4,0): FAULT cudaErrorIllegalInstruction
		//   case 29 store f16 sw128 (-64,0): wholly left: FAULT cudaErrorIllegalInstruction
		{"store u32 (0,-3) c1 negative", storeProbe{"store", false, 0, -3, 0}, [6]uint32{}, "coordinate 1 is negative (-3)"},
		{"store u32 (-8,0) c0 negative", storeProbe{"store", false, -8, 0, 0}, [6]uint32{}, "coordinate 0 is negative (-8)"},
		{"store u32 (0,-8) wholly above", storeProbe{"store", false, 0, -8, 0}, [6]uint32{}, "coordinate 1 is negative (-8)"},
		{"reduce add u32 (0,-1)", storeProbe{"add", false, 0, -1, 0}, [6]uint32{}, "TMA reduction: coordinate 1 is negative (-1)"},
		{"reduce add u32 (-4,0)", storeProbe{"add", false, -4, 0, 0}, [6]uint32{}, "TMA reduction: coordinate 0 is negative (-4)"},
		{"store f16 sw128 (-64,0) wholly left", storeProbe{"store", true, -64, 0, 0}, [6]uint32{}, "coordinate 0 is negative (-64)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := tc.c.run(t)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, [6]uint32{o[0], o[1], o[2], o[3], o[72], o[73]})
		})
	}
}

// TestTMAStoreClip: a store clipped at the right and bottom edges writes
// exactly the in-bounds part of the box (u32 view: row r, column c of the
// box is source word 32*r + c).
func TestTMAStoreClip(t *testing.T) {
	o, err := storeProbe{"store", false, 56, 16, 0}.run(t)
	require.NoError(t, err)
	for i, v := range o {
		r, c := i/72, i%72
		want := uint32(i)
		if r >= 16 && c >= 56 {
			want = 0x10000000 + uint32(32*(r-16)+c-56)
		}
		require.Equal(t, want, v, "row %d col %d", r, c)
	}
}
