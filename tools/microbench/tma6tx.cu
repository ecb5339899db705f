// tma6tx (family tma6, tools/microbench/gen6_tma.py): mbarrier.complete_tx and
// test_wait.parity back to back on one mbarrier whose phase never completes
// (expect_tx 1000000 first), the loop of tma_load_interleave-style probes.
// t6_txloop: params (u64 *clk, u32 *sink, s32 iters, s32 mode, s32 lanes)
// One warp; lanes 0..lanes-1 (lanes 1: lane 0 alone, a divergent branch) run,
// per rep (2), `iters` steps of
//   mode 0: test_wait.parity -> selp; stop if it passed; complete_tx 1
//           (the compiler unrolls this 4x, as in tma_load_interleave);
//   mode 1: complete_tx 1 (nothing read back);
//   mode 2: test_wait.parity -> selp -> add into a sum;
//   mode 3: as mode 0, unrolled 4x by #pragma unroll 4;
//   mode 4: as mode 1, unrolled 4x.
// clk[rep][0] = clk[rep][1] = the loop's cycles (lane 0).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ unsigned test_wait(unsigned b) {
    unsigned done;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(done) : "r"(b) : "memory");
    return done;
}
__device__ __forceinline__ void complete_tx1(unsigned b) {
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
}

extern "C" __global__ void t6_txloop(unsigned long long* clk, unsigned* sink, int iters, int mode, int lanes) {
    __shared__ __align__(8) unsigned long long bar_s;
    const unsigned b = smem_addr(&bar_s);
    const int lane = threadIdx.x;
    if (lane == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(1000000u) : "memory");
    }
    __syncwarp();
    unsigned acc = 0;
    if (lane < lanes) {
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
            int n = 0;
            if (mode == 0) {
                for (; n < iters; ++n) {
                    if (test_wait(b)) break;
                    complete_tx1(b);
                }
            } else if (mode == 1) {
#pragma unroll 1
                for (; n < iters; ++n) complete_tx1(b);
            } else if (mode == 2) {
#pragma unroll 1
                for (; n < iters; ++n) acc += test_wait(b);
            } else if (mode == 3) {
#pragma unroll 4
                for (; n < iters; ++n) {
                    if (test_wait(b)) break;
                    complete_tx1(b);
                }
            } else {
#pragma unroll 4
                for (; n < iters; ++n) complete_tx1(b);
            }
            const unsigned long long t1 = mb_clock();
            acc += n;
            if (lane == 0) {
                clk[rep * 2] = t1 - t0;
                clk[rep * 2 + 1] = t1 - t0;
            }
        }
    }
    sink[lane] = acc;
}
