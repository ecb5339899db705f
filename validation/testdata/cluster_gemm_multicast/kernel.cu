// cluster_gemm_multicast: C = A * B in f32 (fmaf, k in order) with TMA multicast in 2x2 clusters, the
// CUTLASS sm90 pattern without wgmma. A f32[256,64] (row-major, M x K), B f32[64,256] (K x N), C f32[256,256].
// Grid [4,4,1] (x: 64-column block n, y: 64-row block m), cluster [2,2,1], block 256. The CTA at cluster
// coordinates (cx, cy) (rank cx + 2 cy) loads, for each 16-deep k step s:
//   A rows [64 m + 32 cx, +32) x k [16 s, +16) into sA + 2048 cx bytes, multicast along N to the CTAs
//     of its cluster row (ctaMask 3 << 2 cy);
//   B k rows [16 s + 8 cy, +8) x columns [64 n, +64) into sB + 2048 cy bytes, multicast along M to the
//     CTAs of its cluster column (ctaMask 1 << cx | 1 << (cx + 2));
// so every CTA receives the full 64x16 A and 16x64 B tiles (8192 bytes expected on its one mbarrier,
// arrive.expect_tx by its thread 0, phase parity s & 1). barrier.cluster after each step keeps a peer
// from overwriting tiles still being read. Thread t computes C rows 4 (t / 16) .. +4, columns 4 (t % 16) .. +4.
// flags[blk] = 1 when every wait of every thread completed within the spin bound.
#include <cuda.h>
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ uint32_t cl_ctaid_x() { uint32_t r; asm volatile("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(r)); return r; }
static __device__ __forceinline__ uint32_t cl_ctaid_y() { uint32_t r; asm volatile("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(r)); return r; }
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
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
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 20); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}
static __device__ __forceinline__ void tma_load_2d_mc(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar, uint16_t mask)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%2, %3}], [%4], %5;"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar), "h"(mask) : "memory");
}
static __device__ __forceinline__ void cl_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); }
static __device__ __forceinline__ void cl_sync()
{
    asm volatile("barrier.cluster.arrive.aligned;\n\tbarrier.cluster.wait.aligned;" ::: "memory");
}

#define BK 16
extern "C" __global__ void __launch_bounds__(256) cluster_gemm_multicast(const __grid_constant__ CUtensorMap tA,
    const __grid_constant__ CUtensorMap tB, float* __restrict__ C, uint32_t* __restrict__ flags, int K, int N)
{
    __shared__ __align__(1024) float sA[64 * BK];
    __shared__ __align__(1024) float sB[BK * 64];
    __shared__ __align__(8) uint64_t bar;
    const uint32_t tid = threadIdx.x;
    const uint32_t cx = cl_ctaid_x(), cy = cl_ctaid_y();
    const uint32_t b = smem_addr(&bar);
    if (tid == 0) {
        mbar_init(b, 1);
        fence_mbar_init();
    }
    cl_arrive_relaxed();
    asm volatile("barrier.cluster.wait;" ::: "memory");
    const uint16_t maskA = (uint16_t)(3u << (2 * cy));
    const uint16_t maskB = (uint16_t)((1u << cx) | (1u << (cx + 2)));
    const int tx = tid % 16, ty = tid / 16;
    float acc[4][4] = {};
    uint32_t ok = 1;
    for (int s = 0; s < K / BK; ++s) {
        if (tid == 0) {
            mbar_arrive_expect_tx(b, 2 * 64 * BK * 4);
            tma_load_2d_mc(smem_addr(sA) + 2048 * cx, &tA, s * BK, blockIdx.y * 64 + 32 * cx, b, maskA);
            tma_load_2d_mc(smem_addr(sB) + 2048 * cy, &tB, blockIdx.x * 64, s * BK + 8 * cy, b, maskB);
        }
        ok &= mbar_wait_bounded(b, s & 1);
        for (int k = 0; k < BK; ++k) {
            float a[4], bb[4];
            for (int i = 0; i < 4; ++i) a[i] = sA[(ty * 4 + i) * BK + k];
            for (int j = 0; j < 4; ++j) bb[j] = sB[k * 64 + tx * 4 + j];
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], bb[j], acc[i][j]);
        }
        cl_sync();
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            C[(blockIdx.y * 64 + ty * 4 + i) * N + blockIdx.x * 64 + tx * 4 + j] = acc[i][j];
    ok = __syncthreads_and(ok);
    if (tid == 0) flags[blockIdx.y * gridDim.x + blockIdx.x] = ok;
}
