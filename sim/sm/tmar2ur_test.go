package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// tma_load's stage loop (validation/microbench/tma_load_none_4k_tput/
// kernel.ptx, condensed): under `if (tid == 0)`, the destination and the
// mbarrier from the stage index %r5 and the row from %r6, both induction
// variables (a mov before the loop, a selp/add in it). Its SASS (ptxas
// 13.0 sm_90a) moves the load's operands with eight R2URs after the
// SYNCS.ARRIVE: marked. BODY is replaced per case: r2urWait, the stage's
// try_wait retry loop (tma_load's; a branch on a per-lane predicate), or
// nothing (tmab's issue loop, tools/microbench/tmab34/tmab.ptx: every
// branch uniform; its SASS feeds each UTMALDG from ULEA / UIADD3, no R2UR).
const r2urLoopPTX = `
.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 dsm[];
.shared .align 8 .b8 bars[32];
.visible .entry k(.param .align 64 .b8 tm[128], .param .u32 n)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	mov.b64 %rd1, tm;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	setp.ne.s32 %p1, %r2, 0;
	@%p1 bra DONE;
	mov.u32 %r5, 0;
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
LOOP:
	BODY
	shl.b32 %r10, %r5, 3;
	mov.u32 %r11, bars;
	add.s32 %r12, %r11, %r10;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r12], 4096;
	mov.u32 %r13, dsm;
	mad.lo.s32 %r14, %r5, 4096, %r13;
	mov.u32 %r15, 0;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r14], [%rd2, {%r15, %r6}], [%r12];
	add.s32 %r16, %r5, 1;
	setp.eq.s32 %p2, %r16, 4;
	selp.b32 %r5, 0, %r16, %p2;
	add.s32 %r6, %r6, 32;
	add.s32 %r7, %r7, 1;
	setp.lt.s32 %p3, %r7, %r1;
	@%p3 bra LOOP;
DONE:
	ret;
}
`

// tmai's straight-line loads (validation/microbench/tmai_sep_n2_1k_none/
// kernel.ptx, condensed): the destination a shared symbol, the
// coordinates 0, the mbarrier a symbol, inside the rep loop (with its
// bar.sync); the SASS computes them with UMOV/UIADD3 (tools/microbench/
// tmai_sass_sep_n2.txt): not marked. tmaq's loads (a phi of the cluster
// rank, outside any loop; SASS: UIADD3/UMOV) neither.
const r2urStraightPTX = `
.version 8.0
.target sm_90a
.address_size 64
.extern .shared .align 1024 .b8 dsm[];
.shared .align 8 .b8 bars[32];
.visible .entry k(.param .align 64 .b8 tm[128], .param .u32 f)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	mov.b64 %rd1, tm;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u32 %r1, [f];
	mov.u32 %r2, %tid.x;
	setp.ne.s32 %p1, %r2, 0;
	mov.u32 %r20, 0;
	setp.eq.s32 %p4, %r1, 0;
	@%p4 bra RANK0;
	mov.u32 %r20, %cluster_ctarank;
RANK0:
	mov.u32 %r27, 0;
REP:
	@%p1 bra SKIP;
	mov.u32 %r9, bars;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r9], 4096;
	mov.u32 %r11, dsm;
	mov.u32 %r13, 0;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r11], [%rd2, {%r13, %r13}], [%r9];
	shl.b32 %r21, %r20, 13;
	add.s32 %r22, %r11, %r21;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r22], [%rd2, {%r13, %r13}], [%r9];
SKIP:
	bar.sync 0;
	add.s32 %r27, %r27, 1;
	setp.lt.u32 %p3, %r27, 2;
	@%p3 bra REP;
	ret;
}
`

const r2urWait = `mov.u32 %r21, bars;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p5, [%r21], 0;
	@!%p5 bra WAIT;`

func r2urMarks(t *testing.T, src string) []bool {
	t.Helper()
	_, k, l := lowered(t, src)
	var out []bool
	for _, inf := range k.Infos() {
		if inf.Async == exec.AsyncBulkLoad {
			out = append(out, l.at(inf).flags&schedR2URLoad != 0)
		}
	}
	return out
}

func TestTMAR2URLoads(t *testing.T) {
	// the stage loop under `if (tid == 0)` with its wait: its one load is
	// marked
	assert.Equal(t, []bool{true}, r2urMarks(t, strings.Replace(r2urLoopPTX, "BODY", r2urWait, 1)))
	// without the wait every branch in the loop is uniform (tmab's issue
	// loop): not marked
	assert.Equal(t, []bool{false}, r2urMarks(t, strings.Replace(r2urLoopPTX, "BODY", "", 1)))
	// the same loop with a CTA barrier in it runs in every thread: ptxas
	// keeps the induction variables uniform (tma_mcast, t7_mc*: UIADD3 of
	// the counter, ULOP3 of the row, no R2UR)
	assert.Equal(t, []bool{false}, r2urMarks(t, strings.Replace(r2urLoopPTX, "BODY", r2urWait+"\n\tbar.sync 0;", 1)))
	// straight-line loads from symbols, immediates and a phi outside any loop
	assert.Equal(t, []bool{false, false}, r2urMarks(t, r2urStraightPTX))
	// without the rep loop's barrier: the rep counter is loop-carried but
	// no operand, the rank's phi is outside the loop
	assert.Equal(t, []bool{false, false}, r2urMarks(t, strings.Replace(r2urStraightPTX, "bar.sync 0;", "", 1)))
}

// The wait: TMALoadR2URCycles after the latest operand of a marked load,
// nothing for an unmarked one or with the parameter 0.
func TestTMAR2URReady(t *testing.T) {
	_, k, l := lowered(t, strings.Replace(r2urLoopPTX, "BODY", r2urWait, 1))
	var load *exec.InstInfo
	for _, inf := range k.Infos() {
		if inf.Async == exec.AsyncBulkLoad {
			load = inf
		}
	}
	require.NotNil(t, load)
	s := &SM{cfg: &Config{}, code: &Code{low: l}}
	ws := &warpState{regs: make([]regSlot, 64)}
	for _, r := range load.Uses {
		ws.setReg(r, 100, 0)
	}
	ws.setReg(load.Uses[0], 130, 0) // the latest operand
	assert.Zero(t, s.tmaR2URReady(ws, load), "off")
	s.cfg.Hold.TMALoadR2URCycles = 26
	assert.Equal(t, engine.Cycle(130+26), s.tmaR2URReady(ws, load))
	for _, inf := range k.Infos() {
		if inf.Async == exec.AsyncMbarOther {
			assert.Zero(t, s.tmaR2URReady(ws, inf), "not a load: %s", inf.Text)
		}
	}
}
