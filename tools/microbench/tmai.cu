// sm90sim microbenchmark family "tmai" (tools/microbench/gen13_tmaissue.py): the issue cost of a TMA
// load against its latency. One thread issues N = 1, 2, 4, 8 cp.async.bulk.tensor.2d loads back to back
// (fully unrolled, distinct boxes: load k reads rows k * box_rows .. of an f16 [4096][64] tensor into
// dsm + k * box_bytes), with a %clock64 stamp after each issue, then waits for the loads in order with a
// stamp after each wait.
//
// Kernels tmai_<mode>_n<N>: params (tensormap tm, u64 *clk, u32 *sink, s32 box_rows, u32 box_bytes)
//   sep: load k on its own mbarrier k (each armed with expect_tx(box_bytes) before t0);
//   one: all N loads on mbarrier 0 (armed with expect_tx(N * box_bytes)), one wait;
//   mc:  cluster of 2; rank 0 issues N .multicast::cluster loads (mask 0b11), load k on mbarrier k of both
//        CTAs (each CTA arms its own barriers, then a cluster barrier, then t0); both CTAs wait.
// Two reps (rep 0 brings the boxes into L2 and the descriptor into the TMA unit; rep 1 is warm).
// clk[cta][rep][16]: [k] = stamp after issue k - t0 (k < N; the issuing CTA only),
//                    [8 + k] = stamp after wait k - t0 (k < N; "one": k = 0 only).
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
__device__ __forceinline__ void tma_2d(unsigned dst, const void* tm, int c0, int c1, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
__device__ __forceinline__ void tma_2d_mc(unsigned dst, const void* tm, int c0, int c1, unsigned bar, unsigned short mask) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar), "h"(mask) : "memory");
}
__device__ __forceinline__ void cluster_sync() {
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
}

extern __shared__ __align__(1024) unsigned char dsm[];

enum { SEP = 0, ONE = 1, MC = 2 };

template <int N, int MODE>
__device__ __forceinline__ void tmai_body(const CUtensorMap* tm, unsigned long long* clk, unsigned* sink,
                                          int box_rows, unsigned box_bytes) {
    __shared__ __align__(8) unsigned long long bars[8];
    unsigned rank = 0;
    if (MODE == MC) asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (threadIdx.x == 0) {
#pragma unroll
        for (int k = 0; k < N; k++) mbar_init(smem_addr(&bars[k]), 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (MODE == MC) cluster_sync();
    const unsigned buf = smem_addr(dsm), bar0 = smem_addr(&bars[0]);
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        if (threadIdx.x == 0) {
            if (MODE == ONE) {
                expect_tx(bar0, N * box_bytes);
            } else {
#pragma unroll
                for (int k = 0; k < N; k++) expect_tx(bar0 + 8 * k, box_bytes);
            }
        }
        if (MODE == MC) cluster_sync();
        if (threadIdx.x == 0) {
            unsigned long long t[N], c[N];
            const unsigned long long t0 = mb_clock();
            if (MODE != MC || rank == 0) {
#pragma unroll
                for (int k = 0; k < N; k++) {
                    if (MODE == MC)
                        tma_2d_mc(buf + k * box_bytes, tm, 0, k * box_rows, bar0 + 8 * k, (unsigned short)3);
                    else
                        tma_2d(buf + k * box_bytes, tm, 0, k * box_rows, MODE == ONE ? bar0 : bar0 + 8 * k);
                    t[k] = mb_clock();
                }
            } else {
#pragma unroll
                for (int k = 0; k < N; k++) t[k] = t0;
            }
            if (MODE == ONE) {
                mbar_wait(bar0, rep & 1);
                c[0] = mb_clock();
            } else {
#pragma unroll
                for (int k = 0; k < N; k++) {
                    mbar_wait(bar0 + 8 * k, rep & 1);
                    c[k] = mb_clock();
                }
            }
            unsigned long long* o = clk + (blockIdx.x * 2 + rep) * 16;
#pragma unroll
            for (int k = 0; k < N; k++) o[k] = t[k] - t0;
#pragma unroll
            for (int k = 0; k < N; k++) o[8 + k] = (MODE == ONE && k > 0) ? 0 : c[k] - t0;
        }
        __syncthreads();
        if (MODE == MC) cluster_sync();
    }
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

#define TMAI(NAME, N, MODE)                                                                                 \
    extern "C" __global__ void NAME(const __grid_constant__ CUtensorMap tm, unsigned long long* clk,       \
                                    unsigned* sink, int box_rows, unsigned box_bytes) {                    \
        tmai_body<N, MODE>(&tm, clk, sink, box_rows, box_bytes);                                            \
    }
TMAI(tmai_sep_n1, 1, SEP)
TMAI(tmai_sep_n2, 2, SEP)
TMAI(tmai_sep_n4, 4, SEP)
TMAI(tmai_sep_n8, 8, SEP)
TMAI(tmai_one_n2, 2, ONE)
TMAI(tmai_one_n4, 4, ONE)
TMAI(tmai_one_n8, 8, ONE)
TMAI(tmai_mc_n1, 1, MC)
TMAI(tmai_mc_n2, 2, MC)
TMAI(tmai_mc_n4, 4, MC)
TMAI(tmai_mc_n8, 8, MC)
