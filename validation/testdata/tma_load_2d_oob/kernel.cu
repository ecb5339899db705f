// tma_load_2d_oob: 2D TMA loads with boxes out of bounds on every edge (negative and past-the-end coordinates, fully outside boxes), zero fill: f16 128B-swizzled box [64, 16] and bf16 unswizzled box [24, 5]
// One CTA of 128 threads. Shared memory `sm` (27648 bytes, 1024-aligned) is first filled with the
// sentinel word 0xEEEE0000 | word_index, then thread 0 issues one 2D TMA tile load per row of kBoxes
// ({map (0 = tA, 1 = tB), c0, c1, byte offset in sm, expected tx bytes}), each completing on its own
// mbarrier (arrive.expect_tx with the full box bytes, then the copy); c0 * element size is always a
// multiple of 16 bytes (an H200 raises ILLEGAL_INSTRUCTION otherwise). Every thread waits on every
// barrier (try_wait.parity 0, bounded spin). Outputs:
//   img   u32[6912]: the raw shared-memory image (swizzled layout, sentinel where TMA wrote nothing)
//   flags u32[10]: 1 when box i's barrier phase 0 completed (tx count met), else 0
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

#define NBOX 10
#define SMEM_BYTES 27648
__constant__ int kBoxes[NBOX][5] = {
    {0, -8, -3, 0, 2048},
    {0, 88, 30, 3072, 2048},
    {0, -64, 0, 6144, 2048},
    {0, 104, 40, 9216, 2048},
    {0, 48, -10, 12288, 2048},
    {0, -24, 35, 15360, 2048},
    {0, -100000, 5, 18432, 2048},
    {1, -8, -2, 21504, 240},
    {1, 80, 28, 23552, 240},
    {1, 96, 0, 25600, 240}
};

static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

extern "C" __global__ void __launch_bounds__(128) tma_load_2d_oob(const __grid_constant__ CUtensorMap tA,
    const __grid_constant__ CUtensorMap tB, uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();   // order the sentinel writes (generic proxy) before the TMA writes
    __syncthreads();
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) {
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)kBoxes[b][4]);
            const CUtensorMap* m = kBoxes[b][0] ? &tB : &tA;
            tma_load_2d(smem_addr(sm) + (uint32_t)kBoxes[b][3], m, kBoxes[b][1], kBoxes[b][2], bar);
        }
    }
    uint32_t ok[NBOX];
    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0)
        for (int b = 0; b < NBOX; ++b) flags[b] = ok[b];
    __syncthreads();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
}
