// sm90sim microbenchmark family "tmah" (tools/microbench/gen14_tmahold.py): the hold a TMA load puts on
// its warp in the code shape of the CuTe tutorial GEMM (cute/tutorial/hopper/wgmma_tma_sm90.cu): thread 0
// of a 128-thread CTA (a divergent branch) issues N cp.async.bulk.tensor.2d loads with .L2::cache_hint
// straight-line, with NO %clock64 stamp between them (ptxas wraps each in its own ELECT loop), against
// family tmai's stamp after every load.
//
// Kernels tmah_<mode>_n<N>[_nohint|_elect] (_elect: the producer is warp 0's elect.sync lane, as in CuTe,
// and ptxas emits no ELECT loop around the loads): params (tensormap tm, u64 *clk, u32 *sink, s32 box_rows, u32 box_bytes)
//   blk: N loads on mbarrier 0 (expect_tx of N boxes before t0); stamp after the last issue, after the wait;
//   stp: the same with a stamp after every issue (tmai's shape in this CTA; [1] the first);
//   stg: 3 stages of N/3 loads, each stage an arrive.expect_tx on its own mbarrier then its loads (the CuTe
//        prologue); stamp after the last issue, then after each stage's wait;
//   ovl: blk in warp 0 of a 256-thread CTA while warps 1..7 run 4 independent fma.rn.f32 chains (512 steps
//        each); warps 4 (warp 0's sub-partition) and 5 stamp their loop; N = 0 is the control.
// Load k reads rows k * box_rows .. of an f16 [4096][64] tensor into dsm + k * box_bytes. Two reps (rep 0
// warms L2 and the descriptor; rep 1 is the figure). clk[rep][16] (one CTA):
//   [0] stamp after the last issue - t0; [1] stamp after the first issue - t0 (stp only);
//   [2..4] stamp after the wait of mbarrier 0..2 - t0 (blk/stp/ovl: [2] only);
//   [5] warp 4's loop cycles, [6] warp 5's (ovl only); [7] the sum of stp's stamps (keeps them).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void expect_tx(unsigned bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
    asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                 :: "r"(bar), "r"(parity) : "memory");
}
// CUTLASS's / CuTe's elect_one_sync(): one lane of the warp; ptxas then issues a TMA load under it
// without an ELECT loop (cuobjdump of cute_wgmma_tma_nt: 128 UTMALDG, no BRA.U.ANY)
__device__ __forceinline__ bool elect_one() {
    unsigned pred = 0;
    asm volatile("{.reg .b32 rx; .reg .pred px; elect.sync rx|px, 0xffffffff; @px mov.s32 %0, 1;}" : "+r"(pred));
    return pred != 0;
}
template <int HINT>
__device__ __forceinline__ void tma_2d(unsigned dst, const void* tm, int c0, int c1, unsigned bar) {
    if (HINT)
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
                     " [%0], [%1, {%2, %3}], [%4], %5;"
                     ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar), "l"(0x1000000000000000ull) : "memory");
    else
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];" ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

extern __shared__ __align__(1024) unsigned char dsm[];

enum { BLK = 0, STP = 1, STG = 2, OVL = 3 };

