// tma7ld (family tma7ld, tools/microbench/gen7_tmald.py, helper tmald): what a
// loop of tma_mcast (tma.cu) spends besides the cluster barrier and the TMA
// load, each part taken out or changed alone.
//
// t7_mc<MODE> (extern "C" t7_mc0 .. t7_mc8, the mode a template argument so that
// each kernel's loop is straight code as in tma_mcast): params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                u32 box_bytes, s32 mode, s32 rows_total)   cluster [C,1,1]
// 128 threads per CTA; per iteration (rep 0 warms up, clk[cta][rep] = its cycles, thread 0):
//   mode 0: thread 0 expect_tx; barrier.cluster.arrive (.release) + wait; thread 0
//           loads the box (no multicast) into its CTA; every thread waits (tma_nomcast);
//   mode 1: as 0 with barrier.cluster.arrive.relaxed;
//   mode 2: as 0 without the cluster barrier;
//   mode 3: as 2, only thread 0 waits;
//   mode 4: as 0 without the load: thread 0 arrives on the mbarrier (count 1)
//           instead of expect_tx, the phase completes on that arrive;
//   mode 5: as 0 with fence.acq_rel.cluster in place of the barrier;
//   mode 6: as 0, only thread 0 waits;
//   mode 7: as 4 without the mbarrier (the barrier alone, thread 0 arrives on nothing);
//   mode 8: as 4, the arrive after the barrier.
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
__device__ __forceinline__ void mbar_arrive(unsigned bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
    asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                 :: "r"(bar), "r"(parity) : "memory");
}
__device__ __forceinline__ void tma_2d(unsigned dst, const void* tm, int c0, int c1, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

extern __shared__ __align__(1024) unsigned char dsm[];

template <int MODE>
__device__ __forceinline__ void t7_mc(const CUtensorMap* tm, unsigned long long* clk, unsigned* sink,
                                      int iters, int box_rows, unsigned box_bytes, int rows_total) {
    __shared__ __align__(8) unsigned long long bar_s;
    const unsigned bar = smem_addr(&bar_s), buf = smem_addr(dsm);
    if (threadIdx.x == 0) {
        mbar_init(bar, 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
    unsigned phase = 0;
    constexpr bool load = MODE != 4 && MODE != 7 && MODE != 8;
    constexpr bool all_wait = MODE != 3 && MODE != 6 && MODE != 7;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            if (threadIdx.x == 0) {
                if (load) expect_tx(bar, box_bytes);
                else if (MODE == 4) mbar_arrive(bar);
            }
            if (MODE == 0 || MODE == 4 || MODE == 6 || MODE == 7 || MODE == 8) {
                asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
            } else if (MODE == 1) {
                asm volatile("barrier.cluster.arrive.relaxed.aligned; barrier.cluster.wait.aligned;" ::: "memory");
            } else if (MODE == 5) {
                asm volatile("fence.acq_rel.cluster;" ::: "memory");
            }
            const int row = (i * box_rows) & (rows_total - 1);
            if (threadIdx.x == 0) {
                if (load) tma_2d(buf, tm, 0, row, bar);
                else if (MODE == 8) mbar_arrive(bar);
            }
            if (MODE != 7) {
                if (all_wait || threadIdx.x == 0) mbar_wait(bar, phase);
                phase ^= 1;
            }
        }
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[blockIdx.x * 2 + rep] = t1 - t0;
    }
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = load ? ((const unsigned*)dsm)[threadIdx.x] : 0u;
}

#define T7(M)                                                                                                      \
    extern "C" __global__ void t7_mc##M(const __grid_constant__ CUtensorMap tm, unsigned long long* clk,          \
                                        unsigned* sink, int iters, int box_rows, unsigned box_bytes, int mode,      \
                                        int rows_total) {                                                           \
        t7_mc<M>(&tm, clk, sink, iters, box_rows, box_bytes, rows_total);                                           \
    }
T7(0) T7(1) T7(2) T7(3) T7(4) T7(5) T7(6) T7(7) T7(8)
