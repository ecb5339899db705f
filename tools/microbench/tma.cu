// sm90sim microbenchmark family "tma": TMA (cp.async.bulk.tensor.2d) load
// latency and throughput by box size and swizzle, and multicast in clusters.
//
// Tensor: f16 [rows_total][64] (128-byte rows), zeros; the box is [inner,
// box_rows] with inner = the swizzle span (none/128B: 64 f16, 64B: 32, 32B: 16).
//
// tma_load: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                   u32 box_bytes, s32 stages, s32 rows_total)
// Thread 0 keeps `stages` loads in flight (each on its own mbarrier and smem
// buffer of box_bytes; dynamic shared memory = stages * box_bytes): load i goes
// to stage i % stages, waiting first for load i - stages. Load i reads rows
// ((i + blockIdx.x * iters) * box_rows) mod rows_total (a power of two: a mask,
// so the issuing loop has no division).
// stages 1: latency (issue -> complete_tx -> wake) per load = clk[1] / iters;
// stages > 1: throughput, bytes per cycle = iters * box_bytes / clk[1].
// clk[cta][rep] (rep 0 warm-up: also brings the tensor into L2).
//
// tma_mcast: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                    u32 box_bytes, s32 multicast, s32 rows_total)   cluster [C,1,1]
// One load per iteration into every CTA of the cluster: each CTA arms its
// barrier (arrive.expect_tx), a cluster barrier, then multicast = 1: rank 0
// issues one .multicast::cluster load to all C CTAs; multicast = 0: every CTA
// issues its own load of the same box (the baseline); all wait. Per iteration:
// clk[cta][1] / iters = cluster barrier + load latency.
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

extern __shared__ __align__(1024) unsigned char dsm[];

extern "C" __global__ void tma_load(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                    int iters, int box_rows, unsigned box_bytes, int stages, int rows_total) {
    __shared__ __align__(8) unsigned long long bars[8];
    if (threadIdx.x == 0) {
        for (int s = 0; s < stages; s++) mbar_init(smem_addr(&bars[s]), 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned buf = smem_addr(dsm), bar0 = smem_addr(&bars[0]);
        unsigned phases = 0;
        const int nin = iters < stages ? iters : stages;
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            unsigned long long t0 = mb_clock();
            int s = 0;
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                const unsigned bar = bar0 + 8 * s;
                if (i >= stages) {
                    mbar_wait(bar, (phases >> s) & 1);
                    phases ^= 1u << s;
                }
                expect_tx(bar, box_bytes);
                const int row = ((i + (int)blockIdx.x * iters) * box_rows) & (rows_total - 1);   // rows_total: a power of two
                tma_2d(buf + s * box_bytes, &tm, 0, row, bar);
                if (++s == stages) s = 0;
            }
#pragma unroll 1
            for (int j = iters - nin; j < iters; j++) {
                const int sj = j % stages;
                mbar_wait(bar0 + 8 * sj, (phases >> sj) & 1);
                phases ^= 1u << sj;
            }
            unsigned long long t1 = mb_clock();
            clk[blockIdx.x * 2 + rep] = t1 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

extern "C" __global__ void tma_mcast(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                     int iters, int box_rows, unsigned box_bytes, int multicast, int rows_total) {
    __shared__ __align__(8) unsigned long long bar_s;
    unsigned rank, nrank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
    const unsigned bar = smem_addr(&bar_s), buf = smem_addr(dsm);
    if (threadIdx.x == 0) {
        mbar_init(bar, 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
    unsigned phase = 0;
    const unsigned short mask = (unsigned short)((1u << nrank) - 1);
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            if (threadIdx.x == 0) expect_tx(bar, box_bytes);
            asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
            const int row = (i * box_rows) & (rows_total - 1);
            if (threadIdx.x == 0) {
                if (multicast) {
                    if (rank == 0) tma_2d_mc(buf, &tm, 0, row, bar, mask);
                } else {
                    tma_2d(buf, &tm, 0, row, bar);
                }
            }
            mbar_wait(bar, phase);
            phase ^= 1;
        }
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[blockIdx.x * 2 + rep] = t1 - t0;
    }
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
