// cluster_tma_multicast: TMA and bulk-copy multicast in clusters of 4 (grid [8,1,1], cluster [4,1,1],
// block 128). Shared memory sm (16 KiB, 1024-aligned) is filled with the sentinel 0xEEEE0000 | word,
// four mbarriers (count 1) are initialized, then barrier.cluster (release/acquire). Thread 0 of the CTA
// with rank r in cluster c then, each region on its own mbarrier (arrive.expect_tx on its own CTA):
//   region 0 [0, 4096): a 2D box [32 f32, 8 rows] of A at (32c, 16c + 8r) to offset 1024r, multicast to
//     ctaMask 0xf: every CTA receives the 4 slices (expects 4096 bytes);
//   region 1 [4096, 8192): the box at ((32c + 16) % 64, 32 + 8r) to offset 4096 + 1024r, ctaMask
//     (1 << r) | (1 << (r+1)%4): CTA q receives the slices of ranks q and q-1 (expects 2048 bytes);
//   region 3 [12288, 16384): cp.async.bulk global -> shared::cluster .multicast::cluster of 256 bytes
//     of g (slot 4c + r) to offset 12288 + 256r, ctaMask 0xf (expects 1024 bytes);
//   region 2 [8192, 12288): after its region 0 is complete, cp.async.bulk.shared::cluster.shared::cta of
//     its own slice r of region 0 (1024 bytes) to offset 8192 + 1024r of rank next = (r+1)%4, completing on
//     next's mbarrier 2 (mapa); every CTA expects 1024 bytes there (from rank prev).
// All threads wait on the four barriers (bounded), then img[blk] = the 16 KiB image, flags[blk][4] = 1
// when barrier b completed. A final barrier.cluster keeps every CTA until its peers are done.
#include <cuda.h>
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ uint32_t cl_rank() { uint32_t r; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t cl_id() { uint32_t r; asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t mapa_s(uint32_t a, uint32_t r)
{
    uint32_t d;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(r));
    return d;
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
static __device__ __forceinline__ void fence_proxy_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
static __device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
static __device__ __forceinline__ uint32_t mbar_try_wait_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 20); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}
static __device__ __forceinline__ void tma_load_2d_mc(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar, uint16_t mask)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%2, %3}], [%4], %5;"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar), "h"(mask) : "memory");
}
static __device__ __forceinline__ void bulk_g2s_mc(uint32_t dst, const void* src, uint32_t bytes, uint32_t bar, uint16_t mask)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], %2, [%3], %4;"
                 ::"r"(dst), "l"(src), "r"(bytes), "r"(bar), "h"(mask) : "memory");
}
static __device__ __forceinline__ void bulk_s2c(uint32_t cdst, uint32_t src, uint32_t bytes, uint32_t cbar)
{
    asm volatile("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(cdst), "r"(src), "r"(bytes), "r"(cbar) : "memory");
}
static __device__ __forceinline__ void cl_sync()
{
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}

#define SMEM_WORDS 4096
extern "C" __global__ void __launch_bounds__(128) cluster_tma_multicast(const __grid_constant__ CUtensorMap tA,
    const uint8_t* __restrict__ g, uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_WORDS];
    __shared__ __align__(8) uint64_t bars[4];
    const uint32_t tid = threadIdx.x, blk = blockIdx.x;
    const uint32_t r = cl_rank(), c = cl_id();
    for (uint32_t i = tid; i < SMEM_WORDS; i += blockDim.x) sm[i] = 0xEEEE0000u | i;
    if (tid == 0) {
        for (int b = 0; b < 4; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();
    cl_sync();
    const uint32_t base = smem_addr(sm);
    const uint32_t next = (r + 1) % 4;
    if (tid == 0) {
        mbar_arrive_expect_tx(smem_addr(&bars[0]), 4096);
        mbar_arrive_expect_tx(smem_addr(&bars[1]), 2048);
        mbar_arrive_expect_tx(smem_addr(&bars[2]), 1024);
        mbar_arrive_expect_tx(smem_addr(&bars[3]), 1024);
        tma_load_2d_mc(base + 1024 * r, &tA, 32 * c, 16 * c + 8 * r, smem_addr(&bars[0]), 0xf);
        tma_load_2d_mc(base + 4096 + 1024 * r, &tA, (32 * c + 16) % 64, 32 + 8 * r, smem_addr(&bars[1]),
                       (uint16_t)((1u << r) | (1u << next)));
        bulk_g2s_mc(base + 12288 + 256 * r, g + 256 * (4 * c + r), 256, smem_addr(&bars[3]), 0xf);
    }
    uint32_t ok[4];
    ok[0] = mbar_wait_bounded(smem_addr(&bars[0]), 0);
    if (tid == 0)
        bulk_s2c(mapa_s(base + 8192 + 1024 * r, next), base + 1024 * r, 1024, mapa_s(smem_addr(&bars[2]), next));
    for (int b = 1; b < 4; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    __syncthreads();
    for (uint32_t i = tid; i < SMEM_WORDS; i += blockDim.x) img[blk * SMEM_WORDS + i] = sm[i];
    if (tid == 0)
        for (int b = 0; b < 4; ++b) flags[blk * 4 + b] = ok[b];
    cl_sync();
}
