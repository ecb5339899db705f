package exec_test

import (
	"encoding/binary"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// hzKernel fills the holes of a kernel template: each {NAME} (capitals)
// is replaced by the variant's text for NAME, or removed.
func hzKernel(tmpl string, v map[string]string) string {
	return regexp.MustCompile(`\{[A-Z]+\}`).ReplaceAllStringFunc(tmpl, func(h string) string {
		return v[h[1:len(h)-1]]
	})
}

// hzRun runs src like runCluster, with the hazard checker on or off.
func hzRun(t *testing.T, src string, grid, block, cluster [3]int, withMap, noCheck bool) error {
	t.Helper()
	p, err := ptx.Load("hz.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	out := g.Alloc("out", 4096)
	params := make([]byte, 8)
	if withMap {
		in := g.Alloc("in", 64*32*4)
		m := tma.Tiled(tma.F32, in.Base, []uint64{32, 64}, []uint64{128}, []uint32{32, 8})
		require.Nil(t, m.Validate())
		enc := m.Encode()
		params = make([]byte, 136)
		copy(params, enc[:])
	}
	binary.LittleEndian.PutUint64(params[len(params)-8:], out.Base)
	l := &exec.Launch{Grid: grid, Block: block, Cluster: cluster, ClusterGiven: true, Params: params, Global: g, NoHazardCheck: noCheck}
	cfg := gpu.DefaultConfig()
	cfg.MaxInstructions = 1_000_000
	_, err = gpu.RunFunctional(cfg, k, l)
	return err
}

// hzCase is one variant of a hazard test kernel: want holds substrings of
// the expected report (nil: no hazard). Every hazardous variant must run
// cleanly with the checker switched off.
type hzCase struct {
	name string
	v    map[string]string
	want []string
}

func runHzCases(t *testing.T, tmpl string, base map[string]string, cases []hzCase, grid, block, cluster [3]int, withMap bool) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := map[string]string{}
			for k, s := range base {
				v[k] = s
			}
			for k, s := range c.v {
				v[k] = s
			}
			src := hzKernel(tmpl, v)
			err := hzRun(t, src, grid, block, cluster, withMap, false)
			if c.want == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
			require.NoError(t, hzRun(t, src, grid, block, cluster, withMap, true), "with NoHazardCheck")
		})
	}
}

// spin is a loop long enough (more than a functional-mode turn of 256
// instructions) to let the other warps and CTAs run ahead.
const spin = `	mov.u32 %r20, 0;
SPIN:
	add.u32 %r20, %r20, 1;
	setp.lt.u32 %p3, %r20, 400;
	@%p3 bra SPIN;
`

// cpSrc: warp 0 copies out[0..32) into buf[0..32) with cp.async.ca (4 B
// per lane) and, with B, a second group into buf[64..96); warp 1 reads
// buf at byte R. Holes: warp 0 after its copies: ARRIVE, GOA, WAIT, GOB;
// both warps: SYNC; warp 1 before its read: WAITGO, WAITBAR. The "go"
// mbarrier (GOA/GOB: warp 0 arrives, WAITGO: warp 1 waits) orders warp
// 1's read after warp 0's copies.
const cpSrc = header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 buf[512];
	.shared .align 8 .b64 bar;
	.shared .align 8 .b64 go;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	mov.u32 %r9, bar;
	mov.u32 %r10, go;
	setp.ne.u32 %p2, %r1, 0;
	@%p2 bra START;
	mbarrier.init.shared::cta.b64 [%r9], 32;
	mbarrier.init.shared::cta.b64 [%r10], 32;
START:
	bar.sync 1;
	setp.ge.u32 %p1, %r1, 32;
	@%p1 bra CONS;
	shl.b32 %r3, %r1, 2;
	add.u32 %r4, %r2, %r3;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	cp.async.ca.shared.global [%r4], [%rd4], 4;
	cp.async.commit_group;
{B}
{ARRIVE}
{GOA}
{WAIT}
{GOB}
CONS:
{SYNC}
	@!%p1 bra END;
{WAITGO}
{WAITBAR}
	ld.shared.u32 %r5, [%r2+{R}];
