package validation

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// seamDriver runs CTAs through the public seam of ptx/exec the way a
// timing model does: one cycle at a time, every warp that Peek says can
// issue issues once per cycle, and each async ticket completes a seeded
// random number of cycles after its issue (tickets of one group complete
// in any order; the groups retire in order inside exec). %clock64 reads
// the driver's cycle.
type seamDriver struct {
	rng      *rand.Rand
	maxDelay int
	// slow, when positive, lets the last warp of each warpgroup issue only
	// every slow cycles (warps 0-2 run ahead of it).
	slow    int
	now     int64
	pending []seamTicket
	seq     int
	retries map[exec.AsyncKind]int // unmet waits, by the kind of group waited on
	tickets int
	// clockIssues records the cycle of every issue of the instructions
	// at clockPCs (those reading %clock64).
	clockPCs    map[int32]bool
	clockIssues []int64
	// suspend runs the CTAs with AsyncSuspendWaits: a warp whose try_wait
	// reported Retry sleeps until a phase it waits on completes or its
	// suspend time (Effect.SuspendNs, one ns per cycle) passed, then it is
	// expired and the try_wait executes.
	suspend  bool
	maxSleep int64 // when positive, caps the suspend time (cycles)
	sleeping map[*exec.Warp]seamSleep
	suspends int // try_waits that suspended
	expires  int // sleeps that ended by their suspend time
}

// seamSleep is a suspended warp: the phases it waits on and when its
// suspend time runs out.
type seamSleep struct {
	waits []exec.MbarWait
	until int64
}

// defaultSuspend is the suspend time of a try_wait without a hint (cycles).
const defaultSuspend = 1000

// wake reports whether suspended warp w may issue now (a phase it waits on
// completed, or its suspend time ran out: then it is expired).
func (d *seamDriver) wake(w *exec.Warp) bool {
	s, ok := d.sleeping[w]
	if !ok {
		return true
	}
	for _, mw := range s.waits {
		if mw.M.CTA.MbarPhase(mw.M.Addr) != mw.Phase {
			delete(d.sleeping, w)
			return true
		}
	}
	if d.now >= s.until {
		delete(d.sleeping, w)
		w.Expire()
		d.expires++
		return true
	}
	return false
}

type seamTicket struct {
	due int64
	seq int
	c   *exec.CTA
	t   exec.Ticket
}

// run drives the cluster to completion.
func (d *seamDriver) run(t *testing.T, cl *exec.Cluster) {
	require.NoError(t, d.try(t, cl))
}

// try drives the cluster to completion or to the first fault.
func (d *seamDriver) try(t *testing.T, cl *exec.Cluster) error {
	mode := exec.AsyncTickets | exec.AsyncWgmmaQueue
	if d.suspend {
		mode |= exec.AsyncSuspendWaits
		d.sleeping = map[*exec.Warp]seamSleep{}
	}
	cl.SetAsyncMode(mode)
	for _, c := range cl.CTAs() {
		if c != nil {
			c.SetClock(func() int64 { return d.now }, 1)
		}
	}
	var e exec.Effect
	idle := 0
	for {
		// Complete the tickets due now, oldest first.
		sort.Slice(d.pending, func(i, j int) bool {
			a, b := d.pending[i], d.pending[j]
			return a.due < b.due || (a.due == b.due && a.seq < b.seq)
		})
		n := 0
		for n < len(d.pending) && d.pending[n].due <= d.now {
			p := d.pending[n]
			if err := p.c.Complete(p.t); err != nil {
				return err
			}
			n++
		}
		d.pending = d.pending[n:]
		alive, issued, ready := false, false, false
		for _, c := range cl.CTAs() {
			if c == nil {
				continue
			}
			for _, w := range c.Warps() {
				if w.Done() {
					continue
				}
				alive = true
				if d.slow > 0 && w.ID()%4 == 3 && d.now%int64(d.slow) != 0 {
					issued = true // it waits for its slot
					continue
				}
				if d.suspend && !d.wake(w) {
					continue
				}
				info, ok := w.Peek()
				if !ok {
					continue
				}
				ready = true
				if err := w.Issue(&e); err != nil {
					return err
				}
				if d.clockPCs != nil && info != nil && d.clockPCs[info.PC] && e.Outcome == exec.Issued {
					d.clockIssues = append(d.clockIssues, d.now)
				}
				switch {
				case e.Outcome == exec.Retry && e.NumWaits > 0:
					require.LessOrEqual(t, e.NumWaits, len(e.Waits))
					ns := e.SuspendNs
					if ns <= 0 {
						ns = defaultSuspend
					}
					if d.maxSleep > 0 {
						ns = min(ns, d.maxSleep)
					}
					d.suspends++
					d.sleeping[w] = seamSleep{waits: append([]exec.MbarWait(nil), e.Waits[:e.NumWaits]...), until: d.now + ns}
				case e.Outcome == exec.Retry:
					d.retries[waitKind(info)]++
				case e.Outcome == exec.Issued || e.Outcome == exec.Parked:
					issued = true
				}
				for _, op := range e.Async {
					require.NotZero(t, op.Ticket)
					d.tickets++
					d.seq++
					d.pending = append(d.pending, seamTicket{due: d.now + 1 + int64(d.rng.Intn(d.maxDelay)), seq: d.seq, c: c, t: op.Ticket})
				}
			}
		}
		if !alive {
			require.Empty(t, d.pending, "tickets left after every warp exited")
			for _, c := range cl.CTAs() {
				if c != nil {
					assert.Zero(t, c.PendingTickets())
				}
			}
			return nil
		}
		if d.suspend && !ready && len(d.pending) == 0 {
			// no warp can issue and no ticket is pending: a sleeping
			// warp's phase can never complete
			return cl.Deadlock()
		}
		if issued || len(d.pending) > 0 {
			idle = 0
		} else if idle++; idle > 1<<16 {
			return cl.Deadlock()
		}
		d.now++
	}
}

