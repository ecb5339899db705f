package exec_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// runCluster runs src (.entry k with params `.param .u64 out` or, with a
// tensor map, `.param .align 64 .b8 tmap[128], .param .u64 out`) as a
// cluster launch and returns the n-word output buffer. The map covers an
// f32 [64][32] tensor holding 1000*row + col with a [32, 8] box.
func runCluster(t *testing.T, src string, grid, block, cluster [3]int, n int, withMap bool) ([]uint32, error) {
	t.Helper()
	p, err := ptx.Load("cluster.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	out := g.Alloc("out", 4*n)
	params := make([]byte, 8)
	if withMap {
		in := g.Alloc("in", 64*32*4)
		for i := 0; i < 64*32; i++ {
			binary.LittleEndian.PutUint32(in.Data[4*i:], math.Float32bits(float32(1000*(i/32)+i%32)))
		}
		m := tma.Tiled(tma.F32, in.Base, []uint64{32, 64}, []uint64{128}, []uint32{32, 8})
		require.Nil(t, m.Validate())
		enc := m.Encode()
		params = make([]byte, 136)
		copy(params, enc[:])
	}
	binary.LittleEndian.PutUint64(params[len(params)-8:], out.Base)
	l := &exec.Launch{Grid: grid, Block: block, Cluster: cluster, ClusterGiven: true, Params: params, Global: g}
	cfg := gpu.DefaultConfig()
	cfg.MaxInstructions = 1_000_000
	_, err = gpu.RunFunctional(cfg, k, l)
	res := make([]uint32, n)
	for i := range res {
		res[i] = binary.LittleEndian.Uint32(out.Data[4*i:])
	}
	return res, err
}

// ringSrc: each CTA (32 threads) fills src[tid] = 1000*rank + tid, then
// barrier.cluster; it pulls src of rank next = (rank+1)%n
// (ld.shared::cluster through mapa) and pushes its own value + 7 into dst
// of rank next (st.shared::cluster); after a second barrier.cluster it
// writes out[blk*96 + tid] = pulled, out[blk*96 + 32 + tid] = dst[tid], and
// thread 0 writes the shared::cta and mapa addresses.
const ringSrc = header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b64 %rd<8>;
	.shared .align 16 .b8 src[128];
	.shared .align 16 .b8 dst[128];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %cluster_ctarank;
	mov.u32 %r3, %cluster_nctarank;
	mov.u32 %r4, %ctaid.x;
	mov.u32 %r5, src;
	mov.u32 %r6, dst;
	shl.b32 %r7, %r1, 2;
	add.u32 %r8, %r5, %r7;
	add.u32 %r9, %r6, %r7;
	mad.lo.u32 %r10, %r2, 1000, %r1;
	st.shared.u32 [%r8], %r10;
	barrier.cluster.arrive.release.aligned;
	barrier.cluster.wait.acquire.aligned;
	add.u32 %r11, %r2, 1;
	rem.u32 %r11, %r11, %r3;
	mapa.shared::cluster.u32 %r12, %r8, %r11;
	ld.shared::cluster.u32 %r13, [%r12];
	mapa.shared::cluster.u32 %r14, %r9, %r11;
	add.u32 %r15, %r10, 7;
	st.shared::cluster.u32 [%r14], %r15;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ld.shared.u32 %r16, [%r9];
	mad.lo.u32 %r17, %r4, 96, %r1;
	mul.wide.u32 %rd2, %r17, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r13;
	st.global.u32 [%rd3+128], %r16;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	st.global.u32 [%rd3+256], %r5;
	mapa.shared::cluster.u32 %r18, %r5, %r11;
	st.global.u32 [%rd3+260], %r18;
	getctarank.shared::cluster.u32 %r19, %r18;
	st.global.u32 [%rd3+264], %r19;
DONE:
	ret;
}`

func TestClusterDSMEMRing(t *testing.T) {
	for _, tc := range []struct {
		name          string
		grid, cluster [3]int
	}{
		{"2 CTAs", [3]int{4, 1, 1}, [3]int{2, 1, 1}},
		{"4 CTAs", [3]int{8, 1, 1}, [3]int{4, 1, 1}},
		{"16 CTAs (non-portable size)", [3]int{16, 1, 1}, [3]int{16, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runCluster(t, ringSrc, tc.grid, [3]int{32, 1, 1}, tc.cluster, tc.grid[0]*96, false)
			require.NoError(t, err)
			n := tc.cluster[0]
			for blk := 0; blk < tc.grid[0]; blk++ {
				rank := blk % n
				next, prev := (rank+1)%n, (rank+n-1)%n
				o := out[blk*96:]
				for tid := 0; tid < 32; tid++ {
					assert.Equal(t, uint32(1000*next+tid), o[tid], "blk %d tid %d pulled", blk, tid)
					assert.Equal(t, uint32(1000*prev+tid+7), o[32+tid], "blk %d tid %d pushed", blk, tid)
				}
				base := uint32(rank) << 24
				assert.Equal(t, base|0x400, o[64], "blk %d: shared::cta address of src carries the rank", blk)
				assert.Equal(t, uint32(next)<<24|0x400, o[65], "blk %d: mapa", blk)
				assert.Equal(t, uint32(next), o[66], "blk %d: getctarank", blk)
			}
		})
	}
}

// Every rank > 0 stores 10*rank into vals[rank] of rank 0 and arrives on
// rank 0's mbarrier (count n-1) with mbarrier.arrive.shared::cluster; rank 0
// waits and sums. Ranks also expect_tx + complete_tx remotely (4 bytes).
func TestClusterRemoteMbarrier(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b64 %rd<8>;
	.shared .align 8 .b64 bar;
	.shared .align 16 .b8 vals[64];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %cluster_ctarank;
	mov.u32 %r3, %cluster_nctarank;
	mov.u32 %r5, bar;
	mov.u32 %r6, vals;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra INIT;
	sub.u32 %r7, %r3, 1;
	mbarrier.init.shared::cta.b64 [%r5], %r7;
	fence.mbarrier_init.release.cluster;
INIT:
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	setp.eq.u32 %p2, %r2, 0;
	@%p2 bra RANK0;
	@%p1 bra END;
	shl.b32 %r8, %r2, 2;
	add.u32 %r9, %r6, %r8;
	mapa.shared::cluster.u32 %r10, %r9, 0;
	mul.lo.u32 %r11, %r2, 10;
	st.shared::cluster.u32 [%r10], %r11;
	mapa.shared::cluster.u32 %r12, %r5, 0;
	mbarrier.expect_tx.relaxed.cluster.shared::cluster.b64 [%r12], 4;
	mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [%r12], 4;
	mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r12];
	bra END;
RANK0:
WAIT:
	mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %p3, [%r5], 0;
	@!%p3 bra WAIT;
	@%p1 bra END;
	mov.u32 %r13, 0;
	mov.u32 %r14, 1;
SUM:
	shl.b32 %r15, %r14, 2;
	add.u32 %r16, %r6, %r15;
	ld.shared.u32 %r17, [%r16];
	add.u32 %r13, %r13, %r17;
	add.u32 %r14, %r14, 1;
	setp.lt.u32 %p3, %r14, %r3;
	@%p3 bra SUM;
	mov.u32 %r18, %clusterid.x;
	mul.wide.u32 %rd2, %r18, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r13;
END:
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}`
	out, err := runCluster(t, src, [3]int{8, 1, 1}, [3]int{64, 1, 1}, [3]int{4, 1, 1}, 2, false)
	require.NoError(t, err)
	assert.Equal(t, []uint32{60, 60}, out, "10+20+30 in each cluster")
}

