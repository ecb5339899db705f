package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestEligiblePrefixDropped: the kept checks of eligible (warpState.preOK)
// are dropped by everything they read that moves: a register's ready
// time, the warp's own ready time (only when it moves later: setReady
// keeps the later of the two), and by the warp's issue.
func TestEligiblePrefixDropped(t *testing.T) {
	ws := &warpState{readyAt: 50}
	ws.preOK = true
	ws.setReady(40, StallDispatch) // earlier than readyAt: nothing moved
	assert.True(t, ws.preOK)
	ws.setReady(60, StallDispatch)
	assert.False(t, ws.preOK)
	ws.preOK = true
	ws.setReg(3, 70, StallWait)
	assert.False(t, ws.preOK)
	ws.preOK = true
	ws.setReg(200, 80, StallWait) // past the allocation: the scoreboard grows
	assert.False(t, ws.preOK)
	assert.Equal(t, engine.Cycle(70), ws.reg(3))
	assert.Equal(t, engine.Cycle(80), ws.reg(200))
	assert.Equal(t, StallWait, ws.regs[200].why())
}

// TestEligiblePrefixKept: which instructions' checks before the pipe's may
// be kept: plain arithmetic and branches yes; async instructions (their
// descriptor, R2UR and bulk-store gates), setmaxnreg (the CTA's register
// pool) no.
func TestEligiblePrefixKept(t *testing.T) {
	_, k, l := lowered(t, schedHeader+`
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	.shared .align 8 .b64 bar;
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 7;
	setp.lt.u32 %p1, %r2, 9;
	@%p1 bra DONE;
	mov.u32 %r3, bar;
	cp.async.bulk.prefetch.L2.global [%rd1], 256;
	mbarrier.arrive.shared.b64 %rd2, [bar];
	setmaxnreg.inc.sync.aligned.u32 232;
DONE:
	ret;
}
`)
	s := &SM{cfg: &Config{}, code: &Code{low: l}}
	kept, quiet, async := map[ptx.Opcode]bool{}, map[ptx.Opcode]bool{}, 0
	for _, in := range k.Infos() {
		if in == nil {
			continue
		}
		kept[in.Op] = s.prefixKept(in)
		quiet[in.Op] = l.at(in).quiet
		if in.Async != exec.AsyncNone {
			async++
			assert.False(t, s.prefixKept(in), in.Text)
			assert.False(t, l.at(in).quiet, in.Text) // descriptor, R2UR and bulk-store gates
		}
	}
	// quiet (Lowering.quietChecks): plain arithmetic, compares, branches
	// and moves; not setmaxnreg (the register pool)
	for _, op := range []ptx.Opcode{ptx.OpMov, ptx.OpAdd, ptx.OpSetp, ptx.OpBra} {
		assert.True(t, quiet[op], op.String())
	}
	assert.False(t, quiet[ptx.OpSetmaxnreg])
	require.Positive(t, async)
	require.Contains(t, kept, ptx.OpAdd)
	assert.True(t, kept[ptx.OpAdd])
	assert.True(t, kept[ptx.OpSetp])
	assert.True(t, kept[ptx.OpBra])
	require.Contains(t, kept, ptx.OpSetmaxnreg)
	assert.False(t, kept[ptx.OpSetmaxnreg])
}