// waitKind is the kind of group a wait instruction waits on.
func waitKind(info *exec.InstInfo) exec.AsyncKind {
	switch info.Async {
	case exec.AsyncWait:
		return exec.TicketCpAsync
	case exec.AsyncBulkWait:
		return exec.TicketBulk
	case exec.AsyncWgmmaWait:
		return exec.TicketWgmma
	}
	return 0
}

// TestSeamDelayedCompletion is the done-when test of the execution seam
// (#12): six corpus kernels covering wgmma groups, cp.async groups and
// deferred arrives, mbarrier pipelines, TMA stores (bulk groups), bulk
// copies and cluster multicast run through Peek/Issue/Complete with every
// ticket completing 1..maxDelay cycles after its issue, and leave the
// outputs the GPU recorded; once with spinning waits and once with
// suspending ones (AsyncSuspendWaits: a failed try_wait sleeps until its
// phase completes or its suspend time, capped at 64 cycles so that some
// sleeps end by expiry, passes).
func TestSeamDelayedCompletion(t *testing.T) {
	dirs := []string{"gemm_wgmma_256", "cpasync_pipeline", "mbar_pipeline_3", "tma_store_sw128", "tma_bulk", "cluster_tma_multicast"}
	for i, name := range dirs {
		for _, suspend := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/suspend=%v", name, suspend), func(t *testing.T) {
				dir := filepath.Join("testdata", name)
				s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
				require.NoError(t, err)
				rec, err := LoadRecording(dir, s.Spec.Outputs)
				require.NoError(t, err)
				d := &seamDriver{rng: rand.New(rand.NewSource(int64(12 + i))), maxDelay: 200, retries: map[exec.AsyncKind]int{}, suspend: suspend, maxSleep: 64}
				forUnits(t, s.Kernel, s.Launch, func(cl *exec.Cluster) { d.run(t, cl) })
				for _, o := range s.Spec.Outputs {
					b := s.Buffer(o)
					r := rec.Outputs[o].Check(o, b.DType, b.Data, s.Spec.Compare[o])
					assert.True(t, r.Equal, "output %s: %d of %d elements differ, first at %v", o, r.Mismatches, r.Compared, r.FirstDiffs)
				}
				assert.Positive(t, d.tickets)
				t.Logf("%d tickets, %d cycles, unmet waits by group kind %v, %d suspended try_waits (%d expired)", d.tickets, d.now, d.retries, d.suspends, d.expires)
				switch name {
				case "gemm_wgmma_256":
					assert.Positive(t, d.retries[exec.TicketWgmma], "wgmma.wait_group waited")
				case "cpasync_pipeline":
					assert.Positive(t, d.retries[exec.TicketCpAsync], "cp.async.wait_group waited")
				case "tma_store_sw128":
					assert.Positive(t, d.retries[exec.TicketBulk], "cp.async.bulk.wait_group waited")
				}
				if !suspend {
					assert.Zero(t, d.suspends)
					return
				}
				switch name {
				case "mbar_pipeline_3", "tma_bulk", "cluster_tma_multicast": // tma_store_sw128 has no mbarrier
					assert.Positive(t, d.suspends, "try_waits suspended")
				}
			})
		}
	}
}

