package gpu_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

const depsHeader = `.version 9.0
.target sm_90a
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
`

// chainPTX: thread 0 of CTA c waits (spinning) for flag[c-1], reads
// val[c-1], writes val[c] = 3*val[c-1] + c + 1, prints "cta c v" and sets
// flag[c]. CTAs bad and bad+2 store out of bounds after printing.
// Parameters: buf (flags at 0, values at 4*n), n, bad.
const chainPTX = depsHeader + `
.global .align 1 .b8 $str[12] = {99, 116, 97, 32, 37, 100, 32, 37, 117, 10, 0};
.visible .entry chain(.param .u64 buf, .param .u32 n, .param .u32 bad)
{
	.local .align 8 .b8 depot[8];
	.reg .pred %p<6>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<16>;
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	ld.param.u64 %rd1, [buf];
	ld.param.u32 %r9, [n];
	ld.param.u32 %r10, [bad];
	cvta.to.global.u64 %rd1, %rd1;
	mul.wide.u32 %rd12, %r9, 4;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, 0;
	setp.eq.u32 %p2, %r2, 0;
	@%p2 bra COMPUTE;
	sub.u32 %r4, %r2, 1;
	mul.wide.u32 %rd2, %r4, 4;
	add.u64 %rd3, %rd1, %rd2;
SPIN:
	ld.volatile.global.u32 %r5, [%rd3];
	setp.eq.u32 %p3, %r5, 0;
	@%p3 bra SPIN;
	add.u64 %rd5, %rd3, %rd12;
	ld.global.u32 %r3, [%rd5];
COMPUTE:
	mad.lo.u32 %r6, %r3, 3, %r2;
	add.u32 %r6, %r6, 1;
	mul.wide.u32 %rd6, %r2, 4;
	add.u64 %rd7, %rd1, %rd6;
	add.u64 %rd8, %rd7, %rd12;
	st.global.u32 [%rd8], %r6;
	mov.u64 %rd9, depot;
	cvta.local.u64 %rd10, %rd9;
	st.local.u32 [%rd9], %r2;
	st.local.u32 [%rd9+4], %r6;
	mov.u64 %rd11, $str;
	cvta.global.u64 %rd11, %rd11;
	{
	.param .b64 param0;
	st.param.b64 [param0], %rd11;
	.param .b64 param1;
	st.param.b64 [param1], %rd10;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	}
	sub.u32 %r7, %r2, %r10;
	setp.eq.u32 %p4, %r7, 0;
	setp.eq.u32 %p5, %r7, 2;
	or.pred %p4, %p4, %p5;
	mov.u64 %rd13, 64;
	@%p4 st.global.u32 [%rd13], %r6;
	mov.u32 %r8, 1;
	st.global.u32 [%rd7], %r8;
DONE:
	ret;
}`

// atomsPTX: every thread adds a float whose magnitude depends on its CTA to
// buf[0] (the sum's bits depend on the order), and replaces buf[1] by
// 3*old + ctaid + tid through a CAS retry loop, keeping the value it
// replaced in buf[2 + global thread index].
const atomsPTX = depsHeader + `
.visible .entry atoms(.param .u64 buf)
{
	.reg .pred %p<3>;
	.reg .b32 %r<16>;
	.reg .f32 %f<6>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	add.u32 %r4, %r1, 1;
	cvt.rn.f32.u32 %f1, %r4;
	mul.lo.u32 %r5, %r2, %r2;
	mul.lo.u32 %r5, %r5, %r2;
	add.u32 %r5, %r5, 1;
	cvt.rn.f32.u32 %f2, %r5;
	mul.f32 %f3, %f1, %f2;
	mul.f32 %f3, %f3, 0f3DCCCCCD;
	atom.global.add.f32 %f4, [%rd1], %f3;
	add.u64 %rd2, %rd1, 4;
LOOP:
	ld.volatile.global.u32 %r6, [%rd2];
	mad.lo.u32 %r7, %r6, 3, %r2;
	add.u32 %r7, %r7, %r1;
	atom.global.cas.b32 %r8, [%rd2], %r6, %r7;
	setp.ne.u32 %p1, %r8, %r6;
	@%p1 bra LOOP;
	mad.lo.u32 %r9, %r2, %r3, %r1;
	mul.wide.u32 %rd3, %r9, 4;
	add.u64 %rd4, %rd1, %rd3;
	st.global.u32 [%rd4+8], %r8;
	ret;
}`

