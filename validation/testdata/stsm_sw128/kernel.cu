// stsm_sw128: stmatrix .x1/.x2/.x4 with and without .trans into a swizzled (sw128) f16 tile.
// Tile: 64 x 64 f16, K-major (row m = 128 bytes), 1024-byte aligned; element (m, k) lives at byte
// swz(m*128 + 2*k) with swz = CuTe Swizzle<B,4,3> on byte offsets: off ^ ((off & (((1<<B)-1) << 7)) >> 3)
// (B = 0 none, 1 = 32B, 2 = 64B, 3 = 128B).
// Warp w (4 warps) owns rows 16w..16w+15: 16 8x8 matrices ("slots") s = 0..15, slot s = rows
// 16w + 8*(s&1) .. +7, 16-byte chunk s>>1. Instruction i of an .xN variant covers slots N*i .. N*i+N-1;
// lane l gives the row address of matrix j = (l/8) % N, row l%8 of slot N*i + j (lanes >= 8N repeat
// the addresses of lane l % (8N)). Variants v: 0 x1, 1 x2, 2 x4, 3 x1.trans, 4 x2.trans, 5 x4.trans;
// each variant covers the warp's 16 slots (16/N instructions, N registers each = 16 registers per lane).
// Registers come from `fr` u32[6][128][16] (register q of instruction i of variant v for thread tid at
// [v][tid][N*i + q]). Before each variant the tile is filled with the sentinel 0xCDCD0000 | word index;
// after it the raw tile (8 KiB, swizzled layout) goes to img[v].
// Output: img u32[6][2048].
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

#define SWZ_B 3
static __device__ __forceinline__ uint32_t swz(uint32_t off)
{
    return off ^ ((off & (((1u << SWZ_B) - 1u) << 7)) >> 3);
}
// byte offset (unswizzled address -> swizzled) of the row that lane `lane` supplies for slot `slot`
static __device__ __forceinline__ uint32_t row_off(int warp, int slot, int lane)
{
    const int row = 16 * warp + 8 * (slot & 1) + (lane & 7);
    return swz((uint32_t)(row * 128 + (slot >> 1) * 16));
}

static __device__ __forceinline__ void fill_sentinel(uint8_t* tile, int tid)
{
    for (int i = tid; i < 512; i += 128) {
        const uint32_t w = 4u * i;
        *reinterpret_cast<uint4*>(tile + 16 * i) =
            make_uint4(0xCDCD0000u | w, 0xCDCD0000u | (w + 1), 0xCDCD0000u | (w + 2), 0xCDCD0000u | (w + 3));
    }
}
static __device__ __forceinline__ void dump(const uint8_t* tile, uint32_t* dst, int tid)
{
    for (int i = tid; i < 512; i += 128) reinterpret_cast<uint4*>(dst)[i] = reinterpret_cast<const uint4*>(tile)[i];
}

extern "C" __global__ void __launch_bounds__(128) stsm_sw128(const uint32_t* __restrict__ fr, uint32_t* __restrict__ img)
{
    __shared__ __align__(1024) uint8_t tile[64 * 128];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    const uint32_t base = smem_addr(tile);
    // variant 0: .x1
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 1; ++i) {
        uint32_t r[1];
#pragma unroll
        for (int q = 0; q < 1; ++q) r[q] = fr[(0 * 128 + tid) * 16 + 1 * i + q];
        const uint32_t a = base + row_off(warp, 1 * i + (lane / 8) % 1, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(r[0]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 0 * 2048, tid);
    __syncthreads();
    // variant 1: .x2
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 2; ++i) {
        uint32_t r[2];
#pragma unroll
        for (int q = 0; q < 2; ++q) r[q] = fr[(1 * 128 + tid) * 16 + 2 * i + q];
        const uint32_t a = base + row_off(warp, 2 * i + (lane / 8) % 2, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a), "r"(r[0]), "r"(r[1]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 1 * 2048, tid);
    __syncthreads();
    // variant 2: .x4
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 4; ++i) {
        uint32_t r[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) r[q] = fr[(2 * 128 + tid) * 16 + 4 * i + q];
        const uint32_t a = base + row_off(warp, 4 * i + (lane / 8) % 4, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 2 * 2048, tid);
    __syncthreads();
    // variant 3: .x1.trans
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 1; ++i) {
        uint32_t r[1];
#pragma unroll
        for (int q = 0; q < 1; ++q) r[q] = fr[(3 * 128 + tid) * 16 + 1 * i + q];
        const uint32_t a = base + row_off(warp, 1 * i + (lane / 8) % 1, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a), "r"(r[0]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 3 * 2048, tid);
    __syncthreads();
    // variant 4: .x2.trans
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 2; ++i) {
        uint32_t r[2];
#pragma unroll
        for (int q = 0; q < 2; ++q) r[q] = fr[(4 * 128 + tid) * 16 + 2 * i + q];
        const uint32_t a = base + row_off(warp, 2 * i + (lane / 8) % 2, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(a), "r"(r[0]), "r"(r[1]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 4 * 2048, tid);
    __syncthreads();
    // variant 5: .x4.trans
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / 4; ++i) {
        uint32_t r[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) r[q] = fr[(5 * 128 + tid) * 16 + 4 * i + q];
        const uint32_t a = base + row_off(warp, 4 * i + (lane / 8) % 4, lane);
        asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
    }
    __syncthreads();
    dump(tile, img + 5 * 2048, tid);
    __syncthreads();
}
