package exec_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perm is the row permutation the tests give the lanes: lane l supplies the
// address of stored row perm(l) (16 B each), so a wrong lane-to-row mapping
// shows.
func perm(l int) int { return (5*l + 3) % 32 }

// ldsmSrc fills 32 stored rows of 8 b16 (row p, column c holds 256+8p+c),
// then runs op with lane l's row address = row perm(l), then writes each
// lane's n result registers to out[4*lane+i].
func ldsmSrc(op string, n int, generic bool) string {
	regs := []string{"%r12", "%r13", "%r14", "%r15"}[:n]
	addr := "%r11"
	conv := ""
	if generic {
		conv = "\tcvt.u64.u32 %rd5, %r11;\n\tcvta.shared.u64 %rd6, %rd5;\n"
		addr = "%rd6"
	}
	var st strings.Builder
	for i, r := range regs {
		fmt.Fprintf(&st, "\tst.global.u32 [%%rd3+%d], %s;\n", 4*i, r)
	}
	return header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 buf[512];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	shl.b32 %r3, %r1, 4;
	add.u32 %r4, %r2, %r3;
	shl.b32 %r5, %r1, 3;
	add.u32 %r5, %r5, 256;
	mov.u32 %r6, 0;
FILL:
	add.u32 %r7, %r5, %r6;
	shl.b32 %r8, %r6, 1;
	add.u32 %r9, %r4, %r8;
	st.shared.u16 [%r9], %r7;
	add.u32 %r6, %r6, 1;
	setp.lt.u32 %p1, %r6, 8;
	@%p1 bra FILL;
	bar.sync 0;
	mul.lo.u32 %r10, %r1, 5;
	add.u32 %r10, %r10, 3;
	and.b32 %r10, %r10, 31;
	shl.b32 %r10, %r10, 4;
	add.u32 %r11, %r2, %r10;
` + conv + "\t" + op + " {" + strings.Join(regs, ",") + "}, [" + addr + `];
	mul.wide.u32 %rd2, %r1, 16;
	add.s64 %rd3, %rd1, %rd2;
` + st.String() + `	ret;
}
`
}

func TestLdmatrixFragments(t *testing.T) {
	stored := func(p, c int) uint32 { return uint32(256 + 8*p + c) }
	for _, tc := range []struct {
		op      string
		n       int
		trans   bool
		generic bool
	}{
		{"ldmatrix.sync.aligned.m8n8.x1.shared.b16", 1, false, false},
		{"ldmatrix.sync.aligned.m8n8.x2.shared::cta.b16", 2, false, false},
		{"ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4, false, false},
		{"ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", 1, true, false},
		{"ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16", 2, true, false},
		{"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4, true, false},
		{"ldmatrix.sync.aligned.m8n8.x4.b16", 4, false, true},
	} {
		t.Run(tc.op, func(t *testing.T) {
			out, err := runPTX(t, ldsmSrc(tc.op, tc.n, tc.generic), [3]int{1, 1, 1}, [3]int{32, 1, 1}, 128, 0)
			require.NoError(t, err)
			for lane := 0; lane < 32; lane++ {
				for i := 0; i < tc.n; i++ {
					r, c := lane/4, 2*(lane%4)
					// matrix i, row q lives in stored row perm(8i+q)
					var lo, hi uint32
					if tc.trans { // element (c, r) and (c+1, r)
						lo, hi = stored(perm(8*i+c), r), stored(perm(8*i+c+1), r)
					} else {
						lo, hi = stored(perm(8*i+r), c), stored(perm(8*i+r), c+1)
					}
					assert.Equal(t, lo|hi<<16, out[4*lane+i], "lane %d matrix %d", lane, i)
				}
			}
		})
	}
}

// stsmSrc gives lane t the words word(t, i) in n registers, runs op with
// lane l's row address = stored row perm(l), and copies stored row t to
// out[4t..4t+3].
func stsmSrc(op string, n int) string {
	regs := []string{"%r12", "%r13", "%r14", "%r15"}[:n]
	var set strings.Builder
	for i, r := range regs {
		// word(t, i) = (i<<12 | t<<4) | (i<<12 | t<<4 | 1) << 16
		fmt.Fprintf(&set, "\tor.b32 %s, %%r20, %d;\n", r, (i<<12)|(i<<12|1)<<16)
	}
	return header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 buf[512];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	shl.b32 %r21, %r1, 4;
	shl.b32 %r22, %r1, 20;
	or.b32 %r20, %r21, %r22;
` + set.String() + `	mul.lo.u32 %r10, %r1, 5;
	add.u32 %r10, %r10, 3;
	and.b32 %r10, %r10, 31;
	shl.b32 %r10, %r10, 4;
	add.u32 %r11, %r2, %r10;
	` + op + " [%r11], {" + strings.Join(regs, ",") + `};
	bar.sync 0;
	add.u32 %r4, %r2, %r21;
	ld.shared.v4.u32 {%r5,%r6,%r7,%r8}, [%r4];
	mul.wide.u32 %rd2, %r1, 16;
	add.s64 %rd3, %rd1, %rd2;
	st.global.v4.u32 [%rd3], {%r5,%r6,%r7,%r8};
	ret;
}
`
}

func TestStmatrixFragments(t *testing.T) {
	// half j of lane t's register i
	half := func(t, i, j int) uint32 { return uint32(i<<12 | t<<4 | j) }
	for _, tc := range []struct {
		op    string
		n     int
		trans bool
	}{
		{"stmatrix.sync.aligned.m8n8.x1.shared.b16", 1, false},
		{"stmatrix.sync.aligned.m8n8.x2.shared.b16", 2, false},
		{"stmatrix.sync.aligned.x4.m8n8.shared.b16", 4, false},
		{"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4, true},
	} {
		t.Run(tc.op, func(t *testing.T) {
			out, err := runPTX(t, stsmSrc(tc.op, tc.n), [3]int{1, 1, 1}, [3]int{32, 1, 1}, 128, 0)
			require.NoError(t, err)
			// element (q, c) of matrix i: held by lane 4q+c/2, half c%2
			elem := func(i, q, c int) uint32 {
				if tc.trans {
					q, c = c, q
				}
				return half(4*q+c/2, i, c%2)
			}
			for l := 0; l < 8*tc.n; l++ {
				i, q, p := l/8, l%8, perm(l) // matrix i row q stored at row p
				for w := 0; w < 4; w++ {
					want := elem(i, q, 2*w) | elem(i, q, 2*w+1)<<16
					assert.Equal(t, want, out[4*p+w], "matrix %d row %d word %d", i, q, w)
				}
			}
		})
	}
}

func TestMovmatrix(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 1;
	shl.b32 %r3, %r2, 16;
	or.b32 %r3, %r3, %r2;
	or.b32 %r3, %r3, 0x10000;
	movmatrix.sync.aligned.m8n8.trans.b16 %r4, %r3;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}
`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 32, 0)
	require.NoError(t, err)
	// lane t holds A[t/4][2(t%4)+j] = 2t+j; A[r][c] = 2(4r+c/2)+c%2 = 8r+c
	for lane := 0; lane < 32; lane++ {
		r, c := lane/4, 2*(lane%4)
		want := uint32(8*c+r) | uint32(8*(c+1)+r)<<16 // A^T[r][c] = A[c][r]
		assert.Equal(t, want, out[lane], "lane %d", lane)
	}
}