END:
	ret;
}`

const cpSecondGroup = `	cp.async.ca.shared.global [%r4+256], [%rd4], 4;
	cp.async.commit_group;`

const (
	cpWaitBar = `WB:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r9], 0;
	@!%p3 bra WB;`
	cpGo     = "\tmbarrier.arrive.shared::cta.b64 _, [%r10];"
	cpWaitGo = `WG:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r10], 0;
	@!%p3 bra WG;`
)

func TestHazardCpAsync(t *testing.T) {
	cases := []hzCase{
		{"wait and barrier", map[string]string{"WAIT": "cp.async.wait_group 0;", "SYNC": "bar.sync 0;", "R": "4"}, nil},
		{"wait_all and barrier", map[string]string{"WAIT": "cp.async.wait_all;", "SYNC": "bar.sync 0;", "R": "4"}, nil},
		{"no wait", map[string]string{"SYNC": "bar.sync 0;", "R": "4"},
			[]string{"line 43: async hazard: warp 1 reads shared [0x400, 0x410) written by the cp.async of warp 0 at line 31",
				"(cp.async group 1 of warp 0) before a cp.async.wait_group/wait_all of warp 0 covering it"}},
		{"wait, then an mbarrier chain", map[string]string{"WAIT": "cp.async.wait_group 0;", "GOB": cpGo, "WAITGO": cpWaitGo, "R": "4"}, nil},
		{"mbarrier chain before the wait", map[string]string{"GOA": cpGo, "WAIT": "cp.async.wait_group 0;", "WAITGO": cpWaitGo, "R": "4"},
			[]string{"async hazard: warp 1 reads shared [0x400, 0x410) written by the cp.async of warp 0"}},
		{"read before the copy, no barrier", map[string]string{"WAIT": "cp.async.wait_group 0;", "R": "4"},
			[]string{"async hazard: the cp.async of warp 0 writes shared [0x400, 0x410) that warp 1 read without synchronization"}},
		{"wait_group 1: the older group is done", map[string]string{"B": cpSecondGroup, "WAIT": "cp.async.wait_group 1;", "SYNC": "bar.sync 0;", "R": "4"}, nil},
		{"wait_group 1: the newer group is not", map[string]string{"B": cpSecondGroup, "WAIT": "cp.async.wait_group 1;", "SYNC": "bar.sync 0;", "R": "260"},
			[]string{"warp 1 reads shared [0x500, 0x510) written by the cp.async of warp 0", "group 2 of warp 0"}},
		{"mbarrier arrive and wait", map[string]string{"ARRIVE": "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r9];", "WAITBAR": cpWaitBar, "R": "4"}, nil},
		{"mbarrier arrive, no wait", map[string]string{"ARRIVE": "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r9];", "GOA": cpGo, "WAITGO": cpWaitGo, "R": "4"},
			[]string{"written by the cp.async of warp 0", "(mbarrier at shared 0x600 phase 0) warp 1 has not observed"}},
	}
	runHzCases(t, cpSrc, nil, cases, [3]int{1, 1, 1}, [3]int{64, 1, 1}, [3]int{1, 1, 1}, false)
}

// proxySrc: warp 1 writes buf[0..32) with st.shared, then {FENCE}; warp 0
// thread 0 copies buf to out with a bulk copy (async proxy) after {SYNC}
// and {SPIN}.
const proxySrc = header + `
.visible .entry k({MAPPARAM}.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b64 %rd<8>;
	.shared .align 1024 .b8 buf[1024];
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra PROD;
	sub.u32 %r3, %r1, 32;
	shl.b32 %r4, %r3, 2;
	add.u32 %r5, %r2, %r4;
	{STORE}
	{FENCE}
	{FLAG}
PROD:
	{SYNC}
	setp.ne.u32 %p2, %r1, 0;
	@%p2 bra END;
{SPIN}
	{COPY}
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
END:
	ret;
}`

const (
	bulkStore = "cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 128;"
	stShared  = "st.shared.u32 [%r5], %r1;"
	tmaStore  = `mov.b64 %rd5, tmap;
	cvta.param.u64 %rd6, %rd5;
	mov.u32 %r11, 0;
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd6, {%r11, %r11}], [%r2];`
	stMatrix = `shl.b32 %r6, %r3, 4;
	add.u32 %r7, %r2, %r6;
	stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r7], {%r1};`
	// warp 1 raises a flag in global memory after its fence; warp 0 spins
	// on it (global memory orders nothing for the checker)
	flagSet  = "st.volatile.global.u32 [%rd2+256], 1;"
	flagSpin = `FS:
	ld.volatile.global.u32 %r8, [%rd2+256];
	setp.eq.u32 %p3, %r8, 0;
	@%p3 bra FS;`
)

func TestHazardProxy(t *testing.T) {
	cases := []hzCase{
		{"fence and barrier", map[string]string{"FENCE": "fence.proxy.async.shared::cta;", "SYNC": "bar.sync 0;"}, nil},
		{"generic fence.proxy.async", map[string]string{"FENCE": "fence.proxy.async;", "SYNC": "bar.sync 0;"}, nil},
		{"no fence", map[string]string{"SYNC": "bar.sync 0;"},
			[]string{"line 28: async proxy hazard: the bulk copy of warp 0 reads shared [0x400, 0x410), written through the generic proxy by warp 1 at line 20 with no fence.proxy.async after the write"}},
		{"fence of global memory only", map[string]string{"FENCE": "fence.proxy.async.global;", "SYNC": "bar.sync 0;"},
			[]string{"written through the generic proxy by warp 1 at line 20 with no fence.proxy.async"}},
		{"fence not ordered before the copy", map[string]string{"FENCE": "fence.proxy.async.shared::cta;", "FLAG": flagSet, "SPIN": flagSpin},
			[]string{"line 31: async proxy hazard: the bulk copy of warp 0 reads shared [0x400, 0x410), written by warp 1 at line 20, whose fence.proxy.async is not ordered before this copy"}},
		{"stmatrix, no fence", map[string]string{"STORE": stMatrix, "SYNC": "bar.sync 0;"},
			[]string{"async proxy hazard: the bulk copy of warp 0 reads shared [0x400, 0x410), written through the generic proxy by warp 1 at line 22"}},
	}
	runHzCases(t, proxySrc, map[string]string{"STORE": stShared, "COPY": bulkStore}, cases, [3]int{1, 1, 1}, [3]int{64, 1, 1}, [3]int{1, 1, 1}, false)
}

// The source of a TMA store is read through the async proxy too.
func TestHazardProxyTMAStore(t *testing.T) {
	cases := []hzCase{
		{"fence and barrier", map[string]string{"FENCE": "fence.proxy.async.shared::cta;", "SYNC": "bar.sync 0;"}, nil},
		{"no fence", map[string]string{"SYNC": "bar.sync 0;"},
			[]string{"line 31: async proxy hazard: the TMA store of warp 0 reads shared [0x400, 0x410), written through the generic proxy by warp 1 at line 20"}},
	}
	base := map[string]string{"MAPPARAM": ".param .align 64 .b8 tmap[128], ", "STORE": stShared, "COPY": tmaStore}
	runHzCases(t, proxySrc, base, cases, [3]int{1, 1, 1}, [3]int{64, 1, 1}, [3]int{1, 1, 1}, true)
}

// multicastSrc: a cluster of two CTAs of one warp. Rank 1 reads buf, then
// {SIGNAL}s; rank 0 {WAITS}, {SPIN}s, and multicasts a TMA load of the
// [32, 8] f32 box into buf of both CTAs.
const multicastSrc = header + `
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b16 %h<2>;
	.reg .f32 %f<2>;
	.reg .b64 %rd<8>;
	.shared .align 1024 .b8 buf[1024];
	.shared .align 8 .b64 full;
	.shared .align 8 .b64 empty;
	mov.b64 %rd1, tmap;
	cvta.param.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %cluster_ctarank;
	mov.u32 %r3, buf;
	mov.u32 %r4, full;
	mov.u32 %r5, empty;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra INIT;
	mbarrier.init.shared::cta.b64 [%r4], 1;
	mbarrier.init.shared::cta.b64 [%r5], 1;
	fence.mbarrier_init.release.cluster;
