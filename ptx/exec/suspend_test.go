package exec_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestSuspendingWaits drives two warps by hand under AsyncSuspendWaits:
// warp 1 releases bar.sync (Effect.Woke names warp 0), warp 0's try_wait
// on phase 0 of an mbarrier reports Retry without executing while every
// lane would fail (Effect.Waits: the barrier, phase 0, the parity operand,
// the 1000 ns hint), executes and fails once expired, and succeeds after
// warp 1's 32 arrivals close phase 0 (Effect.MbarDone: that barrier, phase
// 0). When some lanes would succeed (parity tid&1: the odd lanes wait for
// phase -1, long done) the try_wait executes at once.
func TestSuspendingWaits(t *testing.T) {
	for _, c := range []struct {
		name, parity string
		first        exec.Outcome
	}{
		{"every lane fails", "0", exec.Retry},
		{"odd lanes pass", "%r5", exec.Spun},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, bar;
	and.b32 %r5, %r1, 1;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 mbarrier.init.shared.b64 [%r2], 32;
	bar.sync 0;
	setp.lt.u32 %p3, %r1, 32;
	@%p3 bra WAIT;
	mbarrier.arrive.shared.b64 %rd1, [%r2];
	ret;
WAIT:
	mbarrier.try_wait.parity.shared.b64 %p2, [%r2], ` + c.parity + `, 1000;
	@!%p2 bra WAIT;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.u32 [%rd4], 7;
	ret;
}`
			p, err := ptx.Load("t.ptx", []byte(src))
			require.NoError(t, err)
			k, err := exec.Compile(p, "k", exec.DefaultLayout())
			require.NoError(t, err)
			g := exec.NewGlobalMem()
			seg := g.Alloc("out", 4*32)
			params := make([]byte, 8)
			binary.LittleEndian.PutUint64(params, seg.Base)
			l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{64, 1, 1}, Params: params, Global: g}
			cta, err := exec.NewCTA(k, l, [3]int{}, 0)
			require.NoError(t, err)
			cta.SetAsyncMode(exec.AsyncTickets | exec.AsyncSuspendWaits)
			w0, w1 := cta.Warps()[0], cta.Warps()[1]
			var e exec.Effect
			issue := func(w *exec.Warp) exec.Outcome {
				require.NoError(t, w.Issue(&e))
				return e.Outcome
			}
			// warp 0: ld, mov, mov, and, setp, init (6 instructions), then bar.sync
			var bar uint32
			for i := 0; i < 6; i++ {
				require.Equal(t, exec.Issued, issue(w0))
				if e.NumMbars == 1 {
					bar = e.Mbars[0].Addr
				}
				assert.Zero(t, e.NumMbarDone)
			}
			require.Equal(t, exec.Issued, issue(w0))
			require.True(t, e.BarrierWait)
			assert.Empty(t, e.Woke)
			// warp 1 up to its bar.sync, which releases warp 0
			for i := 0; i < 6; i++ {
				require.Equal(t, exec.Issued, issue(w1))
				assert.Empty(t, e.Woke)
			}
			require.Equal(t, exec.Issued, issue(w1))
			assert.False(t, e.BarrierWait)
			assert.Equal(t, []*exec.Warp{w0}, e.Woke)
			// warp 0: setp, bra, then the try_wait
			require.Equal(t, exec.Issued, issue(w0))
			require.Equal(t, exec.Issued, issue(w0))
			assert.Empty(t, e.Woke)
			n := w0.Instructions()
			info, _ := w0.Peek()
			require.Equal(t, exec.AsyncMbarWait, info.Async)
			require.Equal(t, c.first, issue(w0))
			if c.first == exec.Retry {
				assert.Equal(t, n, w0.Instructions(), "nothing executed")
				again, _ := w0.Peek()
				assert.Same(t, info, again, "the PC did not move")
				require.Equal(t, 1, e.NumWaits)
				assert.Equal(t, exec.MbarWait{M: exec.MbarRef{CTA: cta, Addr: bar}, Phase: 0, Parity: true, Value: 0}, e.Waits[0])
				assert.Equal(t, int64(1000), e.SuspendNs)
				assert.Equal(t, exec.Retry, issue(w0), "still waiting")
				assert.Zero(t, testing.AllocsPerRun(100, func() { _ = w0.Issue(&e) }), "a suspended try_wait allocates nothing")
				assert.Equal(t, exec.Retry, e.Outcome)
				// Brief Effects name the waits too
				brief := exec.Effect{Brief: true}
				require.NoError(t, w0.Issue(&brief))
				assert.Equal(t, exec.Retry, brief.Outcome)
				assert.Equal(t, 1, brief.NumWaits)
				// the suspend time ran out: the try_wait executes and fails
				w0.Expire()
				assert.Equal(t, exec.Spun, issue(w0))
				assert.Zero(t, e.NumWaits)
				assert.Equal(t, n+1, w0.Instructions())
			} else {
				assert.Zero(t, e.NumWaits)
				assert.Equal(t, n+1, w0.Instructions(), "executed")
			}
			require.Equal(t, exec.Issued, issue(w0)) // the loop branch (the even lanes)
			require.Equal(t, exec.Retry, issue(w0), "the even lanes all fail")
			// warp 1: setp, bra (not taken), the arrive closing phase 0
			require.Equal(t, exec.Issued, issue(w1))
			require.Equal(t, exec.Issued, issue(w1))
			assert.Zero(t, cta.MbarPhase(bar))
			require.Equal(t, exec.Issued, issue(w1))
			require.Equal(t, 1, e.NumMbarDone)
			assert.Equal(t, exec.MbarPhase{M: exec.MbarRef{CTA: cta, Addr: bar}, Phase: 0}, e.MbarDone[0])
			assert.Equal(t, uint64(1), cta.MbarPhase(bar))
			for !w1.Done() {
				issue(w1)
			}
			// warp 0 goes on: the wait succeeds
			assert.Equal(t, exec.Issued, issue(w0))
			for !w0.Done() {
				require.NotEqual(t, exec.Retry, issue(w0))
			}
			for i := 0; i < 32; i++ {
				assert.Equal(t, uint32(7), binary.LittleEndian.Uint32(seg.Data[4*i:]), "lane %d", i)
			}
		})
	}
}
