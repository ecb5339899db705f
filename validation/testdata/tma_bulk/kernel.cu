// tma_bulk: non-tensor bulk copies.
//  global -> shared: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes, 6 copies
//    (kCopies rows {dst byte in sm, src byte in src, bytes}) on barrier 0 (arrive.expect_tx before the
//    copies) and 2 copies on barrier 1 (copies first, arrive.expect_tx after: tx may go negative).
//  cp.async.bulk.prefetch.L2.global of 256 bytes (a hint).
//  shared -> global: cp.async.bulk.global.shared::cta.bulk_group, kStores rows {dst byte in gout,
//    src byte in sm, bytes}, commit_group + wait_group 0; gout is pre-filled with iota.
// One CTA of 64 threads; sm (8 KiB) pre-filled with 0xEEEE0000 | word index.
// Outputs: img u32[2048] (shared image after the loads), gout u32[2048], flags u32[2] (barriers done).
#include <cuda.h>
#include <stdint.h>

// ---- helpers (inline PTX), shared by the async corpus kernels (tools/record/gen_async.py)
static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
static __device__ __forceinline__ void fence_proxy_async_smem()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
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
// Bounded wait: 1 once the phase with this parity has completed, 0 after the spin limit
// (a wrong tx count then shows as a 0 flag instead of a hung kernel).
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 16); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}

__constant__ int kCopies[8][3] = {
    {0, 0, 16}, {48, 112, 48}, {128, 64, 32}, {1024, 1024, 256}, {2064, 4128, 1040}, {4096, 0, 2048},
    {6400, 512, 128}, {6656, 7936, 256}
};
__constant__ int kStores[4][3] = {
    {64, 0, 128}, {1040, 2064, 1040}, {4000, 4096, 16}, {6144, 1024, 256}
};

static __device__ __forceinline__ void bulk_g2s(uint32_t dst, const void* src, uint32_t bytes, uint32_t bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}
static __device__ __forceinline__ void bulk_s2g(void* dst, uint32_t src, uint32_t bytes)
{
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 ::"l"(dst), "r"(src), "r"(bytes) : "memory");
}

extern "C" __global__ void __launch_bounds__(64) tma_bulk(const uint32_t* __restrict__ src,
    uint32_t* __restrict__ img, uint32_t* __restrict__ gout, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[2048];
    __shared__ __align__(8) uint64_t bars[2];
    const int tid = threadIdx.x;
    for (int i = tid; i < 2048; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {
        mbar_init(smem_addr(&bars[0]), 1);
        mbar_init(smem_addr(&bars[1]), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();
    __syncthreads();
    const uint32_t b0 = smem_addr(&bars[0]), b1 = smem_addr(&bars[1]);
    const char* s = reinterpret_cast<const char*>(src);
    if (tid == 0) {
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(s + 2048), "r"(256) : "memory");
        uint32_t total = 0;
        for (int i = 0; i < 6; ++i) total += kCopies[i][2];
        mbar_arrive_expect_tx(b0, total);
        for (int i = 0; i < 6; ++i) bulk_g2s(smem_addr(sm) + kCopies[i][0], s + kCopies[i][1], kCopies[i][2], b0);
        for (int i = 6; i < 8; ++i) bulk_g2s(smem_addr(sm) + kCopies[i][0], s + kCopies[i][1], kCopies[i][2], b1);
        mbar_arrive_expect_tx(b1, kCopies[6][2] + kCopies[7][2]);
    }
    const uint32_t ok0 = mbar_wait_bounded(b0, 0);
    const uint32_t ok1 = mbar_wait_bounded(b1, 0);
    __syncthreads();
    for (int i = tid; i < 2048; i += blockDim.x) img[i] = sm[i];
    __syncthreads();
    // generic writes into the first 1 KiB, then fence for the async-proxy reads of the bulk stores
    for (int i = tid; i < 256; i += blockDim.x) sm[i] = 0x30000000u + i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        char* g = reinterpret_cast<char*>(gout);
        for (int i = 0; i < 4; ++i) bulk_s2g(g + kStores[i][0], smem_addr(sm) + kStores[i][1], kStores[i][2]);
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        flags[0] = ok0;
        flags[1] = ok1;
    }
}