INIT:
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	setp.eq.u32 %p2, %r2, 0;
	@%p2 bra RANK0;
	ld.shared.f32 %f1, [%r3];
{SIGNAL}
	@%p1 bra W1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 1024;
W1:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r4], 0;
	@!%p3 bra W1;
	bra END;
RANK0:
{WAITS}
{SPIN}
	@%p1 bra W2;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 1024;
	mov.u32 %r8, 0;
	mov.b16 %h1, 3;
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r3], [%rd2, {%r8, %r8}], [%r4], %h1;
W2:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r4], 0;
	@!%p3 bra W2;
END:
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}`

const (
	remoteArrive = `	@%p1 bra SIG;
	mapa.shared::cluster.u32 %r6, %r5, 0;
	mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r6];
SIG:`
	waitEmpty = `W0:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 0;
	@!%p3 bra W0;`
	clusterSync = `	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;`
)

func TestHazardClusterMulticast(t *testing.T) {
	cases := []hzCase{
		{"remote empty barrier", map[string]string{"SIGNAL": remoteArrive, "WAITS": waitEmpty, "SPIN": spin}, nil},
		{"barrier.cluster", map[string]string{"SIGNAL": clusterSync, "WAITS": clusterSync, "SPIN": spin}, nil},
		{"no synchronization", map[string]string{"SPIN": spin},
			[]string{"cta (0,0,0) thread (0,0,0) line 52: async hazard: the TMA load of warp 0 of cluster rank 0 writes shared [0x400, 0x410) of cluster rank 1 that warp 0 of cluster rank 1 read without synchronization"}},
	}
	runHzCases(t, multicastSrc, nil, cases, [3]int{2, 1, 1}, [3]int{32, 1, 1}, [3]int{2, 1, 1}, true)
}
