package exec_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// runTMA runs src with params (.param .align 64 .b8 tmap[128], .param .u64
// out): a tensor map over an f32 [rows][32] tensor holding 1000*row + col,
// and an n-word output buffer.
func runTMA(t *testing.T, src string, rows int, box []uint32, swz tma.Swizzle, block, n int) ([]uint32, error) {
	t.Helper()
	p, err := ptx.Load("tma.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	in := g.Alloc("in", rows*32*4)
	for r := 0; r < rows; r++ {
		for c := 0; c < 32; c++ {
			binary.LittleEndian.PutUint32(in.Data[4*(r*32+c):], math.Float32bits(float32(1000*r+c)))
		}
	}
	out := g.Alloc("out", 4*n)
	m := tma.Tiled(tma.F32, in.Base, []uint64{32, uint64(rows)}, []uint64{128}, box)
	m.Swizzle = swz
	require.Nil(t, m.Validate())
	enc := m.Encode()
	params := make([]byte, 136)
	copy(params, enc[:])
	binary.LittleEndian.PutUint64(params[128:], out.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{block, 1, 1}, Params: params, Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	res := make([]uint32, n)
	for i := range res {
		res[i] = binary.LittleEndian.Uint32(out.Data[4*i:])
	}
	return res, err
}

const tmaHead = header + `
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<40>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<8>;
	.shared .align 1024 .b8 buf[512];
	.shared .align 8 .b64 full[2];
	.shared .align 8 .b64 empty[2];
	mov.b64 %rd1, tmap;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	mov.u32 %r3, full;
	mov.u32 %r4, empty;
	add.u32 %r5, %r2, 256;
	add.u32 %r6, %r3, 8;
	add.u32 %r7, %r4, 8;
	mov.u32 %r11, 0;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra INITED;
	mbarrier.init.shared::cta.b64 [%r3], 1;
	mbarrier.init.shared::cta.b64 [%r6], 1;
	mbarrier.init.shared::cta.b64 [%r4], 32;
	mbarrier.init.shared::cta.b64 [%r7], 32;
	fence.mbarrier_init.release.cluster;
INITED:
	bar.sync 0;
	@%p1 bra CONS;
`

// pipelinePTX: thread 0 produces 4 tiles of 2 rows into 2 stages (waiting
// on the stage's empty barrier from the third tile on, unless skipEmpty);
// warp 1 consumes them (waiting on the full barrier, except for tile 1 when
// skipFull), copies
// them to out and releases the stage.
func pipelinePTX(skipFull, skipEmpty bool) string {
	var b strings.Builder
	b.WriteString(tmaHead)
	stage := func(t int) (bufR, fullR, emptyR string) {
		if t%2 == 0 {
			return "%r2", "%r3", "%r4"
		}
		return "%r5", "%r6", "%r7"
	}
	for t := 0; t < 4; t++ {
		bf, fl, em := stage(t)
		if t >= 2 && !skipEmpty {
			fmt.Fprintf(&b, "WE%d:\n\tmbarrier.try_wait.parity.shared::cta.b64 %%p2, [%s], 0;\n\t@!%%p2 bra WE%d;\n", t, em, t)
		}
		fmt.Fprintf(&b, "\tmbarrier.arrive.expect_tx.shared::cta.b64 _, [%s], 256;\n", fl)
		fmt.Fprintf(&b, "\tmov.u32 %%r10, %d;\n", 2*t)
		fmt.Fprintf(&b, "\tcp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%s], [%%rd2, {%%r11, %%r10}], [%s];\n", bf, fl)
	}
	b.WriteString("\tbra END;\nCONS:\n\tsetp.lt.u32 %p1, %r1, 32;\n\t@%p1 bra END;\n\tsub.u32 %r12, %r1, 32;\n\tshl.b32 %r13, %r12, 2;\n")
	for t := 0; t < 4; t++ {
		bf, fl, em := stage(t)
		if !skipFull || t != 1 {
			fmt.Fprintf(&b, "WF%d:\n\tmbarrier.try_wait.parity.shared::cta.b64 %%p2, [%s], %d;\n\t@!%%p2 bra WF%d;\n", t, fl, t/2, t)
		}
		for j := 0; j < 2; j++ {
			fmt.Fprintf(&b, "\tadd.u32 %%r14, %s, %%r13;\n\tld.shared.f32 %%f1, [%%r14+%d];\n", bf, j*128)
			fmt.Fprintf(&b, "\tmul.wide.u32 %%rd4, %%r12, 4;\n\tadd.s64 %%rd5, %%rd3, %%rd4;\n\tst.global.f32 [%%rd5+%d], %%f1;\n", (2*t+j)*128)
		}
		fmt.Fprintf(&b, "\tmbarrier.arrive.shared::cta.b64 _, [%s];\n", em)
	}
	b.WriteString("END:\n\tret;\n}\n")
	return b.String()
}

// A 2-stage producer/consumer pipeline on full/empty mbarriers with TMA
// loads moves the whole tensor.
func TestTMAPipeline(t *testing.T) {
	out, err := runTMA(t, pipelinePTX(false, false), 8, []uint32{32, 2}, tma.SwizzleNone, 64, 256)
	require.NoError(t, err)
	for r := 0; r < 8; r++ {
		for c := 0; c < 32; c++ {
			require.Equal(t, float32(1000*r+c), math.Float32frombits(out[r*32+c]), "row %d col %d", r, c)
		}
	}
}

// Reading a TMA destination without waiting on its mbarrier is a hazard.
func TestTMAHazardReadBeforeWait(t *testing.T) {
	_, err := runTMA(t, pipelinePTX(true, false), 8, []uint32{32, 2}, tma.SwizzleNone, 64, 256)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "async hazard: warp 1 reads shared [0x500, 0x510) written by the TMA load of warp 0 at line 40")
	assert.Contains(t, err.Error(), "(mbarrier at shared 0x608 phase 0) warp 1 has not observed")
}

// A TMA load into bytes another warp read, with nothing ordering that read
// before the copy, is a hazard: the consumer signals "go" before reading.
func TestTMAHazardOverwriteWhileRead(t *testing.T) {
	src := tmaHead + `
WG:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r7], 0;
	@!%p2 bra WG;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 256;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd2, {%r11, %r11}], [%r3];
	bra END;
CONS:
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra END;
	mbarrier.arrive.shared::cta.b64 _, [%r7];
	ld.shared.f32 %f1, [%r2];
WF:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], 0;
	@!%p2 bra WF;
END:
	ret;
}
`
	_, err := runTMA(t, src, 8, []uint32{32, 2}, tma.SwizzleNone, 64, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "async hazard: the TMA load of warp 0 writes shared [0x400, 0x410) that warp 1 read without synchronization")
}

// A swizzled, partly out-of-bounds box lands where tma.TileBox says (rows
// past the tensor are zero) and complete_tx counts the full box.
func TestTMALoadSwizzleOOB(t *testing.T) {
	src := tmaHead + `
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 512;
	mov.u32 %r10, 6;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd2, {%r11, %r10}], [%r3];
CONS:
WF:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], 0;
	@!%p2 bra WF;
	setp.ge.u32 %p1, %r1, 32;
	@%p1 bra END;
	shl.b32 %r13, %r1, 4;
	add.u32 %r14, %r2, %r13;
	ld.shared.v4.u32 {%r20, %r21, %r22, %r23}, [%r14];
	mul.wide.u32 %rd4, %r1, 16;
	add.s64 %rd5, %rd3, %rd4;
	st.global.v4.u32 [%rd5], {%r20, %r21, %r22, %r23};
END:
	ret;
}
`
	out, err := runTMA(t, src, 8, []uint32{32, 4}, tma.Swizzle128B, 64, 128)
	require.NoError(t, err)
	// box rows 6..9 of an 8-row tensor; smem row r (128 B) chunk c holds
	// the data of chunk c ^ (r % 8) (buf is 1024-aligned at 0x400).
	for r := 0; r < 4; r++ {
		for c := 0; c < 8; c++ {
			logical := c ^ r
			for e := 0; e < 4; e++ {
				got := out[r*32+c*4+e]
				want := uint32(0)
				if 6+r < 8 {
					want = math.Float32bits(float32(1000*(6+r) + logical*4 + e))
				}
				require.Equal(t, want, got, "row %d chunk %d elem %d", r, c, e)
			}
		}
	}
}
