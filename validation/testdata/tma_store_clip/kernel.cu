// tma_store_clip: TMA tile stores shared::cta -> global (cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group)
// with bulk async-groups (commit_group, wait_group.read 0, wait_group 1, wait_group 0).
// One CTA of 128 threads; thread 0 issues every bulk operation. The map tS (by-value param) covers
// o u32[20][72] (pre-filled with iota, so elements a store skips keep their index): dims [72, 20], box [32, 8].
// S (32x8 u32, 1024-aligned) holds 0x10000000 + i, and is stored
//   group 1: at (0, 0); wait_group 0
//   group 2: at (8, 4) (overlaps group 1: written later); wait_group 0
//   group 3: at (56, 16) (clipped right and bottom), (48, 0) (clipped right), (0, 16) (clipped bottom)
//            and (100, 100) (wholly outside: writes nothing), then wait_group.read 0 (the source may be reused)
// then every thread rewrites S to 0x20000000 + i, fence.proxy.async.shared::cta, and
//   group 4: at (36, 8) (clipped at no edge); group 5: at (72, 12) (wholly right of the tensor);
//   wait_group 1, then wait_group 0.
// flags u32[4]: [0] 1 after the last wait_group 0, [1] the tag param.
// No coordinate is negative: an H200 faults (ILLEGAL_INSTRUCTION) on TMA stores and reductions at
// negative coordinates (tools/record/tma_store_probe.cu), so only the high edges can clip.
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

extern "C" __global__ void __launch_bounds__(128) tma_store_clip(const __grid_constant__ CUtensorMap tS,
    uint32_t tag, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t s[32 * 8];
    const int tid = threadIdx.x;
    for (int i = tid; i < 32 * 8; i += blockDim.x) s[i] = 0x10000000u + i;
    fence_proxy_async_smem();   // generic writes -> visible to the async proxy (TMA reads)
    __syncthreads();
    if (tid == 0) {
        tma_store_2d(&tS, 0, 0, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&tS, 8, 4, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&tS, 56, 16, smem_addr(s));
        tma_store_2d(&tS, 48, 0, smem_addr(s));
        tma_store_2d(&tS, 0, 16, smem_addr(s));
        tma_store_2d(&tS, 100, 100, smem_addr(s));
        bulk_commit();
        bulk_wait_read0();
    }
    __syncthreads();
    for (int i = tid; i < 32 * 8; i += blockDim.x) s[i] = 0x20000000u + i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        tma_store_2d(&tS, 36, 8, smem_addr(s));
        bulk_commit();
        tma_store_2d(&tS, 72, 12, smem_addr(s));
        bulk_commit();
        bulk_wait1();
        bulk_wait0();
        flags[0] = 1;
        flags[1] = tag;
    }
}
