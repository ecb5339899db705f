// tma_struct_load: a 512-byte by-value struct param (.param .align 128 .b8 [512]) holding three tensor maps
// and a u32 tag; thread 0 issues one 2D TMA load through each map (generic addresses &p.m0, &p.m1,
// &p.m2 of the param) into 1 KiB slots of sm (pre-filled with the sentinel 0xEEEE0000 | word).
//   m0: a u32[20][72] dims [72, 20] box [32, 8], loaded at (8, 4) -> slot 0
//   m1: b f16[16][128] dims [128, 16] box [64, 8] swizzle 128B, loaded at (64, 3) -> slot 1
//   m2: a again, dims [72, 20] box [16, 4], loaded at (64, 18) (clipped) -> slot 2
// Outputs: img u32[768] the shared image, flags u32[4]: [0..2] 1 when box i's barrier completed,
// [3] the struct's tag.
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

extern "C" __global__ void __launch_bounds__(128) tma_struct_load(const __grid_constant__ Maps p,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[768];
    __shared__ __align__(8) uint64_t bars[3];
    const int tid = threadIdx.x;
    for (int i = tid; i < 768; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {
        for (int b = 0; b < 3; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        mbar_arrive_expect_tx(smem_addr(&bars[0]), 1024);
        tma_load_2d(smem_addr(sm), &p.m0, 8, 4, smem_addr(&bars[0]));
        mbar_arrive_expect_tx(smem_addr(&bars[1]), 1024);
        tma_load_2d(smem_addr(sm) + 1024, &p.m1, 64, 3, smem_addr(&bars[1]));
        mbar_arrive_expect_tx(smem_addr(&bars[2]), 256);
        tma_load_2d(smem_addr(sm) + 2048, &p.m2, 64, 18, smem_addr(&bars[2]));
    }
    uint32_t ok[3];
    for (int b = 0; b < 3; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0) {
        for (int b = 0; b < 3; ++b) flags[b] = ok[b];
        flags[3] = p.tag;
    }
    __syncthreads();
    for (int i = tid; i < 768; i += blockDim.x) img[i] = sm[i];
}
