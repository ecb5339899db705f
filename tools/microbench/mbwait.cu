// sm90sim microbenchmark family "mbwait": how long a failing
// mbarrier.try_wait sleeps. One warp; an mbarrier of count 2^20 - 1 whose
// phase 0 never completes. Each op is try_wait.parity 0 (mode 0: with the
// suspend-time hint hint_ns in a register; mode 1: without a hint, the
// system-dependent limit; mode 2: test_wait.parity, which never sleeps),
// its predicate through selp into the next op's address (a dependent
// chain, as xchain_mbar_test).
// params (u64 *clk, u64 *gt, u32 *sink, s32 iters, u32 hint_ns, u32 mode)
// clk[rep] = %clock64 after - before, gt[rep] = %globaltimer after - before
// (ns), rep 0 warms up; cycles per op = clk[1] / iters.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned long long mb_gtime() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(8) unsigned long long wbar[1];

extern "C" __global__ void mbwait(unsigned long long* clk, unsigned long long* gt, unsigned* sink, int iters,
                                  unsigned hint_ns, unsigned mode) {
    unsigned a = (unsigned)__cvta_generic_to_shared(&wbar[0]);
    if (threadIdx.x == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory");
    __syncthreads();
    unsigned x = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long g0 = mb_gtime();
        unsigned long long t0 = mb_clock();
        if (mode == 0) {
#pragma unroll 1
            for (int i = 0; i < iters; i++)
                asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                             "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0, %1;\n\t"
                             "selp.b32 z, 1, 0, p;\n\t"
                             "add.u32 %0, %0, z;}" : "+r"(a) : "r"(hint_ns) : "memory");
        } else if (mode == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++)
                asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                             "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n\t"
                             "selp.b32 z, 1, 0, p;\n\t"
                             "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++)
                asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                             "mbarrier.test_wait.parity.shared::cta.b64 p, [%0], 0;\n\t"
                             "selp.b32 z, 1, 0, p;\n\t"
                             "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
        }
        unsigned long long t1 = mb_clock();
        unsigned long long g1 = mb_gtime();
        if (threadIdx.x == 0) {
            clk[rep] = t1 - t0;
            gt[rep] = g1 - g0;
        }
        x += a;
    }
    sink[threadIdx.x] = x;
}