template <int N, int MODE, int HINT, int ELECT>
__device__ __forceinline__ void tmah_body(const CUtensorMap* tm, unsigned long long* clk, unsigned* sink,
                                          int box_rows, unsigned box_bytes) {
    __shared__ __align__(8) unsigned long long bars[3];
    constexpr int G = MODE == STG ? 3 : 1, PER = N / G;
    if (threadIdx.x == 0) {
#pragma unroll
        for (int g = 0; g < G; g++) mbar_init(smem_addr(&bars[g]), 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    const unsigned buf = smem_addr(dsm), bar0 = smem_addr(&bars[0]);
    float a0 = threadIdx.x, a1 = a0 + 1.f, a2 = a0 + 2.f, a3 = a0 + 3.f;
    // the producer: thread 0, or (ELECT) the CuTe kernel's lane_predicate = elect_one_sync() (every thread,
    // before the branch), then if (warp_idx == 0 && lane_predicate): PTX elect.sync, setp, and.pred, not.pred
    // and a branch over the producer's block. (Calling elect_one() inside the && puts elect.sync behind a
    // branch; the predicate then joins two paths and ptxas keeps the ELECT loops: session 11, first try.)
    const int warp = __shfl_sync(0xffffffff, threadIdx.x / 32, 0);
    const bool lane_pred = ELECT ? elect_one() : false;
    const bool prod = ELECT ? (warp == 0 && lane_pred) : threadIdx.x == 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long* o = clk + rep * 16;
        if (prod && MODE != STG && N > 0) expect_tx(bar0, N * box_bytes);
        __syncthreads();
        if (prod) {
            unsigned long long t1 = 0, acc = 0, c[G];
            const unsigned long long t0 = mb_clock();
#pragma unroll
            for (int g = 0; g < G; g++) {
                if (MODE == STG) expect_tx(bar0 + 8 * g, PER * box_bytes);
#pragma unroll
                for (int j = 0; j < PER; j++) {
                    const int k = g * PER + j;
                    tma_2d<HINT>(buf + k * box_bytes, tm, 0, k * box_rows, bar0 + 8 * g);
                    if (MODE == STP) {
                        const unsigned long long tk = mb_clock();
                        if (k == 0) t1 = tk;
                        acc += tk;
                    }
                }
            }
            const unsigned long long te = mb_clock();
            if (N > 0) {
#pragma unroll
                for (int g = 0; g < G; g++) {
                    mbar_wait(bar0 + 8 * g, rep & 1);
                    c[g] = mb_clock();
                }
            }
            o[0] = te - t0;
            o[1] = MODE == STP ? t1 - t0 : 0;
            o[7] = acc;
#pragma unroll
            for (int g = 0; g < G; g++) o[2 + g] = N > 0 ? c[g] - t0 : 0;
        } else if (MODE == OVL && threadIdx.x >= 32) {
            const float m = 0.999f, b = 0.5f;
            const unsigned long long s0 = mb_clock();
#pragma unroll 4
            for (int i = 0; i < 512; i++) {
                asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a0) : "f"(m), "f"(b));
                asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a1) : "f"(m), "f"(b));
                asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a2) : "f"(m), "f"(b));
                asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(a3) : "f"(m), "f"(b));
            }
            const unsigned long long s1 = mb_clock();
            if (threadIdx.x == 128) o[5] = s1 - s0;
            if (threadIdx.x == 160) o[6] = s1 - s0;
        }
        __syncthreads();
    }
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
    else if (MODE == OVL && (threadIdx.x & 31) == 0) sink[32 + threadIdx.x / 32] = __float_as_uint(a0 + a1 + a2 + a3);
}

#define TMAH(NAME, N, MODE, HINT) TMAHE(NAME, N, MODE, HINT, 0)
#define TMAHE(NAME, N, MODE, HINT, ELECT)                                                                           \
    extern "C" __global__ void NAME(const __grid_constant__ CUtensorMap tm, unsigned long long* clk,       \
                                    unsigned* sink, int box_rows, unsigned box_bytes) {                    \
        tmah_body<N, MODE, HINT, ELECT>(&tm, clk, sink, box_rows, box_bytes);                                      \
    }
TMAH(tmah_blk_n8, 8, BLK, 1)
TMAH(tmah_blk_n32, 32, BLK, 1)
TMAH(tmah_blk_n32_nohint, 32, BLK, 0)
TMAH(tmah_stp_n32, 32, STP, 1)
TMAH(tmah_stg_n96, 96, STG, 1)
TMAH(tmah_stg_n6, 6, STG, 1)
TMAH(tmah_ovl_n0, 0, OVL, 1)
TMAH(tmah_ovl_n32, 32, OVL, 1)
TMAHE(tmah_blk_n8_elect, 8, BLK, 1, 1)
TMAHE(tmah_blk_n32_elect, 32, BLK, 1, 1)
TMAHE(tmah_stp_n32_elect, 32, STP, 1, 1)
TMAHE(tmah_stg_n96_elect, 96, STG, 1, 1)
TMAHE(tmah_stg_n6_elect, 6, STG, 1, 1)
TMAHE(tmah_ovl_n32_elect, 32, OVL, 1, 1)
