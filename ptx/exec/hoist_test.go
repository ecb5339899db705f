package exec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// hoistOrderOf compiles src's kernel k and returns its instructions'
// text in the order they run.
func hoistOrderOf(t *testing.T, src string) []string {
	t.Helper()
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	var out []string
	for _, in := range k.Entry().Insts {
		s := in.Text
		for _, o := range in.Ops {
			if o.Kind == ptx.OpdReg || o.Kind == ptx.OpdAddr {
				s += " " + k.Entry().Regs[o.Reg].Name
				break
			}
		}
		out = append(out, s)
	}
	return out
}

// TestHoistGlobalLoadsLikePtxas: gls.cu's 128-bit loads each folded right
// after it in the PTX run as ptxas orders them (SASS of gls_ld128, ptxas
// 13.0 sm_90a: the second LDG.E.128 issues before the first load's
// LOP3/SHL fold; at most four 128-bit loads, 16 registers, wait at once,
// gls2_ld128_s512: LDG R8, R16, R12, R4, then a fold before the fifth).
func TestHoistGlobalLoadsLikePtxas(t *testing.T) {
	var b strings.Builder
	b.WriteString(header + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<64>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r60, 0;
`)
	for i := 0; i < 6; i++ {
		r := 4 * i
		b.WriteString("\tadd.s64 %rd" + itoa(2+i) + ", %rd1, " + itoa(512*i) + ";\n")
		b.WriteString("\tld.global.v4.u32 {%r" + itoa(r) + ", %r" + itoa(r+1) + ", %r" + itoa(r+2) + ", %r" + itoa(r+3) + "}, [%rd" + itoa(2+i) + "];\n")
		b.WriteString("\txor.b32 %r60, %r60, %r" + itoa(r) + ";\n")
	}
	b.WriteString("\tst.global.u32 [%rd1], %r60;\n\tret;\n}\n")
	got := hoistOrderOf(t, b.String())
	var seq []string
	for _, s := range got {
		switch {
		case strings.HasPrefix(s, "ld.global"):
			seq = append(seq, "L")
		case strings.HasPrefix(s, "xor"):
			seq = append(seq, "x")
		}
	}
	// four loads, then a fold frees a load's registers for the next
	assert.Equal(t, "LLLLxLxLxxxx", strings.Join(seq, ""))
	assert.Equal(t, "st.global.u32 %rd1", got[len(got)-2], "nothing passes the store")
}

// TestHoistKeepsDependences: a load whose address comes from another load
// stays after it and after what it waits for; loads never pass a store or
// %clock64; the values are the PTX order's.
func TestHoistKeepsDependences(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	ld.global.u32 %r1, [%rd1];
	add.s32 %r2, %r1, 1;
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.u32 %r3, [%rd3];
	add.s32 %r4, %r3, 2;
	mov.u32 %r5, 7;
	st.global.u32 [%rd1+4], %r5;
	ld.global.u32 %r6, [%rd1+8];
	mov.u64 %rd4, %clock64;
	ld.global.u32 %r7, [%rd1+12];
	add.s32 %r8, %r7, %r4;
	add.s32 %r9, %r6, %r8;
	st.global.u32 [%rd1+16], %r9;
	ret;
}`
	got := hoistOrderOf(t, src)
	assert.Equal(t, []string{
		"ld.param.u64 %rd1", "cvta.to.global.u64 %rd1", "ld.global.u32 %r1",
		"mov.u32 %r5", // does not wait for a load: ahead of the chain
		"add.s32 %r2", "mul.wide.u32 %rd2", "add.s64 %rd3", "ld.global.u32 %r3", "add.s32 %r4",
		"st.global.u32 %rd1", "ld.global.u32 %r6", "mov.u64 %rd4", "ld.global.u32 %r7",
		"add.s32 %r8", "add.s32 %r9", "st.global.u32 %rd1", "ret",
	}, got)
}

func itoa(i int) string {
	const d = "0123456789"
	if i < 10 {
		return d[i : i+1]
	}
	return itoa(i/10) + d[i%10:i%10+1]
}
