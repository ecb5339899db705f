package exec_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// setp on integers (the full-warp path, and a guarded part of a warp)
// against Go's comparisons of the same values: every comparison, signed
// and unsigned, 16/32/64 bits, operands near each other (equal, one apart)
// and far apart (sign bits differ). selp picks by the result.
func TestSetpSelpIntegers(t *testing.T) {
	ops := []string{"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"}
	types := []string{"s16", "u16", "s32", "u32", "b32", "s64", "u64", "b64"}
	var body strings.Builder
	n := 0
	for _, ty := range types {
		for _, op := range ops {
			signed := ty[0] == 's'
			if (op == "lo" || op == "ls" || op == "hi" || op == "hs") && signed {
				continue
			}
			if ty[0] == 'b' && op != "eq" && op != "ne" {
				continue
			}
			for _, bop := range []string{"%rdb", "%rdc"} {
				w := ty[1:]
				a, b := "%rda", bop
				if w != "64" {
					fmt.Fprintf(&body, "\tcvt.u%s.u64 %%x%s, %%rda;\n\tcvt.u%s.u64 %%y%s, %s;\n", w, w, w, w, bop)
					a, b = "%x"+w, "%y"+w
				}
				fmt.Fprintf(&body, "\t@%%pg setp.%s.%s %%p1, %s, %s;\n\t@%%pg selp.u32 %%r2, %d, 0, %%p1;\n\t@%%pg add.u32 %%r1, %%r1, %%r2;\n",
					op, ty, a, b, 1<<(n%31))
				n++
			}
		}
	}
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p1, %pg;
	.reg .b16 %x16, %y16;
	.reg .b32 %r<4>, %x32, %y32;
	.reg .b64 %rd<8>, %rda, %rdb, %rdc, %x64, %y64;
	ld.param.u64 %rd1, [out];
	mov.u32 %r3, %tid.x;
	cvt.u64.u32 %rd2, %r3;
	mul.lo.u64 %rda, %rd2, 0x9E3779B97F4A7C15;
	rem.u64 %rd3, %rd2, 3;
	add.u64 %rdb, %rda, %rd3;
	sub.u64 %rdb, %rdb, 1;            // a - 1, a, a + 1
	mul.lo.u64 %rdc, %rd2, 0xC2B2AE3D27D4EB4F;
	setp.ne.u32 %pg, %r3, 5;           // pass 0: lane 5 skips (a part of the warp)
	mov.u32 %r1, 0;
` + body.String() + `
	mul.wide.u32 %rd4, %r3, 4;
	add.s64 %rd5, %rd1, %rd4;
	st.global.u32 [%rd5], %r1;
	ret;
}
`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 32, 0)
	require.NoError(t, err)
	for tid := 0; tid < 32; tid++ {
		a := uint64(tid) * 0x9E3779B97F4A7C15
		vals := []uint64{a + uint64(tid%3) - 1, uint64(tid) * 0xC2B2AE3D27D4EB4F}
		var want uint32
		n := 0
		for _, ty := range types {
			for _, op := range ops {
				signed := ty[0] == 's'
				if (op == "lo" || op == "ls" || op == "hi" || op == "hs") && signed {
					continue
				}
				if ty[0] == 'b' && op != "eq" && op != "ne" {
					continue
				}
				for _, b := range vals {
					bits := 64
					fmt.Sscan(ty[1:], &bits)
					sh := uint(64 - bits)
					x, y := a<<sh>>sh, b<<sh>>sh
					var lt, gt bool
					if signed {
						sx, sy := int64(a<<sh)>>sh, int64(b<<sh)>>sh
						lt, gt = sx < sy, sx > sy
					} else {
						lt, gt = x < y, x > y
					}
					eq := !lt && !gt
					r := map[string]bool{"eq": eq, "ne": !eq, "lt": lt, "lo": lt, "le": lt || eq, "ls": lt || eq,
						"gt": gt, "hi": gt, "ge": gt || eq, "hs": gt || eq}[op]
					if r && tid != 5 {
						want += 1 << (n % 31)
					}
					n++
				}
			}
		}
		assert.Equal(t, want, out[tid], "lane %d", tid)
	}
}