// Each rank r of a cluster of 4 loads rows [8r, 8r+8) of the tensor with a
// TMA multicast to ctaMask 0xf into offset 1024r: every CTA receives the
// full 32-row tile and its mbarrier the complete_tx of all four boxes.
func TestClusterTMAMulticast(t *testing.T) {
	src := header + `
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b16 %h<2>;
	.reg .b64 %rd<8>;
	.shared .align 1024 .b8 buf[4096];
	.shared .align 8 .b64 bar;
	mov.b64 %rd1, tmap;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %cluster_ctarank;
	mov.u32 %r3, buf;
	mov.u32 %r4, bar;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra INIT;
	mbarrier.init.shared::cta.b64 [%r4], 1;
	fence.mbarrier_init.release.cluster;
INIT:
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	@%p1 bra WAIT;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 4096;
	shl.b32 %r5, %r2, 10;
	add.u32 %r6, %r3, %r5;
	shl.b32 %r7, %r2, 3;
	mov.u32 %r8, 0;
	mov.b16 %h1, 15;
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r6], [%rd2, {%r8, %r7}], [%r4], %h1;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r4], 0;
	@!%p2 bra WAIT;
	mov.u32 %r9, %ctaid.x;
	mad.lo.u32 %r10, %r9, 32, %r1;
	shl.b32 %r11, %r1, 7;
	add.u32 %r12, %r3, %r11;
	ld.shared.f32 %r13, [%r12+4];
	mul.wide.u32 %rd4, %r10, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.global.u32 [%rd5], %r13;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}`
	out, err := runCluster(t, src, [3]int{4, 1, 1}, [3]int{32, 1, 1}, [3]int{4, 1, 1}, 128, true)
	require.NoError(t, err)
	for blk := 0; blk < 4; blk++ {
		for row := 0; row < 32; row++ {
			assert.Equal(t, float32(1000*row+1), math.Float32frombits(out[blk*32+row]), "CTA %d row %d column 1", blk, row)
		}
	}
}

