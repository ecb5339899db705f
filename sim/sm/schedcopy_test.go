package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// copyLoopPTX is gmem_copy's loop (tools/microbench/gmem.cu, nvcc 13.0
// -O3: the recorded family's kernel.ptx) as kernel k; nc selects
// ld.global.nc (the recording) or a plain ld.global.
func copyLoopPTX(nc bool) string {
	ld := "ld.global.nc.v4.u32"
	if !nc {
		ld = "ld.global.v4.u32"
	}
	return strings.ReplaceAll(schedHeader+`
.visible .entry k(.param .u64 src, .param .u64 dst, .param .u64 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<43>;
	.reg .b64 %rd<54>;
	ld.param.u64 %rd23, [src];
	ld.param.u64 %rd24, [dst];
	ld.param.u64 %rd2, [n];
	mov.u32 %r3, %tid.x;
	cvt.u64.u32 %rd5, %r3;
	mov.u32 %r1, %ntid.x;
	mul.lo.s32 %r4, %r1, 3;
	cvt.u64.u32 %rd6, %r4;
	add.s64 %rd52, %rd5, %rd6;
	mov.u32 %r2, %ctaid.x;
	cvt.u64.u32 %rd1, %r2;
	cvta.to.global.u64 %rd8, %rd24;
	cvta.to.global.u64 %rd9, %rd23;
	mul.lo.s64 %rd10, %rd2, %rd1;
	cvt.u64.u32 %rd11, %r1;
	shl.b32 %r5, %r1, 1;
	cvt.u64.u32 %rd12, %r5;
	shl.b32 %r6, %r1, 2;
	cvt.u64.u32 %rd13, %r6;
	shl.b64 %rd31, %rd11, 4;
	shl.b64 %rd33, %rd12, 4;
	mov.u64 %rd53, %rd5;
$L__BB1_2:
	add.s64 %rd28, %rd53, %rd10;
	shl.b64 %rd29, %rd28, 4;
	add.s64 %rd30, %rd9, %rd29;
	add.s64 %rd32, %rd30, %rd31;
	LD {%r7, %r8, %r9, %r10}, [%rd32];
	add.s64 %rd34, %rd30, %rd33;
	LD {%r15, %r16, %r17, %r18}, [%rd34];
	add.s64 %rd35, %rd52, %rd10;
	shl.b64 %rd36, %rd35, 4;
	add.s64 %rd37, %rd9, %rd36;
	LD {%r23, %r24, %r25, %r26}, [%rd37];
	add.s64 %rd38, %rd8, %rd29;
	LD {%r31, %r32, %r33, %r34}, [%rd30];
	st.global.v4.u32 [%rd38], {%r31, %r32, %r33, %r34};
	add.s64 %rd39, %rd38, %rd31;
	st.global.v4.u32 [%rd39], {%r7, %r8, %r9, %r10};
	add.s64 %rd40, %rd38, %rd33;
	st.global.v4.u32 [%rd40], {%r15, %r16, %r17, %r18};
	add.s64 %rd41, %rd8, %rd36;
	st.global.v4.u32 [%rd41], {%r23, %r24, %r25, %r26};
	add.s64 %rd53, %rd53, %rd13;
	add.s64 %rd52, %rd53, %rd6;
	setp.lt.u64 %p2, %rd52, %rd2;
	@%p2 bra $L__BB1_2;
	ret;
}
`, "LD", ld)
}

// memOps keeps the loads and stores of an order, each with its address
// register.
func memOps(order []string) []string {
	var out []string
	for _, s := range order {
		if strings.HasPrefix(s, "ld.global") || strings.HasPrefix(s, "st.global") {
			f := strings.Fields(s)
			out = append(out, f[0][:2]+" "+f[len(f)-1])
		}
	}
	return out
}

// TestCopyLoopStoresBetweenLoads: gmem_copy's loop issues its loads and
// stores as the SASS of the recorded kernel does (tools/microbench/
// hbmq28/h200/hbmq.sass.gz, function gmem_copy, ptxas 13.0 sm_90a:
// LDG [src+i], LDG [src+i+3bd], STG [dst+i], LDG [src+i+bd],
// LDG [src+i+2bd], STG [dst+i+bd], STG [dst+i+2bd], STG [dst+i+3bd]),
// where the PTX lists the four loads first; the functional order is
// the PTX's. With plain (coherent) loads the order stays the PTX's.
func TestCopyLoopStoresBetweenLoads(t *testing.T) {
	issued, program := issuedOrder(t, copyLoopPTX(true))
	assert.Equal(t, []string{"ld %rd30", "ld %rd37", "st %rd38", "ld %rd32", "ld %rd34", "st %rd39", "st %rd40", "st %rd41"},
		memOps(issued))
	assert.Equal(t, []string{"ld %rd32", "ld %rd34", "ld %rd37", "ld %rd30", "st %rd38", "st %rd39", "st %rd40", "st %rd41"},
		memOps(program))
	issued, program = issuedOrder(t, copyLoopPTX(false))
	assert.Equal(t, memOps(program), memOps(issued))
}
