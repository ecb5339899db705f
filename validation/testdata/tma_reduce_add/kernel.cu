// tma_reduce_add: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group on u32 and f32.
// Map tU covers ou u32[12][40] (iota): dims [40, 12], box [16, 4]; SU (16x4 u32) = 1000 * (i + 1).
// Map tF covers of f32[12][40] (iota, exact integers): dims [40, 12], box [16, 4];
// SF (16x4 f32) = (i + 1) * 0.25 (every sum is exact, so the order of the atomic adds cannot show).
// Each map gets reduce-adds at (0, 0), (8, 2) (overlapping the first), (32, 10) (clipped right and
// bottom) and (28, 0) (clipped right), all in one bulk group, then wait_group 0; then again
// at (0, 0) in a second group. flags u32[2]: [0] 1 at the end.
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

static __device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait_read0() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait1() { asm volatile("cp.async.bulk.wait_group 1;" ::: "memory"); }
static __device__ __forceinline__ void tma_store_2d(const void* m, int c0, int c1, uint32_t src)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory");
}
#define TMA_RED_2D(OP) \
static __device__ __forceinline__ void tma_##OP##_2d(const void* m, int c0, int c1, uint32_t src) \
{ \
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta." #OP ".tile.bulk_group [%0, {%1, %2}], [%3];" \
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory"); \
}
TMA_RED_2D(add)
TMA_RED_2D(min)
TMA_RED_2D(max)
static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

extern "C" __global__ void __launch_bounds__(128) tma_reduce_add(const __grid_constant__ CUtensorMap tU,
    const __grid_constant__ CUtensorMap tF, uint32_t* __restrict__ flags)
{
    __shared__ __align__(128) uint32_t su[16 * 4];
    __shared__ __align__(128) float sf[16 * 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < 16 * 4; i += blockDim.x) {
        su[i] = 1000u * (i + 1);
        sf[i] = (float)(i + 1) * 0.25f;
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        const int c[4][2] = {{0, 0}, {8, 2}, {32, 10}, {28, 0}};
        for (int k = 0; k < 4; ++k) {
            tma_add_2d(&tU, c[k][0], c[k][1], smem_addr(su));
            tma_add_2d(&tF, c[k][0], c[k][1], smem_addr(sf));
        }
        bulk_commit();
        bulk_wait0();
        tma_add_2d(&tU, 0, 0, smem_addr(su));
        tma_add_2d(&tF, 0, 0, smem_addr(sf));
        bulk_commit();
        bulk_wait0();
        flags[0] = 1;
    }
}
