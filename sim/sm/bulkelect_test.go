package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The operand shapes of tmax.cu's tma_st4 / tma_desc4 and tmast7.cu's t7_st
// (tools/microbench), and what ptxas 13.0 made of them (sm_90a, cuobjdump
// of the recorded PTX, H200 device host):
//   - a tile store whose map comes from a local array (ld.local, as
//     tma_st4's `maps[i % nmaps]`): R2UR / R2UR.OR, UTMASTG, BRA.U.ANY;
//   - a tile store on the parameter map itself, under a branch on the
//     thread index, coordinates from a loop counter (t7_st): UTMASTG alone;
//   - a non-tensor bulk store to a parameter address plus a loop-counter
//     offset (t7_st kind 2): UBLKCP alone;
//   - the reduction with the local-array map: ELECT + R2UR (a reduction
//     always has its ELECT loop; electStores marks the R2URs, which only a
//     non-tensor reduction pays for: tma_hold.go).
const bulkElectPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 64 .b8 tm[128], .param .u64 pdst, .param .u32 pn)
{
	.local .align 16 .b8 depot[16];
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.shared .align 128 .b8 sm[1024];
	mov.u64 %rd1, depot;
	mov.b64 %rd2, tm;
	ld.param.u64 %rd3, [pdst];
	ld.param.u32 %r1, [pn];
	mov.u32 %r2, %tid.x;
	setp.ne.s32 %p1, %r2, 0;
	@%p1 bra DONE;
	cvta.param.u64 %rd4, %rd2;
	st.local.u64 [%rd1], %rd4;
	cvta.to.global.u64 %rd5, %rd3;
	mov.u32 %r3, 0;
L:
	ld.local.u64 %rd6, [%rd1];
	and.b32 %r4, %r3, 511;
	mov.u32 %r5, 0;
	mov.u32 %r6, sm;
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd6, {%r5, %r4}], [%r6];
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd4, {%r5, %r4}], [%r6];
	shl.b32 %r7, %r4, 10;
	cvt.u64.u32 %rd7, %r7;
	add.s64 %rd8, %rd5, %rd7;
	cp.async.bulk.global.shared::cta.bulk_group [%rd8], [%r6], 1024;
	cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd6, {%r5, %r4}], [%r6];
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra L;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
DONE:
	ret;
}
`

func TestElectStores(t *testing.T) {
	_, k, l := lowered(t, bulkElectPTX)
	var got []bool
	for _, info := range k.Infos() {
		if info.Async == exec.AsyncBulkStore {
			got = append(got, l.electStore(info))
		}
	}
	// in program order: the store on the local-array map, the store on the
	// parameter map, the bulk store, the reduction
	assert.Equal(t, []bool{true, false, false, true}, got)
}
