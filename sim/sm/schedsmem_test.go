package sm

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// smemSeq reduces an issue order to L (ld.shared), x (xor), S (st.shared),
// B (bar.sync) and a (add).
func smemSeq(s []string) string {
	var out []string
	for _, x := range s {
		switch {
		case strings.HasPrefix(x, "ld.shared"):
			out = append(out, "L")
		case strings.HasPrefix(x, "xor"):
			out = append(out, "x")
		case strings.HasPrefix(x, "st.shared"):
			out = append(out, "S")
		case strings.HasPrefix(x, "bar.sync"):
			out = append(out, "B")
		case strings.HasPrefix(x, "add.s32"):
			out = append(out, "a")
		}
	}
	return strings.Join(out, "")
}

// TestSharedLoadsAheadLikePtxas: tools/microbench/smem_ld.cu's 128-bit
// chase, `ld.shared.v4 {a, t0, t1, t2}, [a]` with its three xor folds
// after it in the PTX (smem_ld128_s1_lat's kernel.ptx). ptxas 13.0
// (cuobjdump of smem_ld128, sm_90a) issues each LDS.128 right behind the
// one it depends on and before the LOP3s that fold the previous load's
// words: `LDS.128 R12, [R8]; LOP3 (R9, R10); LDS.128 R32, [R12]; LOP3;
// LOP3 (R13..R15); LDS.128 R16, [R32]`. The schedule: each load ahead of
// the folds of the load before it, not of the ones before that. The
// program keeps the PTX order.
func TestSharedLoadsAheadLikePtxas(t *testing.T) {
	var b strings.Builder
	b.WriteString(schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<64>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, 0;
	mov.u32 %r60, 0;
	bar.sync 0;
`)
	for i := 0; i < 4; i++ {
		t0, t1, t2 := 10+3*i, 11+3*i, 12+3*i
		r := func(j int) string { return "%r" + strconv.Itoa(j) }
		b.WriteString("\tld.shared.v4.u32 {%r1, " + r(t0) + ", " + r(t1) + ", " + r(t2) + "}, [%r1];\n")
		b.WriteString("\txor.b32 %r60, %r60, " + r(t0) + ";\n")
		b.WriteString("\txor.b32 %r60, %r60, " + r(t1) + ";\n")
		b.WriteString("\txor.b32 %r60, %r60, " + r(t2) + ";\n")
	}
	b.WriteString("\tst.global.u32 [%rd1], %r60;\n\tst.global.u32 [%rd1+4], %r1;\n\tret;\n}\n")
	got, prog := issuedOrder(t, b.String())
	assert.Equal(t, "BLLxxxLxxxLxxxxxx", smemSeq(got))
	assert.Equal(t, "BLxxxLxxxLxxxLxxx", smemSeq(prog), "the program keeps the PTX order")
}

// TestSharedLoadsKeepOrder: a shared load passes no shared store, no
// barrier, no instruction it reads a value of (its address) and none that
// reads a register it writes; independent arithmetic that does not wait
// for the load before it keeps its place.
func TestSharedLoadsKeepOrder(t *testing.T) {
	src := schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<32>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, 0;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1];
	xor.b32 %r3, %r2, 5;
	st.shared.u32 [%r1+4], %r3;
	ld.shared.u32 %r4, [%r1+8];
	add.s32 %r5, %r4, 8;
	ld.shared.u32 %r6, [%r5];
	ld.shared.u32 %r7, [%r1+12];
	xor.b32 %r8, %r7, %r9;
	ld.shared.u32 %r9, [%r1+16];
	add.s32 %r10, %r1, 3;
	ld.shared.u32 %r11, [%r1+20];
	xor.b32 %r12, %r11, 1;
	bar.sync 0;
	ld.shared.u32 %r13, [%r1+24];
	xor.b32 %r14, %r13, %r12;
	xor.b32 %r15, %r14, %r8;
	xor.b32 %r15, %r15, %r6;
	xor.b32 %r15, %r15, %r10;
	xor.b32 %r15, %r15, %r9;
	st.global.u32 [%rd1], %r15;
	ret;
}`
	got, _ := issuedOrder(t, src)
	// L x S (the store ends the block); L a L (its address from the add);
	// L x L (the load writes %r9, which the xor reads); a L x (the add
	// waits for no load: the load stays after it); B L xxxxx
	assert.Equal(t, "BLxSLaLLxLaLxBLxxxxx", smemSeq(got))
}

// TestSharedLoadsBatchLikePtxas: mbar_pipeline_2's eight independent
// `ld.shared.u32` of a stage, each followed in the PTX by its cvt, add
// and add.f32 folds, issue back to back before the folds (SASS, ptxas
// 13.0: eight LDS, then I2FP / FADD / IADD3); with 128-bit loads the
// registers of the loads still to be read stay within 16 (four loads),
// then a load follows the instructions that read the first one.
func TestSharedLoadsBatchLikePtxas(t *testing.T) {
	body := func(v4 bool) string {
		var b strings.Builder
		b.WriteString(schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<128>;
	.reg .f32 %f<64>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [buf];
	mov.u32 %r1, 0;
	mov.u32 %r2, 0;
	mov.f32 %f1, 0f00000000;
	bar.sync 0;
`)
		for i := 0; i < 6; i++ {
			d := "%r" + strconv.Itoa(10+i)
			off := strconv.Itoa(128 * i)
			if v4 {
				b.WriteString("\tld.shared.v4.u32 {" + d + ", %r" + strconv.Itoa(40+3*i) + ", %r" + strconv.Itoa(41+3*i) + ", %r" + strconv.Itoa(42+3*i) + "}, [%r1+" + off + "];\n")
			} else {
				b.WriteString("\tld.shared.u32 " + d + ", [%r1+" + off + "];\n")
			}
			b.WriteString("\tadd.s32 %r2, %r2, " + d + ";\n")
			b.WriteString("\tcvt.rn.f32.u32 %f" + strconv.Itoa(10+i) + ", " + d + ";\n")
			b.WriteString("\tadd.f32 %f1, %f1, %f" + strconv.Itoa(10+i) + ";\n")
		}
		b.WriteString("\tst.global.u32 [%rd1], %r2;\n\tst.global.f32 [%rd1+4], %f1;\n\tret;\n}\n")
		return b.String()
	}
	seq := func(got []string) string {
		var out []string
		for _, x := range got {
			switch {
			case strings.HasPrefix(x, "ld.shared"):
				out = append(out, "L")
			case strings.HasPrefix(x, "add.s32"), strings.HasPrefix(x, "cvt"), strings.HasPrefix(x, "add.f32"):
				out = append(out, "f")
			}
		}
		return strings.Join(out, "")
	}
	got, _ := issuedOrder(t, body(false))
	assert.Equal(t, "LLLLLLffffffffffffffffff", seq(got))
	got, _ = issuedOrder(t, body(true))
	assert.Equal(t, "LLLLffLfffLfffffffffffff", seq(got), "the fifth load after the add and cvt that read the first (the add.f32 reads the cvt)")
}
