package sm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The producer shapes whose SASS ptxas 13.0 (sm_90a) showed, with or
// without the ELECT loop around each UTMALDG (tools/microbench/
// tmah_sass.txt; the PTX below is cut down from the kernels named):
//   - cute: cute_wgmma_tma_nt / tmah.cu's _elect kernels (elect.sync by every
//     thread, `mov r, 0; @px mov r, 1`, setp.ne, and.pred with warp 0,
//     not.pred, a branch over the loads): no loop;
//   - taken: tmah_ovl_n32_elect (the same predicate, `@p bra` to the
//     producer's block placed after the others): no loop;
//   - triton: triton_matmul_tma (the load guarded by and.pred of the
//     elect's predicate): no loop;
//   - tid0: tmai.cu, tmah.cu's thread-0 kernels, gemm_wgmma
//     (`if (threadIdx.x == 0)`): a loop;
//   - join: tmah.cu's first _elect kernels (elect.sync behind nvcc's
//     short-circuit branch on warp 0, its predicate a join with `false`):
//     a loop.
const electHead = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 64 .b8 tm[128])
{
	.reg .pred %p<8>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	.shared .align 8 .b8 bar[8];
	.shared .align 128 .b8 sm[2048];
	mov.b64 %rd1, tm;
	cvta.param.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	shr.u32 %r2, %r1, 5;
	mov.u32 %r3, 0;
	mov.u32 %r4, -1;
	mov.u32 %r9, 31;
	shfl.sync.idx.b32 %r5|%p6, %r2, %r3, %r9, %r4;
	mov.u32 %r6, sm;
	mov.u32 %r7, bar;
	mov.u32 %r8, 0;
`

const electLoads = `
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd2, {%r8, %r8}], [%r7];
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd2, {%r8, %r3}], [%r7];
`

var electShapes = map[string]string{
	"cute": `
	mov.u32 %r10, %r3;
	{
	.reg .b32 %rx;
	.reg .pred %px;
	elect.sync %rx|%px, %r4;
	@%px mov.s32 %r10, 1;
	}
	setp.eq.s32 %p1, %r5, 0;
	setp.ne.s32 %p2, %r10, 0;
	and.pred %p3, %p1, %p2;
	not.pred %p4, %p3;
	@%p4 bra DONE;` + electLoads + `
DONE:
	ret;
}`,
	"taken": `
	mov.u32 %r10, %r3;
	{
	.reg .b32 %rx;
	.reg .pred %px;
	elect.sync %rx|%px, %r4;
	@%px mov.s32 %r10, 1;
	}
	setp.ne.s32 %p2, %r10, 0;
	setp.eq.s32 %p1, %r5, 0;
	and.pred %p3, %p1, %p2;
	@%p3 bra PROD;
	bra.uni DONE;
PROD:` + electLoads + `
DONE:
	ret;
}`,
	"triton": `
	elect.sync %r10|%p2, -1;
	setp.lt.u32 %p1, %r1, 32;
	and.pred %p3, %p1, %p2;
	@%p3 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd2, {%r8, %r8}], [%r7];
	@%p3 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r6], [%rd2, {%r8, %r3}], [%r7];
	ret;
}`,
	"tid0": `
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra DONE;` + electLoads + `
DONE:
	ret;
}`,
	"join": `
	setp.ne.s32 %p1, %r5, 0;
	mov.pred %p5, 0;
	@%p1 bra JOIN;
	mov.u32 %r10, 0;
	{
	.reg .b32 %rx;
	.reg .pred %px;
	elect.sync %rx|%px, 0xffffffff;
	@%px mov.s32 %r10, 1;
	}
	setp.ne.s32 %p5, %r10, 0;
JOIN:
	not.pred %p4, %p5;
	@%p4 bra DONE;` + electLoads + `
DONE:
	ret;
}`,
}

func TestElectedLoads(t *testing.T) {
	want := map[string]bool{"cute": true, "taken": true, "triton": true, "tid0": false, "join": false}
	for name, body := range electShapes {
		_, k, l := lowered(t, electHead+body)
		n := 0
		for _, info := range k.Infos() {
			if info.Async == exec.AsyncBulkLoad {
				n++
				assert.Equal(t, want[name], l.electedLoad(info), fmt.Sprintf("%s: %s", name, info.Text))
			}
		}
		assert.Equal(t, 2, n, name)
	}
}
