// tma_load_nd_r3: rank-3 f32 TMA loads, box [8, 4, 3] with 32B swizzle (32-byte rows), in bounds, clipped and negative.
// The tensor map lives in global memory (buffer `maps`, 128 bytes, encoded on the host) and is passed
// as a pointer; thread 0 runs fence.proxy.tensormap::generic.acquire.gpu on it before use.
// kBoxes rows: {c0..c4, byte offset in sm, expected tx bytes}. One CTA of 128 threads; shared memory
// is pre-filled with the sentinel 0xEEEE0000 | word_index; box i lands at byte 1024*i.
// Outputs: img u32[1024] raw shared image, flags u32[4] (1 = box i's barrier completed with
// the expected tx bytes = the full box, out-of-bounds elements included).
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

#define NBOX 4
#define SMEM_BYTES 4096
__constant__ int kBoxes[NBOX][7] = {
    {0, 0, 0, 0, 0, 0, 384},
    {16, 5, 3, 0, 0, 1024, 384},
    {-4, -2, -1, 0, 0, 2048, 384},
    {4, 1, 1, 0, 0, 3072, 384}
};

static __device__ __forceinline__ void tma_load(uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"
                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar) : "memory");
}

extern "C" __global__ void __launch_bounds__(128) tma_load_nd_r3(const CUtensorMap* __restrict__ maps,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(maps) : "memory");
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) {
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)kBoxes[b][6]);
            tma_load(smem_addr(sm) + (uint32_t)kBoxes[b][5], maps, &kBoxes[b][0], bar);
        }
    }
    uint32_t ok[NBOX];
    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0)
        for (int b = 0; b < NBOX; ++b) flags[b] = ok[b];
    __syncthreads();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
}