// wordsPTX: thread 0 of CTA c stores c+1 to buf[c] (CTAs' result words
// side by side in 16-byte chunks) after every thread read buf[n + tid].
const wordsPTX = depsHeader + `
.visible .entry words(.param .u64 buf, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [buf];
	ld.param.u32 %r1, [n];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r2, %tid.x;
	mov.u32 %r3, %ctaid.x;
	add.u32 %r4, %r1, %r2;
	mul.wide.u32 %rd2, %r4, 4;
	add.u64 %rd3, %rd1, %rd2;
	ld.global.u32 %r5, [%rd3];
	setp.ne.u32 %p1, %r2, 0;
	@%p1 bra DONE;
	add.u32 %r6, %r3, %r5;
	add.u32 %r6, %r6, 1;
	mul.wide.u32 %rd4, %r3, 4;
	add.u64 %rd5, %rd1, %rd4;
	st.global.u32 [%rd5], %r6;
DONE:
	ret;
}`

// depsRun runs src's entry with one u32 buffer of bufWords words (the first
// parameter) and the extra u32 parameters, on jobs workers.
func depsRun(t *testing.T, src string, grid, block [3]int, bufWords int, extra []uint32, jobs int, budget int64) (runState, gpu.ParallelStats) {
	t.Helper()
	p, err := ptx.Load("deps.ptx", []byte(src))
	require.NoError(t, err)
	names := p.EntryNames()
	require.Len(t, names, 1)
	k, err := exec.Compile(p, names[0], exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("buf", 4*bufWords)
	params := binary.LittleEndian.AppendUint64(nil, seg.Base)
	for _, v := range extra {
		params = binary.LittleEndian.AppendUint32(params, v)
	}
	l := &exec.Launch{Grid: grid, Block: block, Params: params, Global: g}
	cfg := gpu.DefaultConfig()
	cfg.Jobs = jobs
	if budget > 0 {
		cfg.MaxInstructions = budget
	}
	res, err := gpu.RunFunctional(cfg, k, l)
	var st runState
	if err != nil {
		st.Err = err.Error()
	}
	var par gpu.ParallelStats
	if res != nil {
		st.Instructions, st.CTAs, st.Smem, par = res.Instructions, res.CTAs, res.Smem, res.Parallel
	}
	st.Printf = l.Printf.String()
	st.Memory = map[string][]byte{}
	for _, s := range g.Segments() {
		st.Memory[s.Name] = s.Data
	}
	st.Sites = l.SmemSites()
	return st, par
}

// TestParallelCrossCTADependences: CTAs that wait for and read what earlier
// CTAs wrote, print, fault (the first fault in CTA order is the one
// reported, with the printf text up to it), race on float atomics and a
// CAS loop, and run out of budget give the serial run's results.
func TestParallelCrossCTADependences(t *testing.T) {
	const n = 24
	grid, block := [3]int{n, 1, 1}, [3]int{64, 1, 1}
	serial, _ := depsRun(t, chainPTX, grid, block, 2*n, []uint32{n, 1000}, 1, 0)
	require.Empty(t, serial.Err)
	v := uint32(0)
	for c := 0; c < n; c++ {
		v = 3*v + uint32(c) + 1
	}
	assert.Equal(t, v, binary.LittleEndian.Uint32(serial.Memory["buf"][4*(2*n-1):]))
	assert.Contains(t, serial.Printf, fmt.Sprintf("cta %d %d\n", n-1, v))
	cases := []struct {
		name   string
		src    string
		words  int
		extra  []uint32
		budget int64
	}{
		{"chain", chainPTX, 2 * n, []uint32{n, 1000}, 0},
		{"chain_fault", chainPTX, 2 * n, []uint32{n, 9}, 0},
		{"chain_budget", chainPTX, 2 * n, []uint32{n, 1000}, serial.Instructions - 7},
		{"chain_budget_half", chainPTX, 2 * n, []uint32{n, 1000}, serial.Instructions / 2},
		{"atoms", atomsPTX, 2 + n*64, nil, 0},
		{"words", wordsPTX, n + 64, []uint32{n}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, _ := depsRun(t, c.src, grid, block, c.words, c.extra, 1, c.budget)
			for _, jobs := range []int{2, 4, 7} {
				got, st := depsRun(t, c.src, grid, block, c.words, c.extra, jobs, c.budget)
				assert.Equal(t, want, got, "jobs %d", jobs)
				t.Logf("jobs %d: %d of %d units re-run (%+v)", jobs, st.Reruns(), st.Units, st)
			}
			if c.name == "chain_fault" {
				assert.Contains(t, want.Err, "cta (9,0,0)")
				assert.Contains(t, want.Printf, "cta 9 ")
				assert.NotContains(t, want.Printf, "cta 10 ")
			}
			if c.name == "words" {
				_, st := depsRun(t, c.src, grid, block, c.words, c.extra, 4, 0)
				assert.Zero(t, st.Reruns(), "stores to words of one chunk do not conflict")
			}
			if c.budget > 0 {
				assert.Contains(t, want.Err, "max-instructions")
			}
		})
	}
}
