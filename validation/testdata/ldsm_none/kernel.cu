// ldsm_none: ldmatrix .x1/.x2/.x4 with and without .trans over a swizzled (none) f16 tile.
// Tile: 64 x 64 f16, K-major (row m = 128 bytes), 1024-byte aligned; element (m, k) lives at byte
// swz(m*128 + 2*k) with swz = CuTe Swizzle<B,4,3> on byte offsets: off ^ ((off & (((1<<B)-1) << 7)) >> 3)
// (B = 0 none, 1 = 32B, 2 = 64B, 3 = 128B).
// Warp w (4 warps) owns rows 16w..16w+15: 16 8x8 matrices ("slots") s = 0..15, slot s = rows
// 16w + 8*(s&1) .. +7, 16-byte chunk s>>1. Instruction i of an .xN variant covers slots N*i .. N*i+N-1;
// lane l gives the row address of matrix j = (l/8) % N, row l%8 of slot N*i + j (lanes >= 8N repeat
// the addresses of lane l % (8N)). Variants v: 0 x1, 1 x2, 2 x4, 3 x1.trans, 4 x2.trans, 5 x4.trans;
// each variant covers the warp's 16 slots (16/N instructions, N registers each = 16 registers per lane).
// The tile is filled from `tin` (512 16-byte chunks, chunk q = row q/8, chunk q%8 of that row) with st.shared.v4.
// Output: frag u32[128 threads][6 variants][16]: register q of instruction i of variant v at [tid][v][N*i + q].
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

#define SWZ_B 0
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

extern "C" __global__ void __launch_bounds__(128) ldsm_none(const uint4* __restrict__ tin, uint32_t* __restrict__ frag)
{
    __shared__ __align__(1024) uint8_t tile[64 * 128];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    for (int q = tid; q < 512; q += 128) *reinterpret_cast<uint4*>(tile + swz((uint32_t)q * 16)) = tin[q];
    __syncthreads();
    const uint32_t base = smem_addr(tile);
    uint32_t* o = frag + tid * 96;
    // variant 0: .x1
#pragma unroll
    for (int i = 0; i < 16 / 1; ++i) {
        uint32_t r[1];
        const uint32_t a = base + row_off(warp, 1 * i + (lane / 8) % 1, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 1; ++q) o[0 * 16 + 1 * i + q] = r[q];
    }
    // variant 1: .x2
#pragma unroll
    for (int i = 0; i < 16 / 2; ++i) {
        uint32_t r[2];
        const uint32_t a = base + row_off(warp, 2 * i + (lane / 8) % 2, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 2; ++q) o[1 * 16 + 2 * i + q] = r[q];
    }
    // variant 2: .x4
#pragma unroll
    for (int i = 0; i < 16 / 4; ++i) {
        uint32_t r[4];
        const uint32_t a = base + row_off(warp, 4 * i + (lane / 8) % 4, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 4; ++q) o[2 * 16 + 4 * i + q] = r[q];
    }
    // variant 3: .x1.trans
#pragma unroll
    for (int i = 0; i < 16 / 1; ++i) {
        uint32_t r[1];
        const uint32_t a = base + row_off(warp, 1 * i + (lane / 8) % 1, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 1; ++q) o[3 * 16 + 1 * i + q] = r[q];
    }
    // variant 4: .x2.trans
#pragma unroll
    for (int i = 0; i < 16 / 2; ++i) {
        uint32_t r[2];
        const uint32_t a = base + row_off(warp, 2 * i + (lane / 8) % 2, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 2; ++q) o[4 * 16 + 2 * i + q] = r[q];
    }
    // variant 5: .x4.trans
#pragma unroll
    for (int i = 0; i < 16 / 4; ++i) {
        uint32_t r[4];
        const uint32_t a = base + row_off(warp, 4 * i + (lane / 8) % 4, lane);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < 4; ++q) o[5 * 16 + 4 * i + q] = r[q];
    }
}
