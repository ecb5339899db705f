// sm90sim microbenchmark family "mbwait3": a failing
// mbarrier.try_wait.parity (hint 1000 ns, phase 0 of an mbarrier of count
// 2^20 - 1 never completes) issued by part of a warp while the warp's
// other lanes have branched away to the CTA's final bar.sync (as a
// straight-line `if (threadIdx.x == 0) {...} __syncthreads()` kernel does).
// Samples 4000 cycles apart. lanes = how many lanes of warp 0 run the
// samples; block 32 or 64 (warp 1 waits at the bar.sync meanwhile).
// params (u64 *clk, u64 *gt, u32 *sink, s32 iters, u32 hint_ns, u32 lanes)
// clk[rep] = sum over iters samples of %clock64 after - before (one
// try_wait, selp, add), gt[rep] the same in %globaltimer ns; rep 0 warms up.
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

__shared__ __align__(8) unsigned long long wbar3[1];

extern "C" __global__ void mbwait3(unsigned long long* clk, unsigned long long* gt, unsigned* sink, int iters,
                                   unsigned hint_ns, unsigned lanes) {
    unsigned a = (unsigned)__cvta_generic_to_shared(&wbar3[0]);
    if (threadIdx.x == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory");
    __syncthreads();
    unsigned x = 0;
    if (threadIdx.x < lanes) {
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            unsigned long long sum = 0, gsum = 0;
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long s0 = mb_clock();
                while (mb_clock() - s0 < 4000ull) {}
                unsigned long long g0 = mb_gtime();
                unsigned long long t0 = mb_clock();
                asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                             "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0, %1;\n\t"
                             "selp.b32 z, 1, 0, p;\n\t"
                             "add.u32 %0, %0, z;}" : "+r"(a) : "r"(hint_ns) : "memory");
                unsigned long long t1 = mb_clock();
                unsigned long long g1 = mb_gtime();
                sum += t1 - t0;
                gsum += g1 - g0;
            }
            if (threadIdx.x == 0) {
                clk[rep] = sum;
                gt[rep] = gsum;
            }
            x += a;
        }
    }
    __syncthreads();
    sink[threadIdx.x] = x;
}