// forUnits builds the launch's clusters (or single CTAs) in linear order
// and calls run on each.
func forUnits(t *testing.T, k *exec.Kernel, l *exec.Launch, run func(cl *exec.Cluster)) {
	cd := [3]int{1, 1, 1}
	if l.ClusterGiven {
		cd = [3]int{max(l.Cluster[0], 1), max(l.Cluster[1], 1), max(l.Cluster[2], 1)}
	}
	g := l.Grid
	n := cd[0] * cd[1] * cd[2]
	smids := make([]int, n)
	for i := range smids {
		smids[i] = i
	}
	for z := 0; z < g[2]; z += cd[2] {
		for y := 0; y < g[1]; y += cd[1] {
			for x := 0; x < g[0]; x += cd[0] {
				var cl *exec.Cluster
				if l.ClusterGiven {
					var err error
					cl, err = exec.NewCluster(k, l, [3]int{x, y, z}, smids)
					require.NoError(t, err)
				} else {
					c, err := exec.NewCTA(k, l, [3]int{x, y, z}, 0)
					require.NoError(t, err)
					cl = c.Cluster()
				}
				run(cl)
				cl.Release()
			}
		}
	}
}

// TestSeamClock checks that %clock64 and %clock read the injected clock:
// each warp stores the clock it read at two points; the values are the
// driver's cycles at those issues.
func TestSeamClock(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	shr.u32 %r1, %r1, 5;
	mul.wide.u32 %rd2, %r1, 16;
	add.s64 %rd3, %rd1, %rd2;
	mov.u64 %rd4, %clock64;
	add.s32 %r2, %r1, 7;
	mul.lo.s32 %r2, %r2, %r2;
	mov.u64 %rd5, %clock64;
	st.global.u64 [%rd3], %rd4;
	st.global.u64 [%rd3+8], %rd5;
	ret;
}`
	p, err := ptx.Load("clock.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	seg := g.Alloc("out", 4*16)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{128, 1, 1}, Params: params, Global: g}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	d := &seamDriver{rng: rand.New(rand.NewSource(1)), maxDelay: 1, retries: map[exec.AsyncKind]int{}, clockPCs: map[int32]bool{5: true, 8: true}}
	d.now = 1000 // the clock starts far from the CTA's instruction count
	d.run(t, c.Cluster())
	// Four warps issue in warp order each cycle: warp i reads the clock at
	// cycles 1005 and 1008 (instructions 6 and 9 of the kernel, one per cycle).
	require.Len(t, d.clockIssues, 8)
	for w := 0; w < 4; w++ {
		first := binary.LittleEndian.Uint64(seg.Data[16*w:])
		second := binary.LittleEndian.Uint64(seg.Data[16*w+8:])
		assert.Equal(t, uint64(1005), first, "warp %d first %%clock64", w)
		assert.Equal(t, uint64(1008), second, "warp %d second %%clock64", w)
	}
}

// TestSeamQueuedWgmmaOverwrite: with warps 0-2 going on after their part
// of a wgmma (AsyncWgmmaQueue), the hazard checker still reports writes to
// a wgmma operand before the wait_group retiring it: a refill one group too
// early (cmd/sm90sim's Triton-style kernel with wait_group 2 instead of 1),
// and a store right after the wgmma while warp 3 lags (the MMA has not
// read its operands yet: the queue's own check); it accepts the right
// kernel whatever warp lags.
func TestSeamQueuedWgmmaOverwrite(t *testing.T) {
	src, err := os.ReadFile("../cmd/sm90sim/testdata/wgmma_cpasync.ptx")
	require.NoError(t, err)
	const mma = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd9, %rd10, 1, 1, 1, 0, 0;\n"
	for _, c := range []struct {
		name     string
		old, new string
		slow     int
		err      string
	}{
		{"right", "", "", 0, ""},
		{"right, warp 3 lags", "", "", 8, ""},
		{"refill one group early", "wgmma.wait_group.sync.aligned 1;", "wgmma.wait_group.sync.aligned 2;", 0,
			`wgmma hazard: warp \d \(cp.async at line 77\) overwrites shared \[0x[0-9a-f]+, 0x[0-9a-f]+\), the A operand of the wgmma.mma_async at line 65 `},
		{"store after the part, warp 3 lags", mma, mma + "\tst.shared.u32 [%r13], %r10;\n", 8,
			`line 65: wgmma hazard: warp [0-2] \(st.shared.u32 at line 66\) overwrote shared \[0x400, 0x410\), the A operand of the wgmma.mma_async at line 65 of warpgroup 0 \(warps 0..3\), after warp 0 issued its part`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "k.ptx")
			text := string(src)
			if c.old != "" {
				require.Contains(t, text, c.old)
				text = strings.Replace(text, c.old, c.new, 1)
			}
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			s, err := session.Prepare(p, "../cmd/sm90sim/testdata/wgmma.yaml", "", exec.DefaultLayout())
			require.NoError(t, err)
			var runErr error
			forUnits(t, s.Kernel, s.Launch, func(cl *exec.Cluster) {
				d := &seamDriver{rng: rand.New(rand.NewSource(5)), maxDelay: 50, slow: c.slow, retries: map[exec.AsyncKind]int{}}
				if runErr == nil {
					runErr = d.try(t, cl)
				}
			})
			if c.err == "" {
				require.NoError(t, runErr)
				return
			}
			require.Error(t, runErr)
			assert.Regexp(t, c.err, runErr.Error())
		})
	}
}

// TestSeamTicketOrder drives one warp by hand through cp.async groups and a
// deferred cp.async.mbarrier.arrive, completing tickets out of order: a
// group retires only with every older group (wait_group 1 waits for group
// 1 even when group 2 completed), and the arrive happens only once its own
// ticket and every copy the thread issued before it completed. Without .noinc the arrive
// raises the pending count at issue, so the thread's own mbarrier.arrive
// does not complete the phase before the copies land.
func TestSeamTicketOrder(t *testing.T) {
	for _, noinc := range []bool{true, false} {
		t.Run(fmt.Sprintf("noinc=%v", noinc), func(t *testing.T) {
			arrive := "cp.async.mbarrier.arrive.noinc.shared.b64 [%r2];"
			if !noinc {
				// each lane: a deferred arrive (+1 now, -1 when the copies land) and its own arrive
				arrive = "cp.async.mbarrier.arrive.shared.b64 [%r2];\n\tmbarrier.arrive.shared.b64 %rd9, [%r2];"
			}
			src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<12>;
	.shared .align 16 .b8 buf[384];
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r3, buf;
	mov.u32 %r2, bar;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 mbarrier.init.shared.b64 [%r2], 32;
	bar.sync 0;
	shl.b32 %r4, %r1, 2;
	add.u32 %r5, %r3, %r4;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	cp.async.ca.shared.global [%r5], [%rd4], 4;
	cp.async.commit_group;
	cp.async.ca.shared.global [%r5+128], [%rd4+128], 4;
	cp.async.commit_group;
	cp.async.wait_group 1;
	cp.async.ca.shared.global [%r5+256], [%rd4], 4;
	` + arrive + `
WAIT:
	mbarrier.try_wait.parity.shared.b64 %p2, [%r2], 0;
	@!%p2 bra WAIT;
	ld.shared.u32 %r6, [%r5];
	ld.shared.u32 %r7, [%r5+128];
	add.u32 %r8, %r6, %r7;
	add.s64 %rd5, %rd2, %rd3;
	st.global.u32 [%rd5], %r8;
	ret;
}`
			p, err := ptx.Load("order.ptx", []byte(src))
			require.NoError(t, err)
			k, err := exec.Compile(p, "k", exec.DefaultLayout())
			require.NoError(t, err)
			g := exec.NewGlobalMem()
			in := g.Alloc("in", 4*64)
			out := g.Alloc("out", 4*32)
			for i := 0; i < 64; i++ {
				binary.LittleEndian.PutUint32(in.Data[4*i:], uint32(1000*i+7))
			}
			params := make([]byte, 16)
			binary.LittleEndian.PutUint64(params, in.Base)
			binary.LittleEndian.PutUint64(params[8:], out.Base)
			l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
			c, err := exec.NewCTA(k, l, [3]int{}, 0)
			require.NoError(t, err)
			c.SetAsyncMode(exec.AsyncTickets)
			w := c.Warps()[0]
			var e exec.Effect
			issue := func() exec.Outcome {
				require.NoError(t, w.Issue(&e))
				return e.Outcome
			}
			// Up to the first cp.async: its ticket, then the second's.
			var tickets []exec.Ticket
			for len(tickets) < 2 {
				require.NotEqual(t, exec.Retry, issue())
				for _, op := range e.Async {
					assert.Equal(t, exec.TicketCpAsync, op.Kind)
					assert.Equal(t, uint32(32*4), op.Bytes)
					tickets = append(tickets, op.Ticket)
				}
			}
			require.Equal(t, exec.Issued, issue()) // commit_group (group 2)
			info, _ := w.Peek()
			require.Equal(t, exec.AsyncWait, info.Async)
			assert.Equal(t, exec.Retry, issue(), "both groups in flight")
			require.NoError(t, c.Complete(tickets[1]))
			assert.Equal(t, exec.Retry, issue(), "group 2 completed, group 1 not: nothing retired")
			require.NoError(t, c.Complete(tickets[0]))
			assert.Equal(t, exec.Issued, issue(), "group 1 retired (and group 2 with it)")
			// A third copy, in flight during the arrives.
			require.Equal(t, exec.Issued, issue())
			require.Len(t, e.Async, 1)
			third := e.Async[0].Ticket
			// The deferred arrives: one ticket per thread.
			require.Equal(t, exec.Issued, issue())
			require.Len(t, e.Async, 32)
			var arr []exec.Ticket
			for _, op := range e.Async {
				require.Equal(t, exec.TicketCpArrive, op.Kind)
				arr = append(arr, op.Ticket)
			}
			if !noinc {
				require.Equal(t, exec.Issued, issue()) // the lanes' own mbarrier.arrive: pending 32+32-32
			}
			// try_wait fails until every arrive's ticket and the third copy
			// (issued before the arrives) completed.
			for _, a := range arr {
				for i := 0; i < 2; i++ {
					assert.Equal(t, exec.Spun, issue(), "try_wait before the last arrive")
					require.Equal(t, exec.Issued, issue()) // the loop branch
				}
				require.NoError(t, c.Complete(a))
			}
			assert.Equal(t, exec.Spun, issue(), "the arrives wait for the copy issued before them")
			require.Equal(t, exec.Issued, issue())
			assert.Equal(t, 1, c.PendingTickets(), "the third copy")
			require.NoError(t, c.Complete(third))
			assert.Zero(t, c.PendingTickets())
			for !w.Done() {
				require.NotEqual(t, exec.Spun, issue(), "the phase completed with the arrive")
			}
			for l := 0; l < 32; l++ {
				assert.Equal(t, uint32(1000*l+7+1000*(l+32)+7), binary.LittleEndian.Uint32(out.Data[4*l:]), "lane %d", l)
			}
		})
	}
}

