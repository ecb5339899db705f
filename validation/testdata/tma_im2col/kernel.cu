// tma_im2col: im2col-mode TMA loads (cp.async.bulk.tensor.{3d,4d}.shared::cluster.global.im2col
// .mbarrier::complete_tx::bytes with u16 im2col offsets), maps from cuTensorMapEncodeIm2col.
//   x4 u32 NHWC [2][6][7][16] = iota (element (n,h,w,c) holds ((n*6 + h)*7 + w)*16 + c)
//   t4:  dims [16, 7, 6, 2], pixel box lower (W,H) = (-1,-1), upper (-1,-1), channels/pixel 8,
//        pixels/column 32 (a 3x3 filter with padding 1: 7x6 output pixels per image)
//   t4s: the same tensor with element strides [1, 2, 2, 1], channels/pixel 16, pixels/column 16
//   x3 u32 NWC [3][20][8] = iota; t3: dims [8, 20, 3], lower (W) = -2, upper 0, channels/pixel 8,
//        pixels/column 16
// kBoxes rows: {map (0 t4, 1 t4s, 2 t3), c, w, h|n, n|0, offset W, offset H, byte offset in sm, tx bytes};
// coordinates are innermost first (C, W, H, N for 4D; C, W, N for 3D). One CTA of 128 threads; shared
// memory pre-filled with the sentinel 0xEEEE0000 | word; box i lands at byte 1024*i; expect_tx is
// pixels/column x channels/pixel x 4.
// Outputs: img u32[2560] raw shared image, flags u32[10] (1 = box i's barrier completed).
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

#define NBOX 10
#define SMEM_BYTES 10240
__constant__ int kBoxes[NBOX][9] = {
    {0, 0, -1, -1, 0, 0, 0, 0, 1024},
    {0, 8, -1, -1, 0, 2, 2, 1024, 1024},
    {0, 0, 2, 3, 0, 1, 0, 2048, 1024},
    {0, 8, 0, 4, 1, 1, 2, 3072, 1024},
    {0, 0, 5, -1, 0, 0, 1, 4096, 1024},
    {1, 0, -1, -1, 0, 0, 0, 5120, 1024},
    {1, 0, 1, 1, 1, 1, 1, 6144, 1024},
    {2, 0, -2, 0, 0, 0, 0, 7168, 512},
    {2, 0, 10, 1, 0, 3, 0, 8192, 512},
    {2, 0, 15, 2, 0, 2, 0, 9216, 512}
};

static __device__ __forceinline__ void load4(uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"
                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(bar),
                   "h"((unsigned short)c[4]), "h"((unsigned short)c[5]) : "memory");
}
static __device__ __forceinline__ void load3(uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4}], [%5], {%6};"
                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar),
                   "h"((unsigned short)c[4]) : "memory");
}

extern "C" __global__ void __launch_bounds__(128) tma_im2col(const __grid_constant__ CUtensorMap t4,
    const __grid_constant__ CUtensorMap t4s, const __grid_constant__ CUtensorMap t3,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        for (int b = 0; b < NBOX; ++b) {
            const int* r = kBoxes[b];
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)r[8]);
            const uint32_t dst = smem_addr(sm) + (uint32_t)r[7];
            if (r[0] == 2)
                load3(dst, &t3, r + 1, bar);
            else
                load4(dst, r[0] ? (const void*)&t4s : (const void*)&t4, r + 1, bar);
        }
    }
    uint32_t ok[NBOX];
    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0)
        for (int b = 0; b < NBOX; ++b) flags[b] = ok[b];
    __syncthreads();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
}
