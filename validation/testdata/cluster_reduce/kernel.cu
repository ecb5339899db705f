// cluster_reduce: a reduction across a cluster of 8 CTAs (grid [16,1,1], cluster [8,1,1], block 256).
// Each CTA reduces its 1024 floats of x (4 per thread, then a shared tree) to one partial, and:
//   1. thread 0 stores the partial into parts[rank] of rank 0 (st.shared::cluster.f32) and arrives on
//      rank 0's mbarrier `bar` (mbarrier.arrive.release.cluster.shared::cluster, count n); rank 0 waits
//      (try_wait.parity.acquire.cluster), sums parts[0..n) in rank order, writes sums[cluster] and stores
//      the total into `result` of every CTA of the cluster (st.shared::cluster.f32, itself included);
//   2. every thread adds u[blk*256+tid] into ucount of rank 0 (red.shared::cluster.add.u32);
//   3. thread 0 arrives on rank 0's mbarrier `bar2` with expect_tx 16 (remote
//      mbarrier.arrive.expect_tx.shared::cluster) and copies its 16-byte vec4 {partial, red[1], red[2],
//      red[3]} into vecs[rank] of rank 0 with cp.async.bulk.shared::cluster.shared::cta (complete_tx
//      on rank 0's bar2); rank 0 waits on bar2 and writes the n vec4s to vecs[cluster].
// The barriers are initialized by thread 0 (mbarrier.init, fence.mbarrier_init.release.cluster), made
// visible with barrier.cluster.arrive.relaxed + wait (the CUTLASS idiom); a release/acquire cluster
// barrier orders the broadcast and the reds before they are read.
// Outputs: sums f32[2], bcast f32[16] (result seen by each CTA), usum u32[2], vecs f32[2,32],
// flags u32[16,2] (rank 0: 1 when bar / bar2 completed within the spin bound; other ranks: 1).
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ uint32_t cl_rank() { uint32_t r; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t cl_nrank() { uint32_t r; asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t cl_id() { uint32_t r; asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t mapa_s(uint32_t a, uint32_t r)
{
    uint32_t d;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(r));
    return d;
}
static __device__ __forceinline__ void st_cl_f32(uint32_t a, float v)
{
    asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(a), "f"(v) : "memory");
}
static __device__ __forceinline__ void red_add_cl(uint32_t a, uint32_t v)
{
    asm volatile("red.relaxed.cluster.shared::cluster.add.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
static __device__ __forceinline__ void fence_proxy_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
static __device__ __forceinline__ void mbar_arrive_remote(uint32_t cbar)
{
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(cbar) : "memory");
}
static __device__ __forceinline__ void mbar_arrive_expect_tx_remote(uint32_t cbar, uint32_t tx)
{
    asm volatile("mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [%0], %1;" ::"r"(cbar), "r"(tx) : "memory");
}
static __device__ __forceinline__ uint32_t mbar_try_wait_cluster(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 20); ++i)
        if (mbar_try_wait_cluster(bar, parity)) return 1;
    return 0;
}
static __device__ __forceinline__ void bulk_s2c(uint32_t cdst, uint32_t src, uint32_t bytes, uint32_t cbar)
{
    asm volatile("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(cdst), "r"(src), "r"(bytes), "r"(cbar) : "memory");
}
static __device__ __forceinline__ void cl_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); }
static __device__ __forceinline__ void cl_arrive_release() { asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory"); }
static __device__ __forceinline__ void cl_wait() { asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); }

extern "C" __global__ void __launch_bounds__(256) cluster_reduce(const float* __restrict__ x,
    const uint32_t* __restrict__ u, float* __restrict__ sums, float* __restrict__ bcast,
    uint32_t* __restrict__ usum, float* __restrict__ vecs, uint32_t* __restrict__ flags)
{
    __shared__ float red[256];
    __shared__ float parts[16];
    __shared__ __align__(16) float vin[64];
    __shared__ __align__(16) float vout[4];
    __shared__ float result;
    __shared__ uint32_t ucount;
    __shared__ __align__(8) uint64_t bar, bar2;
    const uint32_t tid = threadIdx.x, blk = blockIdx.x;
    const uint32_t rank = cl_rank(), n = cl_nrank(), cid = cl_id();
    float s = 0.0f;
    for (int j = 0; j < 4; ++j) s += x[(blk * 256 + tid) * 4 + j];
    red[tid] = s;
    if (tid == 0) {
        mbar_init(smem_addr(&bar), n);
        mbar_init(smem_addr(&bar2), n);
        ucount = 0;
        result = -1.0f;
        fence_mbar_init();
    }
    __syncthreads();
    for (uint32_t w = 128; w > 0; w >>= 1) {
        if (tid < w) red[tid] += red[tid + w];
        __syncthreads();
    }
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
    cl_arrive_relaxed();
    cl_wait();
    red_add_cl(mapa_s(smem_addr(&ucount), 0), u[blk * 256 + tid]);
    if (tid == 0) {
        st_cl_f32(mapa_s(smem_addr(&parts[rank]), 0), red[0]);
        mbar_arrive_remote(mapa_s(smem_addr(&bar), 0));
        vout[0] = red[0]; vout[1] = red[1]; vout[2] = red[2]; vout[3] = red[3];
        fence_proxy_async_smem();
        mbar_arrive_expect_tx_remote(mapa_s(smem_addr(&bar2), 0), 16);
        bulk_s2c(mapa_s(smem_addr(&vin[rank * 4]), 0), smem_addr(vout), 16, mapa_s(smem_addr(&bar2), 0));
    }
    uint32_t ok1 = 1, ok2 = 1;
    if (rank == 0) {
        ok1 = mbar_wait_bounded(smem_addr(&bar), 0);
        if (tid == 0) {
            float t = 0.0f;
            for (uint32_t q = 0; q < n; ++q) t += parts[q];
            sums[cid] = t;
            for (uint32_t q = 0; q < n; ++q) st_cl_f32(mapa_s(smem_addr(&result), q), t);
        }
        ok2 = mbar_wait_bounded(smem_addr(&bar2), 0);
        if (tid < n * 4) vecs[cid * 32 + tid] = vin[tid];
    }
    cl_arrive_release();
    cl_wait();
    if (tid == 0) {
        bcast[blk] = result;
        if (rank == 0) usum[cid] = ucount;
        flags[blk * 2] = ok1;
        flags[blk * 2 + 1] = ok2;
    }
}