// TestSeamSuspendDeadlock: under suspending waits a warp whose try_wait
// phase can never complete (64 arrivals expected, 32 threads arrive) ends
// in the functional loop's deadlock report naming the barrier, once no
// warp can issue and no ticket is pending.
func TestSeamSuspendDeadlock(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k()
{
	.reg .pred %p<3>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.shared .align 8 .b64 bar;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, bar;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 mbarrier.init.shared.b64 [%r2], 64;
	bar.sync 0;
	mbarrier.arrive.shared.b64 %rd1, [%r2];
WAIT:
	mbarrier.try_wait.parity.shared.b64 %p2, [%r2], 0;
	@!%p2 bra WAIT;
	ret;
}`
	p, err := ptx.Load("dl.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Global: exec.NewGlobalMem()}
	c, err := exec.NewCTA(k, l, [3]int{}, 0)
	require.NoError(t, err)
	d := &seamDriver{rng: rand.New(rand.NewSource(1)), maxDelay: 1, retries: map[exec.AsyncKind]int{}, suspend: true}
	err = d.try(t, c.Cluster())
	require.Error(t, err)
	assert.Regexp(t, `deadlock: 1 warps can never proceed`, err.Error())
	var f *exec.Fault
	require.ErrorAs(t, err, &f)
	require.Len(t, f.Detail, 1)
	assert.Regexp(t, `warp 0 line \d+ .*try_wait.*: \(line \d+: mbarrier.try_wait.*\) waits on mbarrier at shared 0x[0-9a-f]+ phase 0 \(pending arrivals 32 of 64`, f.Detail[0])
	assert.Equal(t, 1, d.suspends)
}
