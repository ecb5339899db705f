// tma_struct_store: the 512-byte struct param of tma_struct_load used for every direction:
//   m0 (load):   a u32[20][72] dims [72, 20] box [32, 8]: box (32, 12) loaded into S (32x8 u32)
//   m1 (store):  o u32[20][72] (iota) dims [72, 20] box [32, 8]: S stored at (8, 4) and (48, 16) (clipped)
//   m2 (reduce): r u32[12][40] (iota) dims [40, 12] box [16, 4]: T (16x4 u32 = 7 * (i + 1)) added at
//                (0, 0), (24, 8) and (32, 10) (clipped)
// bulk groups: the two stores in one group and the reduces in another, wait_group 0.
// flags u32[4]: [0] 1 when the load's barrier completed, [1] 1 at the end, [2] the tag.
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

struct Maps {
    CUtensorMap m0;     // offset 0
    CUtensorMap m1;     // offset 128
    CUtensorMap m2;     // offset 256
    uint32_t tag;       // offset 384; sizeof = 512 (CUtensorMap is 128-byte aligned in CUDA 13)
};

extern "C" __global__ void __launch_bounds__(128) tma_struct_store(const __grid_constant__ Maps p,
    uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t s[32 * 8];
    __shared__ __align__(128) uint32_t t[16 * 4];
    __shared__ __align__(8) uint64_t bar;
    const int tid = threadIdx.x;
    for (int i = tid; i < 16 * 4; i += blockDim.x) t[i] = 7u * (i + 1);
    if (tid == 0) {
        mbar_init(smem_addr(&bar), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        mbar_arrive_expect_tx(smem_addr(&bar), 1024);
        tma_load_2d(smem_addr(s), &p.m0, 32, 12, smem_addr(&bar));
    }
    const uint32_t ok = mbar_wait_bounded(smem_addr(&bar), 0);
    __syncthreads();
    if (tid == 0) {
        tma_store_2d(&p.m1, 8, 4, smem_addr(s));
        tma_store_2d(&p.m1, 48, 16, smem_addr(s));
        bulk_commit();
        tma_add_2d(&p.m2, 0, 0, smem_addr(t));
        tma_add_2d(&p.m2, 24, 8, smem_addr(t));
        tma_add_2d(&p.m2, 32, 10, smem_addr(t));
        bulk_commit();
        bulk_wait0();
        flags[0] = ok;
        flags[1] = 1;
        flags[2] = p.tag;
    }
}
