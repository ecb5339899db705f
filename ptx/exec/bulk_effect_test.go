package exec_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/smem"
)

// A bulk copy's global traffic is the TMA unit's (Effect.GlobalTMA, which
// keeps it off the LSU/L1 path of the timed SM: its engine asks the memory
// model once), as a tensor copy's: a 256-byte cp.async.bulk load lists its
// 2 lines as read, a plain bulk store as written (whole lines, no read),
// a bulk reduction as read (the destination's old values).
func TestBulkCopyEffectIsTMATraffic(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p;
	.shared .align 128 .b8 sm[256];
	.shared .align 8 .b64 mb;
	ld.param.u64 %rd1, [buf];
	add.u64 %rd2, %rd1, 256;
	mov.u32 %r1, sm;
	mov.u32 %r2, mb;
	mbarrier.init.shared::cta.b64 [%r2], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 256;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2];
W:
	mbarrier.try_wait.parity.shared::cta.b64 %p, [%r2], 0;
	@!%p bra W;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r1], 256;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd2], [%r1], 256;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("buf", 512)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{1, 1, 1}, Params: params, Global: g, Counters: &smem.Counters{}}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	w := c.Warps()[0]
	var e exec.Effect
	var kinds []string
	for n := 0; !w.Done() && n < 1000; n++ {
		require.NoError(t, w.Issue(&e))
		if e.Info == nil || e.NumLines == 0 || e.Info.Pipe == ptx.PipeShared {
			continue
		}
		switch {
		case e.Info.Async == exec.AsyncBulkLoad:
			kinds = append(kinds, "load")
			assert.False(t, e.GlobalStore)
		case e.Info.Form == ptx.FormBulkReduce:
			kinds = append(kinds, "reduce")
			assert.False(t, e.GlobalStore, "a reduction reads its destination")
		case e.Info.Async == exec.AsyncBulkStore:
			kinds = append(kinds, "store")
			assert.True(t, e.GlobalStore)
		default:
			continue
		}
		assert.True(t, e.GlobalTMA, "%s: the TMA unit's traffic", kinds[len(kinds)-1])
		assert.Equal(t, 2, e.NumLines)
		assert.Equal(t, 8, e.NumSectors)
	}
	assert.Equal(t, []string{"load", "store", "reduce"}, kinds)
}