// Rank 1 never arrives at barrier.cluster (it spins on an mbarrier nobody
// completes), so rank 0's wait can never finish: the report names both.
func TestClusterBarrierDeadlock(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<10>;
	.shared .align 8 .b64 bar;
	mov.u32 %r1, %cluster_ctarank;
	mov.u32 %r2, bar;
	mov.u32 %r3, %tid.x;
	setp.eq.u32 %p3, %r3, 0;
	@%p3 mbarrier.init.shared::cta.b64 [%r2], 1;
	setp.eq.u32 %p1, %r1, 1;
	@%p1 bra SPIN;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
SPIN:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
	@!%p2 bra SPIN;
	ret;
}`
	_, err := runCluster(t, src, [3]int{2, 1, 1}, [3]int{32, 1, 1}, [3]int{2, 1, 1}, 1, false)
	require.Error(t, err)
	msg := err.Error()
	t.Log(msg)
	assert.Contains(t, msg, "deadlock: 2 warps of the cluster's 2 CTAs can never proceed")
	assert.Contains(t, msg, "rank 0 cta (0,0,0) warp 0")
	assert.Contains(t, msg, "waits at barrier.cluster (32 of 64 threads arrived); not arrived: rank 1 cta (1,0,0): 32 threads")
	assert.Contains(t, msg, "rank 1 cta (1,0,0) warp 0")
	assert.Contains(t, msg, "waits on mbarrier at shared 0x400 phase 0")
}

// Cluster misuse: mapa to a rank outside the cluster, a crafted
// shared::cluster address of a missing rank, a peer's address used with
// .shared::cta, and a multicast mask with a rank outside the cluster.
func TestClusterAddressErrors(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"mapa", `mapa.shared::cluster.u32 %r3, %r2, 2;`, "mapa: CTA rank 2 is outside the cluster of 2"},
		{"peer outside", `or.b32 %r3, %r2, 0x3000000;
	ld.shared::cluster.u32 %r4, [%r3];`, "shared::cluster address 0x3000400 names CTA rank 3, outside the cluster of 2 CTAs"},
		{"peer with shared::cta", `mapa.shared::cluster.u32 %r3, %r2, 1;
	@%p1 ld.shared.u32 %r4, [%r3];`, "shared::cta address 0x1000400 is in the shared memory of cluster rank 1; this CTA is rank 0"},
		{"peer out of bounds", `mapa.shared::cluster.u32 %r3, %r2, 1;
	ld.shared::cluster.u32 %r4, [%r3+4096];`, "out-of-bounds shared access of 4 bytes at 0x1001400"},
		// (mbarrier.init.shared::cluster on a peer: ptxas rejects it, and so
		// does the loader now; ptx/check_forms.go)
		{"multicast mask", `mov.b16 %h1, 5;
	add.u32 %r3, %r2, 16;
	mov.u32 %r5, %tid.x;
	setp.eq.u32 %p2, %r5, 0;
	and.pred %p2, %p2, %p1;
	@%p2 mbarrier.init.shared::cta.b64 [%r3], 1;
	@%p2 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd1], 16, [%r3], %h1;`,
			"ctaMask 0x5 selects CTA rank 2, outside the cluster of 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := header + fmt.Sprintf(`
.visible .entry k(.param .u64 out)
{
	.reg .pred %%p<4>;
	.reg .b32 %%r<10>;
	.reg .b64 %%rd<4>;
	.reg .b16 %%h<2>;
	.shared .align 16 .b8 buf[64];
	ld.param.u64 %%rd1, [out];
	mov.u32 %%r1, %%cluster_ctarank;
	setp.eq.u32 %%p1, %%r1, 0;
	mov.u32 %%r2, buf;
	%s
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}`, tc.body)
			_, err := runCluster(t, src, [3]int{2, 1, 1}, [3]int{32, 1, 1}, [3]int{2, 1, 1}, 1, false)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
