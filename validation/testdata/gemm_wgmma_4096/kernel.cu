// gemm_wgmma: C[M,N] f32 = A[M,K] f16 x B[N,K]^T f16 ("TN": A and B both K-major), the sm90 CUTLASS
// warp-specialized pattern written by hand (inline PTX, no CUTLASS). Shared by gemm_wgmma_256,
// gemm_wgmma_512x256x512 and gemm_wgmma_4096 (the same kernel.cu / kernel.ptx; M, N, K are params).
// Tile 128 (M) x 128 (N) x 64 (K); grid [N/128, M/128, 1]; block 384 = 3 warpgroups:
//   warpgroup 0: producer; thread 0 alone loads, for k tile t (stage s = t % 3, pass k = t / 3):
//     waits empty[s] with parity (k & 1) ^ 1, arrive.expect_tx(full[s], 32768), then two
//     cp.async.bulk.tensor.2d loads: A rows [m0, +128) x k [64 t, +64) into sA[s], B rows [n0, +128)
//     x k [64 t, +64) into sB[s]. Both tensor maps use 128B swizzle with a 64 x 128 box (128-byte
//     rows), so a 16 KiB stage is the K-major SW128 canonical layout (8-row atoms of 1024 B).
//   warpgroups 1, 2: consumers; warpgroup g computes tile rows [64 (g-1), +64) x 128 columns: per k
//     tile wait full[s] (parity k & 1), wgmma.fence, 4 x wgmma.mma_async m64n128k16.f32.f16.f16 (SS;
//     descriptors: layout 1 = 128B swizzle, LBO 1, SBO 64 = 1024 B, start advanced by 32 B per k16),
//     commit_group, wait_group 0, then lane 0 of each warp arrives on empty[s] (count 8).
//   epilogue: accumulator element i of thread (w, l) of a consumer warpgroup is row
//     16 w + l / 4 + 8 ((i >> 1) & 1), column 8 (i >> 2) + 2 (l % 4) + (i & 1) (ptx-facts §1.4),
//     stored with plain st.global (v2.f32 pairs).
// Dynamic shared memory: 1024 (alignment slack) + 3 x 32768 + 64 (barriers) = 99392 bytes.
// Requires M, N multiples of 128 and K a multiple of 64.
#include <cuda.h>
#include <stdint.h>

#define STAGES 3
#define BM 128
#define BN 128
#define BK 64
#define TILE_A_BYTES (BM * BK * 2)
#define TILE_B_BYTES (BN * BK * 2)
#define STAGE_BYTES (TILE_A_BYTES + TILE_B_BYTES)

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
static __device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
static __device__ __forceinline__ void mbar_arrive(uint32_t bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
static __device__ __forceinline__ void mbar_wait(uint32_t bar, uint32_t parity)
{
    asm volatile("{\n\t.reg .pred p;\n"
                 "LAB_WAIT:\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"
                 "@p bra DONE;\n\t"
                 "bra LAB_WAIT;\n"
                 "DONE:\n\t}"
                 ::"r"(bar), "r"(parity) : "memory");
}
static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
// K-major, 128B swizzle: layout type 1 (bits 62-63), LBO 1 (ignored), SBO 64 (1024 B >> 4).
static __device__ __forceinline__ uint64_t desc_sw128(uint32_t addr)
{
    return (uint64_t)((addr & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)64 << 32) | ((uint64_t)1 << 62);
}
static __device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
static __device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
static __device__ __forceinline__ void wgmma_wait0() { asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory"); }

// D (64 f32 per thread) += A (64x16, desc) * B (128x16, desc)^T
static __device__ __forceinline__ void wgmma_m64n128k16(float* d, uint64_t da, uint64_t db)
{
    asm volatile(
        "{\n\t.reg .pred p;\n\t"
        "setp.ne.b32 p, %66, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
        "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
        "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
        "%64, %65, p, 1, 1, 0, 0;\n\t}"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
          "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
          "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
          "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
          "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
          "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
          "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
          "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
        : "l"(da), "l"(db), "r"(1)
        : "memory");
}

extern "C" __global__ void __launch_bounds__(384, 1) gemm_wgmma(const __grid_constant__ CUtensorMap tmA,
    const __grid_constant__ CUtensorMap tmB, float* __restrict__ C, uint32_t M, uint32_t N, uint32_t K)
{
    extern __shared__ __align__(1024) uint8_t smem_raw[];
    const uint32_t raw = smem_addr(smem_raw);
    const uint32_t base = (raw + 1023u) & ~1023u;          // 1024-aligned: swizzle atoms on natural boundaries
    const uint32_t sA = base;                               // STAGES x 16 KiB
    const uint32_t sB = base + STAGES * TILE_A_BYTES;       // STAGES x 16 KiB
    const uint32_t bars = base + STAGES * STAGE_BYTES;      // full[3], empty[3]
    const int tid = threadIdx.x, wg = tid >> 7;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int KT = K / BK;
    (void)M;
    if (tid == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbar_init(bars + 8 * s, 1);                 // full: the producer's arrive.expect_tx
            mbar_init(bars + 8 * (STAGES + s), 8);      // empty: lane 0 of each of the 8 consumer warps
        }
        fence_mbar_init();
    }
    __syncthreads();
    if (wg == 0) {
        if (tid == 0) {
            for (int t = 0; t < KT; ++t) {
                const int s = t % STAGES, k = t / STAGES;
                mbar_wait(bars + 8 * (STAGES + s), (k & 1) ^ 1);
                const uint32_t full = bars + 8 * s;
                mbar_arrive_expect_tx(full, STAGE_BYTES);
                tma_load_2d(sA + s * TILE_A_BYTES, &tmA, t * BK, m0, full);
                tma_load_2d(sB + s * TILE_B_BYTES, &tmB, t * BK, n0, full);
            }
        }
    } else {
        const int g = wg - 1, t128 = tid & 127, w = t128 >> 5, l = tid & 31;
        float acc[64];
#pragma unroll
        for (int i = 0; i < 64; ++i) acc[i] = 0.0f;
        for (int t = 0; t < KT; ++t) {
            const int s = t % STAGES, k = t / STAGES;
            mbar_wait(bars + 8 * s, k & 1);
            const uint32_t a0 = sA + s * TILE_A_BYTES + g * (64 * 128);
            const uint32_t b0 = sB + s * TILE_B_BYTES;
            wgmma_fence();
#pragma unroll
            for (int kk = 0; kk < BK / 16; ++kk)
                wgmma_m64n128k16(acc, desc_sw128(a0 + 32 * kk), desc_sw128(b0 + 32 * kk));
            wgmma_commit();
            wgmma_wait0();
            __syncwarp();
            if (l == 0) mbar_arrive(bars + 8 * (STAGES + s));
        }
        const int rbase = m0 + 64 * g + 16 * w + (l >> 2);
        const int cbase = n0 + 2 * (l & 3);
#pragma unroll
        for (int i = 0; i < 64; i += 2) {
            const int row = rbase + 8 * ((i >> 1) & 1);
            const int col = cbase + 8 * (i >> 2);
            *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(acc[i], acc[i + 1]);
        }
    }
}
